// `npm run build -w @skill-cert/server`: the server as JavaScript, one esbuild bundle for the main thread (dist/main.js)
// and one for each kind of worker thread beside it (lib/paths.ts finds them). Our code and @skill-cert/shared are
// bundled; every other package stays an import, installed by `npm ci --omit=dev` from the server's dependencies.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild';
import { TEMPLATE_FILE, writePgliteTemplate } from './src/db/pglite-setup.ts';

const here = import.meta.dirname;
interface Manifest {
  name: string;
  dependencies: Record<string, string>;
}
const manifest = (folder: string): Manifest =>
  JSON.parse(readFileSync(path.join(here, folder, 'package.json'), 'utf8'));
const server = manifest('.');
const shared = manifest('../../packages/shared');
const workspace = new Set([server.name, shared.name]);
const runtime = new Set([...Object.keys(server.dependencies), ...Object.keys(shared.dependencies)]);
const builtins = new Set(builtinModules);

/** The bundles: the main thread's, and each thread's by the name lib/paths.ts `threadEntry` gives it. */
export const SERVER_ENTRIES = {
  main: 'src/main.ts',
  'render-worker': 'src/modules/certificate-engine/render/worker-entry.ts',
  'sheet-worker': 'src/modules/certificate-engine/sheet-worker-entry.ts',
  'paper-reader-worker': 'src/modules/certificate-grants/paper-reader-worker-entry.ts',
  'db-setup': 'src/db/setup-process-entry.ts',
  // `npm run backup` / `npm run restore` on a machine without the development packages (no tsx).
  backup: 'src/scripts/backup.ts',
  restore: 'src/scripts/restore.ts',
};

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Keeps the server's dependencies out of the bundle and refuses any other package: bundled by accident, a development
 * package would hide from `npm ci --omit=dev`; left out, it would fail only at run time.
 */
export const dependenciesOnly: Plugin = {
  name: 'dependencies-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
      if (specifier.startsWith('node:') || builtins.has(specifier)) return { external: true };
      const name = packageOf(specifier);
      if (workspace.has(name) && name !== server.name) return undefined;
      if (runtime.has(name)) return { external: true };
      const from = path.relative(here, importer);
      return {
        errors: [{ text: `${specifier} (imported by ${from}) is not a dependency of ${server.name}` }],
      };
    });
  },
};

/** Builds the bundles into `outdir` (relative to apps/server); resolves to esbuild's account of their inputs. */
export async function buildServer({
  entryPoints = SERVER_ENTRIES,
  outdir = 'dist',
}: Pick<BuildOptions, 'outdir'> & { entryPoints?: Record<string, string> } = {}): Promise<Metafile> {
  const result = await build({
    entryPoints,
    absWorkingDir: here,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Readable stack traces in the log; `NODE_OPTIONS=--enable-source-maps` maps them to the sources.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    plugins: [dependenciesOnly],
  });
  return result.metafile;
}

if (process.argv[1] === import.meta.filename) {
  const started = performance.now();
  await buildServer();
  console.log(
    `server built into ${path.join(here, 'dist')} in ${Math.round(performance.now() - started)} ms`,
  );
  const templating = performance.now();
  await writePgliteTemplate();
  console.log(
    `embedded database template written to ${path.relative(here, TEMPLATE_FILE)} in ${Math.round(performance.now() - templating)} ms`,
  );
}
