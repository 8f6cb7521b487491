import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { allowDatabaseSetup } from '../../test/time-limits.ts';
import { PGLITE_OPTIONS, setUpPgliteFolder, writePgliteTemplate } from './pglite-setup.ts';

allowDatabaseSetup();

const work = mkdtempSync(path.join(tmpdir(), 'sc-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations a folder has applied and whether the users table is there. */
async function schemaOf(dataDir: string) {
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  try {
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const users = await client.query<{ n: number }>('select count(*)::int as n from users');
    return { migrations: applied.rows[0].n, users: users.rows[0].n };
  } finally {
    await client.close();
  }
}

describe('the embedded database template', () => {
  const template = path.join(work, 'template.tar');

  it('a new folder set up from the template is migrated like one set up by initdb', async () => {
    await writePgliteTemplate(template);
    const fromTemplate = path.join(work, 'a');
    expect(await setUpPgliteFolder(fromTemplate, template)).toBe(true);
    const byInitdb = path.join(work, 'b');
    expect(await setUpPgliteFolder(byInitdb, path.join(work, 'none.tar'))).toBe(false);
    const schema = await schemaOf(fromTemplate);
    expect(schema.migrations).toBeGreaterThan(20);
    expect(schema).toEqual(await schemaOf(byInitdb));
  });

  it('a template whose stamp names other migrations or another PGlite is not used', async () => {
    writeFileSync(`${template}.stamp`, 'made from other migrations');
    const dataDir = path.join(work, 'c');
    expect(await setUpPgliteFolder(dataDir, template)).toBe(false);
    expect((await schemaOf(dataDir)).migrations).toBeGreaterThan(20);
  });
});
