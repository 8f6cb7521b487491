import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `src/plugins/` holds infrastructure only (config, database, errors, jobs, bus, storage, SMS, web): what needs
 * a domain's service lives in that domain's module, and `app.ts` wires it. The render pool starts the
 * certificate engine's threads, so it is the engine's (modules/certificate-engine/render-pool.ts).
 */

describe('plugins know no domain', () => {
  const dir = import.meta.dirname;
  // Tests may build fixtures with a module's helpers; the rule is about what the running server wires.
  const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  const importsOf = (source: string) =>
    [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

  it('finds the plugin files', () => {
    expect(sources).toContain('db.ts');
  });

  it.each(sources)('%s imports nothing from src/modules', (file) => {
    const modules = path.resolve(dir, '../modules');
    const offending = importsOf(readFileSync(path.join(dir, file), 'utf8')).filter((spec) => {
      if (!spec.startsWith('.')) return false;
      const target = path.resolve(path.dirname(path.join(dir, file)), spec);
      return target === modules || target.startsWith(`${modules}${path.sep}`);
    });
    expect(offending).toEqual([]);
  });

  it('the rule sees an import of a module', () => {
    expect(importsOf("import { x } from '../modules/auth/service.ts';")).toEqual([
      '../modules/auth/service.ts',
    ]);
    expect(importsOf("const m = await import('../modules/a.ts');")).toEqual(['../modules/a.ts']);
  });
});
