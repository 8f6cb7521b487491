import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { is, type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { getTableConfig, type PgDatabase, type PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { threadEntry } from '../lib/paths.ts';
import { migrationsFolder, openMigratedPglite, PGLITE_OPTIONS } from './pglite-setup.ts';
import * as schema from './schema.ts';
import { TableWrites } from './table-writes.ts';

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
  /**
   * The tables written through this handle, on the embedded database (which this process alone writes): what the
   * in-memory list caches check. Null on PostgreSQL, where other instances write too.
   */
  writes: TableWrites | null;
  /** Runs start-up work (migrations aside: demo data, defaults) one instance at a time. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Empties every table of the schema (tests). */
  truncateAll(): Promise<void>;
  /** The embedded database's files as one tar archive, for `pgliteDump` (tests); PostgreSQL has none. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const SETUP_FILE = threadEntry('db-setup', new URL('./setup-process.mjs', import.meta.url));

/**
 * Sets up a new embedded database folder (initdb, migrations) in a process of its own and waits for it to end:
 * the instance that ran them keeps its WebAssembly memory grown, and neither closing it nor ending a thread gives
 * all of it back; an ended process does.
 */
function setUpInProcess(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(SETUP_FILE, [dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`setting up the database in ${dataDir} ended with ${signal ?? `code ${code}`}`)),
    );
  });
}

const MIGRATION_LOCK = 727_001;
const STARTUP_LOCK = 727_002;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in a folder, or in memory), and migrates it. */
export async function openDatabase(opts: {
  url: string | null;
  pgliteDir: string | null;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) of a migrated one, not from initdb (tests). */
  pgliteDump?: Blob;
  /** Told every statement sent (tests count a request's statements with it). */
  logger?: Logger;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client that loses its connection must not take the process down; the pool replaces it.
    pool.on('error', (err) => console.error('PostgreSQL connection error:', err.message));
    const db = drizzleNodePg(pool, { schema, logger: opts.logger }) as unknown as Db;
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
      writes: null,
      withStartupLock,
      truncateAll: () => truncateAll(db),
      close: () => pool.end(),
    };
  }
  // A new folder is set up in a process of its own; the instance the server keeps opens it ready.
  if (opts.pgliteDir && !existsSync(path.join(opts.pgliteDir, 'PG_VERSION')))
    await setUpInProcess(opts.pgliteDir);
  const client = opts.pgliteDir
    ? await openMigratedPglite(opts.pgliteDir)
    : await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: opts.pgliteDump });
  if (!opts.pgliteDir) await migratePglite(drizzlePglite(client), { migrationsFolder });
  const writes = new TableWrites(cascadesOf(Object.values(schema)));
  const logger: Logger = {
    logQuery(query, params) {
      writes.observe(query);
      opts.logger?.logQuery(query, params);
    },
  };
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    writes,
    withStartupLock: (fn) => fn(),
    truncateAll: () => truncateAll(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * The tables a delete from each table also writes, by its foreign keys' `on delete` (cascade, set null, set default):
 * a cached read of a child table must see the rows a parent's delete removed or changed.
 */
export function cascadesOf(tables: readonly unknown[]): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const table of tables) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      if (!fk.onDelete || fk.onDelete === 'no action' || fk.onDelete === 'restrict') continue;
      const parent = getTableConfig(fk.reference().foreignTable).name;
      children.set(parent, [...(children.get(parent) ?? []), config.name]);
    }
  }
  return children;
}

/**
 * Empties every table of the schema in one statement of deletes: the tests' tables hold a few rows, and truncating
 * one costs new files for it and each of its indexes (several times the time on PGlite). The foreign keys are not checked
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
