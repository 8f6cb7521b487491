import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated embedded database (`dumpDataDir`), when the tests run on PGlite. */
    migratedPgliteDump: string | null;
    /** A migrated PostgreSQL database that each test file's database is created from, with TEST_DATABASE_URL. */
    migratedTemplate: string | null;
  }
}

/**
 * Migrates one database before the server's test files start, so that each file copies it instead of running
 * initdb and every migration again (`openTestDatabase` in harness.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ url: null, pgliteDir: null });
    const dump = await database.dump?.();
    await database.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-migrated-'));
    const file = path.join(dir, 'pglite.tar');
    if (dump) writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('migratedPgliteDump', dump ? file : null);
    project.provide('migratedTemplate', null);
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `sc_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await (await openDatabase({ url: url.toString(), pgliteDir: null })).close();
  project.provide('migratedPgliteDump', null);
  project.provide('migratedTemplate', name);
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

/** One statement on the PostgreSQL server's maintenance database. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
