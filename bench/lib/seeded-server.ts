import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemoData } from '../../apps/server/src/db/seed.ts';
import { companyOf } from '../../apps/server/src/modules/level-evaluations/test-plans.ts';
import { startServerProcess } from '../../apps/server/test/server-process.ts';
import { apiClient } from './api-client.ts';
import { freshDatabase } from './fresh-database.ts';

/** The machine's load average, as a benchmark prints it. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A process's resident memory now (`VmRSS`) or at its highest (`VmHWM`), in MB. */
export const processMb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmHWM') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) /
  1024;

/**
 * A benchmark's one real server process on data seeded before it starts: a fresh database (a new one on the
 * PostgreSQL server of `DATABASE_URL`, an admin URL; else the embedded one in a new data folder), the demo accounts,
 * then what `seed` writes for qiye's company. Prints `title` (told which database) with the load average, starts the
 * server without its own demo content and signs in as qiye. `stop` ends the server and drops the database.
 */
export async function seededServer<Seeded>(
  name: string,
  seed: (db: Database['db'], companyId: string) => Promise<Seeded>,
  title: (on: string) => string,
) {
  const database = await freshDatabase(process.env.DATABASE_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), `sc-bench-${name}-data-`));
  const seeding = await openDatabase({
    url: database?.url ?? null,
    pgliteDir: database ? null : path.join(dataDir, 'pglite'),
  });
  await seedDemoData(seeding.db);
  const seeded = await seed(seeding.db, await companyOf(seeding.db, 'qiye'));
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
      await call<{ token: string }>('POST', '/api/login', null, { name: 'qiye', password: 'Demo@2026' })
    ).data;
    return { seeded, url: server.url, pid: server.child.pid as number, call, token, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
