import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module is a room with named doors (STYLE.md). Another module's code may import from it only:
 * - its `service.ts`: the functions, constants and types it offers;
 * - its `tables.ts`, and only from a `tables.ts` (a foreign key);
 * - an extension point or guard it names in DOORS below, each for a reason written beside it.
 * Imports are resolved as TypeScript resolves them: with or without an extension (`.js` naming a `.ts`), a folder's
 * `index.ts`, `export … from`, `import()`; a name taken from `db/schema.ts` counts as an import of the tables of the
 * module that owns it. Modules never import each other in a circle. Test files and the test fixtures (which live in
 * `apps/server/test/fixtures/`) may reach anything.
 */
export const DOORS: Record<string, Record<string, string>> = {
  records: { 'gate.ts': 'the code-61 gate every route scope of a filed company registers' },
  companies: {
    'door.ts': 'the enterprise door and its administrator-only guard, registered by route scopes',
  },
  archives: { 'sources.ts': 'the archive source a module implements for its kind of archive' },
  files: { 'file-type.ts': 'content sniffing without the database, for worker threads too' },
  'certificate-engine': {
    'types.ts': 'the template and value types every certificate user shares (types only)',
    'render/images.ts': 'image decoding for other worker threads (the paper-scan reader)',
    'render/image-header.ts': 'image size checks from a file head, for other worker threads',
    'render/thread-priority.ts':
      'the low priority every worker thread starts with (the paper-scan reader too)',
  },
};

const modulesDir = import.meta.dirname;
const srcDir = path.dirname(modulesDir);

/** Every import of a source text: specifier and, for `{ a, b as c }` lists, the names imported. */
export function importsOf(text: string): { spec: string; names: string[] }[] {
  const found: { spec: string; names: string[] }[] = [];
  const named =
    /(?:import|export)\s+(?:type\s+)?(?:\{([^}]*)\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{([^}]*)\})?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(named))
    found.push({
      spec: m[3],
      names: `${m[1] ?? ''},${m[2] ?? ''}`
        .split(',')
        .map((n) =>
          n
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            .trim(),
        )
        .filter(Boolean),
    });
  for (const m of text.matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm))
    found.push({ spec: m[1] ?? m[2], names: [] });
  return found;
}

/** The file a relative specifier names, as TypeScript finds it; null for a package or a missing file. */
export function resolveImport(
  fromFile: string,
  spec: string,
  exists: (file: string) => boolean = existsSync,
): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((c) => /\.(ts|tsx|mts|mjs)$/.test(c) && exists(c)) ?? null;
}

/** `modules/<module>/<file>` of a path under src, or null. */
export function moduleFileOf(file: string, src = srcDir): { module: string; file: string } | null {
  const rel = path.relative(path.join(src, 'modules'), file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  return { module: rel[0], file: rel.slice(1).join('/') };
}

/** Which module's `tables.ts` exports each name that `db/schema.ts` re-exports. */
function schemaOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const schema = path.join(srcDir, 'db', 'schema.ts');
  for (const { spec } of importsOf(readFileSync(schema, 'utf8'))) {
    const file = resolveImport(schema, spec);
    const owner = file && moduleFileOf(file);
    if (!file || !owner) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(
      /export\s+(?:const|function|type|interface)\s+(\w+)/g,
    ))
      owners.set(m[1], owner.module);
  }
  return owners;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/**
 * The imports of `file` (a module's code) that cross into another module: what it names there, and whether the
 * rule allows it.
 */
export function crossings(
  file: string,
  text: string,
  owners: Map<string, string>,
  exists: (file: string) => boolean = existsSync,
): { target: string; allowed: boolean; module: string }[] {
  const own = moduleFileOf(file);
  if (!own) return [];
  const out: { target: string; allowed: boolean; module: string }[] = [];
  for (const { spec, names } of importsOf(text)) {
    const resolved = resolveImport(file, spec, exists);
    if (!resolved) continue;
    if (path.resolve(resolved) === path.join(srcDir, 'db', 'schema.ts')) {
      for (const name of names) {
        const owner = owners.get(name);
        if (owner && owner !== own.module)
          out.push({
            target: `${owner}/tables.ts (${name} through db/schema.ts)`,
            allowed: false,
            module: owner,
          });
      }
      continue;
    }
    const target = moduleFileOf(resolved);
    if (!target || target.module === own.module) continue;
    const allowed =
      target.file === 'service.ts' ||
      Boolean(DOORS[target.module]?.[target.file]) ||
      (target.file === 'tables.ts' && own.file.endsWith('tables.ts'));
    out.push({ target: `${target.module}/${target.file}`, allowed, module: target.module });
  }
  return out;
}

const sources = (readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => /\.tsx?$/.test(f) && !isTest(f) && f.includes('/'));

describe('modules meet only through their named doors', () => {
  const owners = schemaOwners();
  const all = sources.map((f) => {
    const file = path.join(modulesDir, f);
    return { f, found: crossings(file, readFileSync(file, 'utf8'), owners) };
  });

  it('finds the module sources and the tables behind db/schema.ts', () => {
    expect(sources).toContain('companies/service.ts');
    expect(owners.get('certificates')).toBe('certificates');
  });

  it.each(all.map((a) => [a.f, a.found] as const))(
    '%s enters other modules by their doors only',
    (_f, found) => {
      expect(found.filter((c) => !c.allowed).map((c) => c.target)).toEqual([]);
    },
  );

  it('no two modules import each other, however far round (tables naming tables aside)', () => {
    const edges = new Map<string, Set<string>>();
    for (const { f, found } of all) {
      const from = f.split('/')[0];
      if (f.endsWith('tables.ts')) continue;
      for (const c of found) {
        if (c.target.endsWith('tables.ts')) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(c.module));
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect([...new Set(cycles)]).toEqual([]);
  });
});

describe('the boundary check resolves imports as TypeScript does', () => {
  const files = new Set(
    [
      'modules/a/x.ts',
      'modules/a/service.ts',
      'modules/a/tables.ts',
      'modules/b/inner.ts',
      'modules/b/service.ts',
      'modules/b/tables.ts',
      'modules/b/deep/index.ts',
      'db/schema.ts',
    ].map((f) => path.join(srcDir, f)),
  );
  const exists = (f: string) => files.has(f);
  const owners = new Map([['bThings', 'b']]);
  const check = (text: string, from = 'modules/a/x.ts') =>
    crossings(path.join(srcDir, from), text, owners, exists).map((c) => [c.target, c.allowed]);

  it.each([
    ["import { f } from '../b/inner';", 'modules/b/inner.ts'],
    ["import { f } from '../b/inner.js';", 'modules/b/inner.ts'],
    ["export { f } from '../b/inner.ts';", 'modules/b/inner.ts'],
    ["const m = await import('../b/inner.ts');", 'modules/b/inner.ts'],
    ["import '../b/inner.ts';", 'modules/b/inner.ts'],
    ["import { g } from '../b/deep';", 'modules/b/deep/index.ts'],
  ])('%s reaches %s, which is no door', (text) => {
    expect(check(text)[0]?.[1]).toBe(false);
  });

  it("a table named through db/schema.ts is the owner's tables", () => {
    expect(check("import { bThings } from '../../db/schema.ts';")).toEqual([
      ['b/tables.ts (bThings through db/schema.ts)', false],
    ]);
  });

  it('the service is a door; tables only from tables', () => {
    expect(check("import { f } from '../b/service.ts';")).toEqual([['b/service.ts', true]]);
    expect(check("import { t } from '../b/tables.ts';")).toEqual([['b/tables.ts', false]]);
    expect(check("import { t } from '../b/tables.ts';", 'modules/a/tables.ts')).toEqual([
      ['b/tables.ts', true],
    ]);
  });
});
