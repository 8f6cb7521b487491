import type { PGlite } from '@electric-sql/pglite';
import { Param, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client.ts';
import { uuidv7 } from '../lib/id.ts';

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
  /** pg-boss's queue policy; `stately`: at most one job waiting (and one running) at a time. Default standard. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

export interface JobSendOptions extends Omit<PgBoss.SendOptions, 'db'> {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: DbOrTx;
  /** Whose work it is (a company): see `Jobs.insert`. */
  tenant?: string;
}

export interface JobContext {
  id: string;
  /** Aborted when the application closes: stop between steps and throw, and the job is retried. */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], job: JobContext) => Promise<unknown>;

export interface WorkOptions<N extends JobName = JobName> extends QueueOptions {
  /** Jobs of this queue one instance runs at once (each in its own polling loop). Default 1. */
  localConcurrency?: number;
  /** How often an idle worker looks for jobs. Default 1 s. */
  pollingIntervalSeconds?: number;
  /**
   * On the embedded database, where no other process queues jobs, an idle worker of this queue looks only every
   * RARE_POLL_SECONDS. For a queue whose jobs are queued by code that wakes its workers after the commit (`notify`),
   * so that polling finds only retries, and for dead-letter queues (a job that failed for good can wait seconds).
   * Each look is a statement that holds the event loop (PGlite runs in it): the twelve render workers and four
   * dead-letter workers looking once or twice a second cost ~6 % of a core on an idle server.
   */
  pollRarely?: boolean;
  /**
   * Called with this queue's jobs a dead process was running, before they are retried (at start on the embedded
   * database, at another instance's heartbeat on PostgreSQL): to clean up what it may have left half done.
   */
  recover?: (recovery: Recovery<N>) => Promise<void>;
}

/** Jobs of one queue a process that died was running, taken back to be retried at once. */
export interface Recovery<N extends JobName> {
  jobs: { id: string; data: JobPayloads[N]; startedOn: Date }[];
  /**
   * True on the embedded database: the data folder's lock proves no other process runs, so anything another
   * process left (a temporary file) is dead. False on PostgreSQL, where live instances work beside the dead one.
   */
  alone: boolean;
}

/** How often an idle worker of a `pollRarely` queue looks for jobs on the embedded database. */
export const RARE_POLL_SECONDS = 5;

/** PostgreSQL: how often an instance records that it lives, and after how long without that it is dead. */
export const HEARTBEAT_SECONDS = 5;
export const DEAD_AFTER_SECONDS = 15;

export interface Jobs {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: JobSendOptions): Promise<string | null>;
  /**
   * Many jobs of one queue in one statement (optionally inside a transaction). With a `tenant` (a company), the
   * queue takes turns between tenants: each job queues behind the jobs that tenant already has waiting in the
   * queue (its priority is minus their number), so a company's thousands of chunks never make another company's
   * first job wait for more than what is running.
   */
  insert<N extends JobName>(
    name: N,
    jobs: (Omit<PgBoss.JobInsert<JobPayloads[N]>, 'name' | 'data'> & { data: JobPayloads[N] })[],
    options?: { tx?: DbOrTx; tenant?: string },
  ): Promise<void>;
  /** Registers the handler of a queue (creating the queue); its workers start when the app is ready. */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: WorkOptions<N>): Promise<void>;
  /**
   * A recurring job: `handler` runs about every `seconds` on one instance at a time. The queue is stately (at most
   * one job waits); each run first queues the next one `seconds` later, and every start queues one due at once
   * unless one already waits, so a server that was down catches up within `seconds` of starting.
   */
  every<N extends JobName>(
    name: N,
    seconds: number,
    handler: JobHandler<N>,
    options?: Omit<WorkOptions<N>, 'policy'>,
  ): Promise<void>;
  /** Wakes this instance's idle workers of a queue now instead of at their next poll. */
  notify(name: JobName): void;
  /** Aborted when the application starts closing. */
  readonly signal: AbortSignal;
  /** Whether the workers run: set once the app is ready, until it starts closing. */
  readonly ready: boolean;
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

/** How many jobs of a tenant wait in a queue (not started yet, or to be retried). */
async function waitingOf(db: PgBoss.Db, queue: string, tenant: string): Promise<number> {
  const res = await db.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry') and data->>'tenant' = $2`,
    [queue, tenant],
  );
  return Number((res.rows[0] as { n: number } | undefined)?.n ?? 0);
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
    const recoverers = new Map<string, (recovery: Recovery<JobName>) => Promise<void>>();
    const instances = app.database.kind === 'postgres' ? instanceRegistry(db) : null;
    if (instances) await app.database.withStartupLock(() => instances.install());

    /**
     * Jobs a dead process was running are failed back now (a retry like any other, counted against the job's
     * retries, or its dead letter when they are spent) and made due at once, instead of waiting for their expiry;
     * each queue's `recover` runs first.
     */
    const takeBack = async (taken: TakenJob[], alone: boolean) => {
      const byQueue = new Map<string, TakenJob[]>();
      for (const j of taken) byQueue.set(j.name, [...(byQueue.get(j.name) ?? []), j]);
      for (const [name, list] of byQueue) {
        const ids = list.map((j) => j.id);
        const recover = recoverers.get(name);
        if (recover) {
          await recover({
            jobs: list.map((j) => ({ id: j.id, data: j.data as never, startedOn: new Date(j.started_on) })),
            alone,
          }).catch((err) => app.log.error({ err, queue: name }, '清理已停止进程的任务时出错'));
        }
        await boss.fail(name, ids);
        await db.executeSql(
          `update pgboss.job set start_after = now() where name = $1 and id = any($2::uuid[]) and state = 'retry'`,
          [name, ids],
        );
      }
      if (taken.length > 0)
        app.log.info({ jobs: taken.length, queues: [...byQueue.keys()] }, '已接管已停止进程的后台任务');
    };

    const jobs: Jobs = {
      boss,
      signal: abort.signal,
      get ready() {
        return ready && !abort.signal.aborted;
      },
      async send(name, data, options = {}) {
        await ensureQueue(name);
        const { tx, tenant, ...rest } = options;
        const executor = tx ? transactionExecutor(tx) : db;
        const turn = tenant === undefined ? {} : { priority: -(await waitingOf(executor, name, tenant)) };
        const payload = tenant === undefined ? data : { ...data, tenant };
        return boss.send(name, payload as object, { ...rest, ...turn, ...(tx ? { db: executor } : {}) });
      },
      async insert(name, list, options = {}) {
        if (list.length === 0) return;
        await ensureQueue(name);
        const { tx, tenant } = options;
        const executor = tx ? transactionExecutor(tx) : db;
        const before = tenant === undefined ? 0 : await waitingOf(executor, name, tenant);
        const rows = list.map((j, i) =>
          tenant === undefined
            ? { ...j, name }
            : { ...j, name, priority: -(before + i), data: { ...j.data, tenant } },
        ) as PgBoss.JobInsert[];
        await boss.insert(rows, tx ? { db: executor } : {});
      },
      async work(name, handler, options = {}) {
        const {
          localConcurrency = 1,
          pollingIntervalSeconds: requested = 1,
          recover,
          pollRarely,
          ...queueOptions
        } = options;
        const pollingIntervalSeconds =
          pollRarely && !instances ? Math.max(requested, RARE_POLL_SECONDS) : requested;
        if (recover) recoverers.set(name, recover as (recovery: Recovery<JobName>) => Promise<void>);
        await ensureQueue(name, queueOptions);
        const start = async () => {
          const ids: string[] = [];
          for (let i = 0; i < localConcurrency; i++) {
            ids.push(
              await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds }, async (batch) => {
                try {
                  for (const job of batch) {
                    if (abort.signal.aborted) throw new JobInterrupted();
                    const run = () => handler(job.data, { id: job.id, signal: abort.signal });
                    if (instances) await instances.running(job.id, run);
                    else await run();
                  }
                } finally {
                  // pg-boss waits out the rest of the interval after a job shorter than it, so a worker idled
                  // between render chunks for most of a grant. A worker that just ran a job looks again at once,
                  // as do its idle siblings.
                  if (pollRarely) jobs.notify(name);
                }
              }),
            );
          }
          workerIds.set(name, ids);
        };
        if (ready) await start();
        else pending.push(start);
      },
      async every(name, seconds, handler, options = {}) {
        const next = (startAfter: number) =>
          jobs
            .send(name, {} as JobPayloads[typeof name], { startAfter })
            .catch((err) => app.log.error({ err, queue: name }, '排定下一次定时任务失败'));
        await jobs.work(
          name,
          async (data, job) => {
            // The next run is queued first, so neither a failure nor a crash of this one ends the chain.
            await next(seconds);
            await handler(data, job);
          },
          { ...options, policy: 'stately' },
        );
        if (ready) await next(0);
        else pending.push(async () => void (await next(0)));
      },
      notify(name) {
        for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      if (instances) {
        // Records this instance, takes back the jobs of instances found dead now, then keeps watching.
        await takeBack(await instances.beat(), false);
        instances.watch((taken) => takeBack(taken, false), app.log);
      } else {
        // The embedded database: the data folder's lock proves this is the only process, so a job still active
        // was left by one that died.
        const { rows } = await db.executeSql(
          `select id, name, data, started_on from pgboss.job where state = 'active'`,
          [],
        );
        await takeBack(rows as unknown as TakenJob[], true);
      }
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
      // Its jobs were failed back by the stop: nothing of this instance is left for another to take.
      await instances?.leave().catch((err) => app.log.warn({ err }, '注销后台任务实例失败'));
      closed = true;
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);

/** An active job of a dead process, as read from pg-boss's job table. */
interface TakenJob {
  id: string;
  name: string;
  data: unknown;
  started_on: string | Date;
}

/**
 * PostgreSQL, several instances: each records in `job_instances` that it lives (every HEARTBEAT_SECONDS) and which
 * jobs it runs (at each start of one). An instance that finds another's record older than DEAD_AFTER_SECONDS deletes
 * it (exactly one instance gets it back from the delete) and takes back that instance's jobs still active, so a
 * dead instance's jobs run again within DEAD_AFTER_SECONDS + HEARTBEAT_SECONDS of its last sign of life, not after
 * their expiry. The table belongs to the job machinery, like pg-boss's own schema, and is created with it.
 */
function instanceRegistry(db: PgBoss.Db) {
  const id = uuidv7();
  const jobs = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<unknown> = Promise.resolve();
  // One write at a time, so the last one written is the last state.
  const record = () => {
    const write = () =>
      db.executeSql(
        `insert into job_instances (id, heartbeat_at, job_ids) values ($1, now(), $2::uuid[])
         on conflict (id) do update set heartbeat_at = now(), job_ids = excluded.job_ids`,
        [id, [...jobs]],
      );
    beating = beating.then(write, write);
    return beating;
  };
  const takeDead = async (): Promise<TakenJob[]> => {
    const dead = await db.executeSql(
      `delete from job_instances where id <> $1 and heartbeat_at < now() - make_interval(secs => $2)
       returning job_ids`,
      [id, DEAD_AFTER_SECONDS],
    );
    const ids = dead.rows.flatMap((r) => (r.job_ids as string[] | null) ?? []);
    if (ids.length === 0) return [];
    const active = await db.executeSql(
      `select id, name, data, started_on from pgboss.job where id = any($1::uuid[]) and state = 'active'`,
      [ids],
    );
    return active.rows as unknown as TakenJob[];
  };
  const beat = async (): Promise<TakenJob[]> => {
    await record();
    return takeDead();
  };
  return {
    install: () =>
      db.executeSql(
        `create table if not exists job_instances (
           id uuid primary key, heartbeat_at timestamptz not null, job_ids uuid[] not null default '{}')`,
        [],
      ),
    /** Records this instance alive; answers the jobs of instances found dead. */
    beat,
    watch(onTaken: (jobs: TakenJob[]) => Promise<void>, log: { error(o: object, m: string): void }) {
      timer = setInterval(() => {
        beat()
          .then(onTaken)
          .catch((err) => log.error({ err }, '后台任务实例心跳失败'));
      }, HEARTBEAT_SECONDS * 1000);
      timer.unref();
    },
    /** Runs a job, recorded as this instance's while it runs. */
    async running(jobId: string, run: () => Promise<unknown>): Promise<void> {
      jobs.add(jobId);
      try {
        await record();
        await run();
      } finally {
        // Out of the record at once: a job that failed may be running on another instance a moment later, and must
        // not be taken from it should this one die. A failed write only leaves it listed until the next heartbeat.
        jobs.delete(jobId);
        await record().catch(() => {});
      }
    },
    async leave() {
      clearInterval(timer);
      await beating.catch(() => {});
      await db.executeSql('delete from job_instances where id = $1', [id]);
    },
  };
}
