import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's Biome rules for names and imports (biome.json), run on a small tree of its own: files are named in
 * kebab-case everywhere; the server and the shared package import relative files with their `.ts`, the web app
 * without an extension (Vite resolves it).
 */
const repo = path.resolve(import.meta.dirname, '../../../..');
const probe = mkdtempSync(path.join(tmpdir(), 'sc-lint-'));
const files: Record<string, string> = {
  'apps/server/src/target.ts': 'export const a = 1;\n',
  'apps/server/src/with-extension.ts': "import { a } from './target.ts';\nexport const x = a;\n",
  'apps/server/src/without-extension.ts': "import { a } from './target';\nexport const x = a;\n",
  'apps/server/src/camelCase.ts': 'export const x = 1;\n',
  'packages/shared/src/target.ts': 'export const a = 1;\n',
  'packages/shared/src/without-extension.ts': "import { a } from './target';\nexport const x = a;\n",
  'apps/web/src/target.tsx': 'export const a = 1;\n',
  'apps/web/src/without-extension.ts': "import { a } from './target';\nexport const x = a;\n",
  'apps/web/src/with-extension.ts': "import { a } from './target.tsx';\nexport const x = a;\n",
  'apps/web/src/PascalCase.tsx': 'export const x = 1;\n',
};

/** Rule → files it flagged. */
let flagged: Map<string, string[]>;

beforeAll(async () => {
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  // The probe is no git work tree.
  config.vcs = { enabled: false };
  writeFileSync(path.join(probe, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(probe, file)), { recursive: true });
    writeFileSync(path.join(probe, file), text);
  }
  const biome = path.join(repo, 'node_modules/.bin/biome');
  // Biome exits 1 when it finds something: the report is read either way.
  const stdout = await promisify(execFile)(biome, ['lint', '--reporter=json', '.'], { cwd: probe }).then(
    (r) => r.stdout,
    (err: { stdout: string }) => err.stdout,
  );
  const report = JSON.parse(stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  flagged = new Map();
  for (const d of report.diagnostics) {
    const rule = d.category.split('/').at(-1) as string;
    flagged.set(rule, [...(flagged.get(rule) ?? []), d.location.path].sort());
  }
}, 60_000);

afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('Biome rules for names and imports', () => {
  it('a file not named in kebab-case is refused, on every side', () => {
    expect(flagged.get('useFilenamingConvention')).toEqual([
      'apps/server/src/camelCase.ts',
      'apps/web/src/PascalCase.tsx',
    ]);
  });

  it('the server and the shared package import relative files with their extension', () => {
    expect(flagged.get('useImportExtensions')).toEqual([
      'apps/server/src/without-extension.ts',
      'packages/shared/src/without-extension.ts',
    ]);
  });

  it('the web app imports its files without an extension', () => {
    expect(flagged.get('noRestrictedImports')).toEqual(['apps/web/src/with-extension.ts']);
  });

  it('nothing else is flagged', () => {
    expect([...flagged.keys()].sort()).toEqual([
      'noRestrictedImports',
      'useFilenamingConvention',
      'useImportExtensions',
    ]);
  });
});
