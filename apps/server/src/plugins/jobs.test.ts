import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { configPlugin } from './config.ts';
import { dbPlugin } from './db.ts';
import { type JobHandler, JobInterrupted, type JobName, jobsPlugin, RARE_POLL_SECONDS } from './jobs.ts';

declare module './jobs.ts' {
  interface JobPayloads {
    'test-echo': { n: number };
    'test-tx': { tag: string };
    'test-slow': { tag: string };
    'test-doomed': { tag: string };
    'test-doomed-dead': { tag: string };
    'test-recover': { tag: string };
    'test-every': Record<string, never>;
    'test-rare': { n: number };
    'test-fair': { n: number };
  }
}

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => dispose?.());

async function jobsApp(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false });
  await app.register(configPlugin, { config: testConfig() });
  await app.register(dbPlugin, { database });
  await app.register(jobsPlugin);
  await register(app);
  await app.ready();
  return app;
}

/**
 * Records the data of each job run; `ran(n)` resolves once n jobs have run. A job that runs once and is then
 * `completed` in pg-boss's table can never run again: that, read after the app closed, proves "once".
 */
function recorder<N extends JobName>() {
  const seen: unknown[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const handler: JobHandler<N> = async (data) => {
    seen.push(data);
    for (const w of waiters.filter((w) => seen.length >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const ran = (n: number) =>
    seen.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }));
  return { seen, handler, ran };
}

const stateOf = async (id: string) =>
  (
    (await database.db.execute(
      sql`select state, retry_count from pgboss.job where id = ${id}`,
    )) as unknown as {
      rows: { state: string; retry_count: number }[];
    }
  ).rows[0];

describe(`jobs plugin (pg-boss on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs a sent job once in a worker with its typed data', async () => {
    const { seen, handler, ran } = recorder<'test-echo'>();
    const app = await jobsApp((a) => a.jobs.work('test-echo', handler));
    let id: string | null = null;
    try {
      id = await app.jobs.send('test-echo', { n: 42 });
      expect(id).toEqual(expect.any(String));
      app.jobs.notify('test-echo');
      await ran(1);
    } finally {
      await app.close();
    }
    expect(seen).toEqual([{ n: 42 }]);
    expect((await stateOf(id!)).state).toBe('completed');
  });

  it("companies take turns in a queue: one company's many jobs never make another's first job wait behind them", async () => {
    const { seen, handler, ran } = recorder<'test-fair'>();
    const app = await jobsApp(async () => {});
    try {
      // Company A queues 5 jobs (a big batch), then B queues 1 and A another batch of 2.
      await app.jobs.insert(
        'test-fair',
        [1, 2, 3, 4, 5].map((n) => ({ data: { n } })),
        { tenant: 'A' },
      );
      await app.jobs.send('test-fair', { n: 100 }, { tenant: 'B' });
      await app.jobs.insert(
        'test-fair',
        [6, 7].map((n) => ({ data: { n } })),
        { tenant: 'A' },
      );
      await app.jobs.work('test-fair', handler);
      app.jobs.notify('test-fair');
      await ran(8);
    } finally {
      await app.close();
    }
    // B's job runs as soon as A's first one has: it waited behind no more than what A had at its turn.
    expect((seen as { n: number; tenant: string }[]).map((d) => d.n)).toEqual([1, 100, 2, 3, 4, 5, 6, 7]);
  });

  it('a queue that polls rarely looks every 5 s when idle on the embedded database (as asked on PostgreSQL), and a notified job runs at once', async () => {
    const { seen, handler, ran } = recorder<'test-rare'>();
    const app = await jobsApp(async () => {});
    try {
      const intervals: (number | undefined)[] = [];
      const work = app.jobs.boss.work.bind(app.jobs.boss) as (...args: unknown[]) => Promise<string>;
      (app.jobs.boss as unknown as { work: unknown }).work = (name: string, options: object, fn: unknown) => {
        intervals.push((options as { pollingIntervalSeconds?: number }).pollingIntervalSeconds);
        return work(name, options, fn);
      };
      await app.jobs.work('test-rare', handler, {
        pollRarely: true,
        pollingIntervalSeconds: 0.5,
        localConcurrency: 2,
      });
      expect(intervals).toEqual(
        process.env.TEST_DATABASE_URL ? [0.5, 0.5] : [RARE_POLL_SECONDS, RARE_POLL_SECONDS],
      );
      expect(RARE_POLL_SECONDS).toBe(5);
      await app.jobs.send('test-rare', { n: 1 });
      app.jobs.notify('test-rare');
      await ran(1);
    } finally {
      await app.close();
    }
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('a worker of a rarely polled queue that ran a job looks again at once: jobs queued together run without waiting for a poll', async () => {
    const { seen, handler, ran } = recorder<'test-rare'>();
    // A poll 10 minutes away: only the look after each job can find the next ones before the test's deadline.
    const app = await jobsApp((a) =>
      a.jobs.work('test-rare', handler, { pollRarely: true, pollingIntervalSeconds: 600 }),
    );
    try {
      for (const n of [1, 2, 3]) await app.jobs.send('test-rare', { n });
      app.jobs.notify('test-rare');
      await ran(3);
    } finally {
      await app.close();
    }
    expect(seen).toHaveLength(3);
  });

  it('a recurring job runs at start and queues its next run; a start while one waits adds no other', async () => {
    const waiting = async () =>
      (
        (await database.db.execute(
          sql`select extract(epoch from start_after - now())::int as secs from pgboss.job
              where name = 'test-every' and state = 'created'`,
        )) as unknown as { rows: { secs: number }[] }
      ).rows;
    const first = recorder<'test-every'>();
    const app = await jobsApp((a) => a.jobs.every('test-every', 3600, first.handler));
    try {
      await first.ran(1);
      const next = await waiting();
      expect(next).toHaveLength(1);
      expect(next[0].secs).toBeGreaterThan(3500);
    } finally {
      await app.close();
    }
    const again = await jobsApp((a) => a.jobs.every('test-every', 3600, recorder<'test-every'>().handler));
    try {
      expect(await waiting()).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('enqueues inside a transaction: a rolled-back job never runs, a committed one does', async () => {
    const { seen, handler, ran } = recorder<'test-tx'>();
    const app = await jobsApp((a) => a.jobs.work('test-tx', handler));
    try {
      await app.db
        .transaction(async (tx) => {
          await app.jobs.send('test-tx', { tag: 'rolled back' }, { tx });
          await app.jobs.insert('test-tx', [{ data: { tag: 'rolled back too' } }], { tx });
          throw new Error('rollback');
        })
        .catch(() => {});
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await app.jobs.insert('test-tx', [{ data: { tag: 'committed' } }], { tx });
      });
      app.jobs.notify('test-tx');
      await ran(1);
    } finally {
      await app.close();
    }
    expect(seen).toEqual([{ tag: 'committed' }]);
    // The rolled-back jobs were never written: nothing of the queue is left to run.
    const left = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'test-tx' and state <> 'completed'`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0].n).toBe(0);
  });

  it('a job interrupted by closing the app is retried by the next app on the same database', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = await jobsApp((a) =>
      a.jobs.work(
        'test-slow',
        async (_data, job) => {
          started();
          // Runs until the app closes.
          await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
          throw new JobInterrupted();
        },
        { retryDelay: 0, retryLimit: 5 },
      ),
    );
    const id = await first.jobs.send('test-slow', { tag: 'survives' });
    first.jobs.notify('test-slow');
    await running;
    await first.close();
    // Failed back by the close (not left active until its expiry).
    expect((await stateOf(id!)).state).toBe('retry');

    const { seen, handler, ran } = recorder<'test-slow'>();
    const second = await jobsApp((a) => a.jobs.work('test-slow', handler, { retryDelay: 0, retryLimit: 5 }));
    try {
      await ran(1);
    } finally {
      await second.close();
    }
    expect(seen).toEqual([{ tag: 'survives' }]);
    expect((await stateOf(id!)).state).toBe('completed');
  });

  it('a job that fails for good is handed to its dead-letter queue, once', async () => {
    let tries = 0;
    const { seen, handler, ran } = recorder<'test-doomed-dead'>();
    const app = await jobsApp(async (a) => {
      await a.jobs.work('test-doomed-dead', handler);
      await a.jobs.work(
        'test-doomed',
        async () => {
          tries++;
          throw new Error('always fails');
        },
        { retryLimit: 1, retryDelay: 0, deadLetter: 'test-doomed-dead' },
      );
    });
    let id: string | null = null;
    try {
      id = await app.jobs.send('test-doomed', { tag: 'lost cause' });
      app.jobs.notify('test-doomed');
      await ran(1);
    } finally {
      await app.close();
    }
    // Failed for good: it never runs again, and its one copy went to the dead-letter queue.
    expect((await stateOf(id!)).state).toBe('failed');
    expect(tries).toBe(2);
    expect(seen).toEqual([{ tag: 'lost cause' }]);
    const letters = (await database.db.execute(
      sql`select state from pgboss.job where name = 'test-doomed-dead'`,
    )) as unknown as { rows: { state: string }[] };
    expect(letters.rows).toEqual([{ state: 'completed' }]);
  });

  it('a job left active by a process that died runs again at the next start, not after its expiry; a live instance keeps its own', async () => {
    const postgres = database.kind === 'postgres';
    const sender = await jobsApp(async () => {});
    const dead = (await sender.jobs.send('test-recover', { tag: 'dead' }))!;
    const live = (await sender.jobs.send('test-recover', { tag: 'live' }))!;
    await sender.close();
    // As a process killed while running them leaves them: active, started, never finished.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id in (${dead}, ${live})`,
    );
    if (postgres) {
      // PostgreSQL: the dead instance's record stopped long ago; the live one's is fresh.
      await database.db.execute(sql`
        insert into job_instances (id, heartbeat_at, job_ids) values
          (gen_random_uuid(), now() - interval '1 hour', array[${dead}]::uuid[]),
          (gen_random_uuid(), now() + interval '1 hour', array[${live}]::uuid[])`);
    } else {
      // The embedded database: the lock proves no other process runs, so no job of another is live.
      await database.db.execute(sql`update pgboss.job set state = 'completed' where id = ${live}`);
    }
    const { seen, handler, ran } = recorder<'test-recover'>();
    const app = await jobsApp((a) =>
      a.jobs.work('test-recover', handler, { expireInSeconds: 600, retryDelay: 60, retryLimit: 5 }),
    );
    try {
      await ran(1);
    } finally {
      await app.close();
    }
    expect(seen).toEqual([{ tag: 'dead' }]);
    expect(await stateOf(dead)).toEqual({ state: 'completed', retry_count: 1 });
    if (postgres) expect((await stateOf(live)).state).toBe('active');
  });
});
