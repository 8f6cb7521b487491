import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's folder rules (STYLE.md, DESIGN.md): features import shared code, never each other; shared code
 * imports no feature; features (their tests and fixtures too) import nothing of `src/app`. Where two features need the same thing, it moves to `src/shared/`.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file imports (static, dynamic and `vi.mock`), resolved to a path under src when it is ours. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import|vi\.mock)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
  return specifiers.flatMap((s) => {
    if (s.startsWith('@/')) return [path.join(src, s.slice(2))];
    if (s.startsWith('.')) return [path.resolve(path.dirname(file), s)];
    return [];
  });
}

/** The feature a path belongs to (`features/<name>/…`), or null. */
const featureOf = (p: string) => {
  const rel = path.relative(src, p).split(path.sep);
  return rel[0] === 'features' && rel.length > 1 ? rel[1] : null;
};

describe('folder boundaries of the web app', () => {
  it('a feature never imports another feature', () => {
    const crossings = sourceFiles(path.join(src, 'features')).flatMap((file) => {
      const own = featureOf(file);
      return importsOf(file)
        .filter((target) => {
          const other = featureOf(target);
          return other !== null && other !== own;
        })
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('shared code imports no feature', () => {
    const crossings = sourceFiles(path.join(src, 'shared')).flatMap((file) =>
      importsOf(file)
        .filter((target) => featureOf(target) !== null)
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('no feature file, test or fixture, imports the app (src/app); tests render through src/test', () => {
    const app = path.join(src, 'app');
    const crossings = sourceFiles(path.join(src, 'features')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target === app || target.startsWith(app + path.sep))
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('the test helpers (src/test) import no feature: a feature keeps its own fixtures beside its tests', () => {
    const crossings = sourceFiles(path.join(src, 'test')).flatMap((file) =>
      importsOf(file)
        .filter((target) => featureOf(target) !== null)
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('finds the imports it checks (the rule is not passing on an empty scan)', () => {
    const files = sourceFiles(path.join(src, 'features'));
    expect(files.length).toBeGreaterThan(50);
    const drawer = files.find((f) =>
      f.endsWith(path.join('companies', 'platform', 'components', 'record-review-drawer.tsx')),
    );
    expect(drawer && importsOf(drawer)).toContain(
      path.join(src, 'shared', 'components', 'records', 'record-application-content'),
    );
  });
});
