import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when this code runs from its TypeScript sources (tests, benchmarks, `npm run dev`), not from the build. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * The server package's folder (apps/server): the nearest folder above this code with a package.json. The sources
 * (src/lib/) and the build (dist/main.js) sit at different depths in it, so files read at run time (migrations, the
 * web app) are found from here, never counted up from the file that reads them.
 */
export const serverRoot = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
})();

/**
 * The file a worker thread (or the database set-up process) starts from: in the build, the thread's own bundle beside dist/main.js (`bundle`.js, see
 * apps/server/build.mjs); from the sources, the `.mjs` beside its TypeScript, which registers tsx in the thread first.
 */
export function threadEntry(bundle: string, source: URL): string {
  return fromSource ? fileURLToPath(source) : path.join(serverRoot, 'dist', `${bundle}.js`);
}
