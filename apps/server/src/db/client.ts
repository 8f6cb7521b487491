import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one typed database handle every service uses, on PGlite and on PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A handle or a transaction: services accept either, so callers can compose them in one transaction. */
export type DbOrTx = Pick<
  Db,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'
>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs start-up work (migrations aside: demo data, defaults) one instance at a time. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Empties every table of the schema (tests). */
  truncateAll(): Promise<void>;
  /** The embedded database's files as one tar archive, for `pgliteDump` (tests); PostgreSQL has none. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATION_LOCK = 727_001;
const STARTUP_LOCK = 727_002;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in a folder, or in memory), and migrates it. */
export async function openDatabase(opts: {
  url: string | null;
  pgliteDir: string | null;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) of a migrated one, not from initdb (tests). */
  pgliteDump?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client that loses its connection must not take the process down; the pool replaces it.
    pool.on('error', (err) => console.error('PostgreSQL connection error:', err.message));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    // Several instances may start at once: one migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        lockClient.release();
      }
    };
    return {
      kind: 'postgres',
      db,
      withStartupLock,
      truncateAll: () => truncateAll(db),
      close: () => pool.end(),
    };
  }
  // PGlite's default 128 MB of shared buffers sits in the process's own memory, next to the sockets; the
  // embedded database is small, so 16 MB hold its working set (−60 MB resident at start).
  const pgliteOptions = { postgresqlconf: ['shared_buffers = 16MB'] };
  if (opts.pgliteDir && !existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))) {
    // A new folder is initialised by an instance of its own, closed at once: the instance that ran initdb keeps
    // ~350 MB of WebAssembly memory for as long as it lives; the fresh one the server keeps does not.
    await (await PGlite.create(opts.pgliteDir, pgliteOptions)).close();
  }
  const client = opts.pgliteDir
    ? await PGlite.create(opts.pgliteDir, pgliteOptions)
    : await PGlite.create({ ...pgliteOptions, loadDataDir: opts.pgliteDump });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    withStartupLock: (fn) => fn(),
    truncateAll: () => truncateAll(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * Empties every table of the schema in one statement of deletes: the tests' tables hold a few rows, and truncating
 * one costs new files for it and each of its indexes (~4× the time on PGlite). The foreign keys are not checked
 * while it runs (replica role, superuser): every table is emptied, so none can point at a deleted row.
 */
async function truncateAll(db: Db): Promise<void> {
  const rows = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`);
  if (names.length === 0) return;
  const deletes = names.map((n, i) => `d${i} as (delete from ${n})`).join(', ');
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`with ${deletes} select 1`));
  });
}
