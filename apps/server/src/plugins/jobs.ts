import type { PGlite } from '@electric-sql/pglite';
import { Param, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client.ts';

/**
 * Durable background jobs (DESIGN.md "Background work"): pg-boss 10 on the application's own database,
 * PGlite or PostgreSQL alike, so a job survives a restart and several instances share the work.
 *
 * Modules declare their payloads by augmenting `JobPayloads`:
 * ```ts
 * declare module '../../plugins/jobs.ts' { interface JobPayloads { 'my-queue': { id: string } } }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by module augmentation.
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string;

/** Options of a queue, fixed when its handler is registered. */
export interface QueueOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job still active after this long is failed (and retried): the resume time after a crash. */
  expireInSeconds?: number;
  retentionMinutes?: number;
  /**
   * A queue that gets a copy of each job of this one that failed for good (retries exhausted, by an error or
   * by expiring), so its handler can clean up after it. Created first when missing.
   */
  deadLetter?: JobName;
}

export interface JobSendOptions extends Omit<PgBoss.SendOptions, 'db'> {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: DbOrTx;
}

export interface JobContext {
  id: string;
  /** Aborted when the application closes: stop between steps and throw, and the job is retried. */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], job: JobContext) => Promise<unknown>;

export interface WorkOptions extends QueueOptions {
  /** Jobs of this queue one instance runs at once (each in its own polling loop). Default 1. */
  localConcurrency?: number;
  /** How often an idle worker looks for jobs. Default 1 s. */
  pollingIntervalSeconds?: number;
}

export interface Jobs {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: JobSendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement (optionally inside a transaction). */
  insert<N extends JobName>(
    name: N,
    jobs: (Omit<PgBoss.JobInsert<JobPayloads[N]>, 'name' | 'data'> & { data: JobPayloads[N] })[],
    options?: { tx?: DbOrTx },
  ): Promise<void>;
  /** Registers the handler of a queue (creating the queue); its workers start when the app is ready. */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: WorkOptions): Promise<void>;
  /** Wakes this instance's idle workers of a queue now instead of at their next poll. */
  notify(name: JobName): void;
  /** Aborted when the application starts closing. */
  readonly signal: AbortSignal;
  readonly boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The job is not finished: it ran into the shutdown and is retried by the next instance that starts. */
export class JobInterrupted extends Error {
  constructor() {
    super('任务因服务关闭而中断，将在服务重启后继续');
    this.name = 'JobInterrupted';
  }
}

type QueryResult = { rows: Record<string, unknown>[]; rowCount: number };
type Executor = (text: string, values?: unknown[]) => Promise<QueryResult>;

/** pg-boss speaks `executeSql(text, values)`: PGlite runs parameterless (multi-statement) text with exec. */
function pgliteExecutor(client: PGlite): Executor {
  return async (text, values) => {
    if (values && values.length > 0) {
      const r = await client.query<Record<string, unknown>>(text, values);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    }
    const results = await client.exec(text);
    const last = results.at(-1);
    return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
  };
}

function poolExecutor(pool: pg.Pool): Executor {
  return async (text, values) => {
    const r = await pool.query(text, values as unknown[] | undefined);
    // A multi-statement text answers one result per statement.
    const last = Array.isArray(r) ? (r.at(-1) as pg.QueryResult) : r;
    return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
  };
}

/** pg-boss's `$n` SQL run through a drizzle transaction, so a job is enqueued atomically with the rows it serves. */
export function transactionExecutor(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 1 ? sql`${new Param(values[Number(part) - 1])}` : sql.raw(part),
      );
      const res = (await tx.execute(sql.join(chunks))) as unknown as {
        rows: Record<string, unknown>[];
        rowCount?: number | null;
        affectedRows?: number;
      };
      return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
    },
  };
}

/**
 * Starts pg-boss after the migrations (it installs its own `pgboss` schema), runs the registered workers once
 * the app is ready, and stops them before anything else closes: handlers see `signal` aborted, the jobs
 * still active are failed and so retried by the next start, and the queries pg-boss still has in flight finish
 * before the database closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const client = (app.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const run =
      app.database.kind === 'pglite' ? pgliteExecutor(client as PGlite) : poolExecutor(client as pg.Pool);
    const inFlight = new Set<Promise<unknown>>();
    let closed = false;
    const db: PgBoss.Db = {
      executeSql(text, values) {
        // After close pg-boss may still complete a job it ran: there is nothing left to write to.
        if (closed) return Promise.resolve({ rows: [], rowCount: 0 });
        const p = run(text, values);
        inFlight.add(p);
        const forget = () => inFlight.delete(p);
        p.then(forget, forget);
        return p;
      },
    };

    const boss = new PgBoss({
      db,
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: 60,
    });
    boss.on('error', (err) => app.log.error({ err }, '后台任务出错'));
    // Instances starting together install pg-boss's schema one at a time: under a racing transaction PostgreSQL
    // may see a stale catalog and fail on `create schema if not exists` instead of skipping it.
    await app.database.withStartupLock(() => boss.start());

    const abort = new AbortController();
    const queues = new Map<string, Promise<void>>();
    const ensureQueue = (name: string, options: QueueOptions = {}): Promise<void> => {
      let created = queues.get(name);
      if (!created) {
        created = (async () => {
          // The dead-letter queue is referenced by this one's rows: it has to exist first.
          if (options.deadLetter) await ensureQueue(options.deadLetter);
          // One instance at a time: two instances creating a queue (its partition table) together on PostgreSQL
          // deadlocked, and the instance that lost exited at start.
          await app.database.withStartupLock(async () => {
            if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options });
            else await boss.createQueue(name, { name, ...options });
          });
        })();
        queues.set(name, created);
        created.catch(() => queues.delete(name));
      }
      return created;
    };

    const workerIds = new Map<string, string[]>();
    const pending: (() => Promise<void>)[] = [];
    let ready = false;

    const jobs: Jobs = {
      boss,
      signal: abort.signal,
      async send(name, data, options = {}) {
        await ensureQueue(name);
        const { tx, ...rest } = options;
        return boss.send(name, data as object, tx ? { ...rest, db: transactionExecutor(tx) } : rest);
      },
      async insert(name, list, options = {}) {
        if (list.length === 0) return;
        await ensureQueue(name);
        const rows = list.map((j) => ({ ...j, name })) as PgBoss.JobInsert[];
        await boss.insert(rows, options.tx ? { db: transactionExecutor(options.tx) } : {});
      },
      async work(name, handler, options = {}) {
        const { localConcurrency = 1, pollingIntervalSeconds = 1, ...queueOptions } = options;
        await ensureQueue(name, queueOptions);
        const start = async () => {
          const ids: string[] = [];
          for (let i = 0; i < localConcurrency; i++) {
            ids.push(
              await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds }, async (batch) => {
                for (const job of batch) {
                  if (abort.signal.aborted) throw new JobInterrupted();
                  await handler(job.data, { id: job.id, signal: abort.signal });
                }
              }),
            );
          }
          workerIds.set(name, ids);
        };
        if (ready) await start();
        else pending.push(start);
      },
      notify(name) {
        for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      ready = true;
      for (const start of pending.splice(0)) await start();
    });
    // preClose runs before any onClose: the workers stop while the database and the render pool still work.
    app.addHook('preClose', async () => {
      abort.abort();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 8000 });
      // A worker's last fetch may still answer and have its job failed back: let those queries run too.
      do {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0);
      closed = true;
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
