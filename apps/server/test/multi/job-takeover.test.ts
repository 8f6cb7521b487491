import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { configPlugin } from '../../src/plugins/config.ts';
import { dbPlugin } from '../../src/plugins/db.ts';
import { DEAD_AFTER_SECONDS, HEARTBEAT_SECONDS, jobsPlugin } from '../../src/plugins/jobs.ts';
import { within } from '../fixtures/custom-certificates.ts';
import { openTestDatabase } from '../harness.ts';

declare module '../../src/plugins/jobs.ts' {
  interface JobPayloads {
    'test-takeover': { tag: string };
  }
}

/**
 * Jobs survive a dead instance on PostgreSQL with several instances: the jobs an instance was running when it died are taken
 * back by a live instance within 30 s of its last heartbeat (not after their expiry). Run with TEST_DATABASE_URL.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server for the multi-instance tests');

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => dispose?.());

describe('an instance that dies while running a job (PostgreSQL)', () => {
  it('a live instance takes the job back within 30 s of the dead one’s last heartbeat, and runs it once', async () => {
    let ran!: (tag: string) => void;
    const running = new Promise<string>((resolve) => {
      ran = resolve;
    });
    const live = Fastify({ logger: false });
    await live.register(configPlugin, { config: testConfig() });
    await live.register(dbPlugin, { database });
    await live.register(jobsPlugin);
    await live.jobs.work('test-takeover', async (data) => ran(data.tag), {
      expireInSeconds: 3600,
      retryDelay: 3600,
    });
    await live.ready();
    let id: string | null = null;
    try {
      id = await live.jobs.send('test-takeover', { tag: 'held by the dead one' });
      // The other instance fetched the job and recorded its heartbeat, then died (no heartbeat since).
      const [death] = (
        (await database.db.execute(sql`
          with taken as (update pgboss.job set state = 'active', started_on = now() where id = ${id} returning 1)
          insert into job_instances (id, heartbeat_at, job_ids)
          values (gen_random_uuid(), now(), array[${id}]::uuid[])
          returning extract(epoch from heartbeat_at) * 1000 as at`)) as unknown as { rows: { at: string }[] }
      ).rows;
      const tag = await within(
        running,
        30_000,
        () => 'the dead instance’s job was not taken back within 30 s',
      );
      const after = Date.now() - Number(death.at);
      expect(tag).toBe('held by the dead one');
      console.log(
        `job takeover: run again ${after} ms after the dead instance's last heartbeat (dead after ${DEAD_AFTER_SECONDS} s, heartbeat every ${HEARTBEAT_SECONDS} s)`,
      );
    } finally {
      await live.close();
    }
    const state = (await database.db.execute(
      sql`select state, retry_count from pgboss.job where id = ${id}`,
    )) as unknown as { rows: { state: string; retry_count: number }[] };
    expect(state.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 60_000);
});
