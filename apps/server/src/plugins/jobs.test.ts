import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { configPlugin } from './config.ts';
import { dbPlugin } from './db.ts';
import { type JobHandler, JobInterrupted, type JobName, jobsPlugin } from './jobs.ts';

declare module './jobs.ts' {
  interface JobPayloads {
    'test-echo': { n: number };
    'test-tx': { tag: string };
    'test-slow': { tag: string };
    'test-doomed': { tag: string };
    'test-doomed-dead': { tag: string };
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

const until = async (check: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

function recorder<N extends JobName>() {
  const seen: unknown[] = [];
  const handler: JobHandler<N> = async (data) => {
    seen.push(data);
  };
  return { seen, handler };
}

describe(`jobs plugin (pg-boss on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs a sent job once in a worker with its typed data', async () => {
    const { seen, handler } = recorder<'test-echo'>();
    const app = await jobsApp((a) => a.jobs.work('test-echo', handler));
    try {
      const id = await app.jobs.send('test-echo', { n: 42 });
      expect(id).toEqual(expect.any(String));
      app.jobs.notify('test-echo');
      await until(() => seen.length === 1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(seen).toEqual([{ n: 42 }]);
    } finally {
      await app.close();
    }
  });

  it('enqueues inside a transaction: a rolled-back job never runs, a committed one does', async () => {
    const { seen, handler } = recorder<'test-tx'>();
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
      await until(() => seen.length >= 1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(seen).toEqual([{ tag: 'committed' }]);
    } finally {
      await app.close();
    }
  });

  it('a job interrupted by closing the app is retried by the next app on the same database', async () => {
    let started = 0;
    const first = await jobsApp((a) =>
      a.jobs.work(
        'test-slow',
        async (_data, job) => {
          started++;
          while (!job.signal.aborted) await new Promise((r) => setTimeout(r, 20));
          throw new JobInterrupted();
        },
        { retryDelay: 0, retryLimit: 5 },
      ),
    );
    await first.jobs.send('test-slow', { tag: 'survives' });
    first.jobs.notify('test-slow');
    await until(() => started === 1);
    const closing = Date.now();
    await first.close();
    expect(Date.now() - closing).toBeLessThan(8000);

    const { seen, handler } = recorder<'test-slow'>();
    const second = await jobsApp((a) => a.jobs.work('test-slow', handler, { retryDelay: 0, retryLimit: 5 }));
    try {
      await until(() => seen.length === 1);
      expect(seen).toEqual([{ tag: 'survives' }]);
    } finally {
      await second.close();
    }
  });

  it('a job that fails for good is handed to its dead-letter queue, once', async () => {
    let tries = 0;
    const { seen, handler } = recorder<'test-doomed-dead'>();
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
    try {
      await app.jobs.send('test-doomed', { tag: 'lost cause' });
      app.jobs.notify('test-doomed');
      await until(() => seen.length === 1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(tries).toBe(2);
      expect(seen).toEqual([{ tag: 'lost cause' }]);
    } finally {
      await app.close();
    }
  });
});
