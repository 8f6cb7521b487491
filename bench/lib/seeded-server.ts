import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemoData } from '../../apps/server/src/db/seed.ts';
import { companyOf } from '../../apps/server/test/fixtures/level-evaluations-plans.ts';
import { startServerProcess } from '../../apps/server/test/server-process.ts';
import { apiClient } from './api-client.ts';
import { freshDatabase } from './fresh-database.ts';

/** The machine's load average, as a benchmark prints it. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The machine beside a figure: cores, free memory and the load average, as a benchmark prints it. */
export const machineState = () =>
  `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), memory free ${(freemem() / 2 ** 30).toFixed(1)} of ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadAverage()}`;

/** A process's resident memory now (`VmRSS`) or at its highest (`VmHWM`), in MB. */
export const processMb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmHWM') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) /
  1024;

/**
 * CPU seconds a process has used so far, all its threads (user + system, from /proc/<pid>/stat), or one thread's
 * (`/proc/<pid>/task/<thread>/stat`; the main thread's id is the pid).
 */
export const processCpuSeconds = (pid: number, thread?: number) => {
  const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * A benchmark's one real server process on data seeded before it starts: a fresh database (a new one on the
 * PostgreSQL server of `DATABASE_URL`, an admin URL; else the embedded one in a new data folder), the demo accounts,
 * then what `seed` writes for the company of `account` (qiye's unless told). Prints `title` (told which database) with
 * the load average, starts the server without its own demo content and signs in as that account. `stop` ends the
 * server and drops the database; `halt` ends the server only, so the database (`databaseUrl`, else the embedded one in
 * `dataDir`/pglite) can be opened and counted before `stop`.
 */
export async function seededServer<Seeded>(
  name: string,
  seed: (db: Database['db'], companyId: string) => Promise<Seeded>,
  title: (on: string) => string,
  account = 'qiye',
) {
  const database = await freshDatabase(process.env.DATABASE_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), `sc-bench-${name}-data-`));
  const seeding = await openDatabase({
    url: database?.url ?? null,
    pgliteDir: database ? null : path.join(dataDir, 'pglite'),
  });
  await seedDemoData(seeding.db);
  const seeded = await seed(seeding.db, await companyOf(seeding.db, account));
  await seeding.close();

  console.log(`${title(database ? 'PostgreSQL' : 'the embedded database')}, load average ${loadAverage()}`);
  const server = await startServerProcess(
    { LOG_LEVEL: 'error', SEED_DEMO: '0', ...(database ? { DATABASE_URL: database.url } : {}) },
    { dataDir },
  );
  const stop = async () => {
    await server.stop();
    await database?.drop();
  };
  try {
    const call = apiClient(server.url);
    const { token } = (
      await call<{ token: string }>('POST', '/api/login', null, { name: account, password: 'Demo@2026' })
    ).data;
    const halt = async () => {
      if (server.child.exitCode !== null) return;
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    };
    return {
      seeded,
      url: server.url,
      pid: server.child.pid as number,
      call,
      token,
      stop,
      halt,
      dataDir,
      databaseUrl: database?.url ?? null,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
