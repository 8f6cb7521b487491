import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module is a room with one door (STYLE.md): other modules call its service, never its tables. Only a
 * module's `tables.ts` may name another's table (a foreign key).
 */
const dir = import.meta.dirname;

const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('/tables.ts'));

/** The other modules' tables a file imports, as `module/tables.ts`. */
function foreignTables(file: string): string[] {
  const own = file.split('/')[0];
  const source = readFileSync(path.join(dir, file), 'utf8');
  return [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)]
    .map((m) =>
      path
        .relative(dir, path.resolve(path.dirname(path.join(dir, file)), m[1]))
        .split(path.sep)
        .join('/'),
    )
    .filter((target) => target.endsWith('/tables.ts') && target.split('/')[0] !== own);
}

describe("services read other modules' rows only through their services", () => {
  it('finds the module sources', () => {
    expect(sources).toContain('companies/service.ts');
  });

  it.each(sources)('%s imports no other module’s tables', (file) => {
    expect(foreignTables(file)).toEqual([]);
  });
});
