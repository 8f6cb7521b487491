import { createHash, createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';
import { idempotencyKeys } from './idempotency-table.ts';

/** The methods that create or change something: a repeat of one with the same key is answered, not performed. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first one. */
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const KEY_FORMAT_MESSAGE = '请求头 Idempotency-Key 应为 1~200 个英文字母、数字或符号';
export const KEY_REUSED_MESSAGE = '该 Idempotency-Key 已用于另一个不同的请求，请为新的操作使用新的键';
export const STILL_RUNNING_MESSAGE = '相同的操作仍在处理中，请稍后刷新查看结果';

/** An answer larger than this is not kept (a repeat runs again): write routes answer small envelopes. */
const MAX_KEPT_BODY = 1024 * 1024;

export interface IdempotencyOptions {
  /** Who is calling: a signed-in user's id, or null (the client's address stands for an anonymous caller). */
  userOf: (request: FastifyRequest) => string | null;
  /** How long a key is remembered. Default 24 h. */
  ttlSeconds?: number;
  /** A first request still running after this long is taken to have died with its instance. Default 5 min. */
  staleSeconds?: number;
  /** How long a repeat waits for a first request still running. Default 60 s (the web client's own limit). */
  waitMs?: number;
  /** How often a waiting repeat looks again, in case the wake-up from another instance was lost. Default 1 s. */
  pollMs?: number;
}

interface Claim {
  owner: string;
  key: string;
  id: string;
  done: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: {
      /** Deletes expired keys; answers how many. */
      sweep(): Promise<number>;
      /** Repeats waiting now for their first request to finish. */
      waiting(): number;
    };
  }
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
  interface FastifyContextConfig {
    /**
     * false: the header is ignored and every request is performed (an answer that carries a credential, a token or a
     * sign-in code, is never stored).
     */
    idempotency?: false;
  }
}

/**
 * Acting once (DESIGN.md): a POST, PUT, PATCH or DELETE carrying an `Idempotency-Key` header is performed once per
 * caller and key. A repeat of a finished request gets the first answer (status and JSON body) again; a repeat that
 * arrives while the first runs waits for it, on this instance or another one on the same database (the keys live in
 * a table; the bus wakes the waiters); the same key with another method, path or body is refused. Answers that are
 * not JSON (files, streams) and 5xx failures are not kept, so their repeat runs again. Keys expire after a day and
 * are swept at start and every hour. Multipart uploads are left alone: they are stored by content. A route whose
 * answer carries a credential says `config: { idempotency: false }`.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, opts) => {
    const ttlSeconds = opts.ttlSeconds ?? 24 * 3600;
    const staleSeconds = opts.staleSeconds ?? 300;
    const waitMs = opts.waitMs ?? 60_000;
    const pollMs = opts.pollMs ?? 1000;
    const t = idempotencyKeys;
    const { db } = app;

    const waiters = new Map<string, Set<() => void>>();
    const wake = (id: string) => {
      const found = waiters.get(id);
      if (!found) return;
      waiters.delete(id);
      for (const resolve of found) resolve();
    };
    const unsubscribe = app.bus.subscribe('sc_idempotency', (payload) => {
      const id = (payload as { id?: unknown }).id;
      if (typeof id === 'string') wake(id);
    });
    /** Resolves when the request holding `id` finishes (here or on another instance), or after `ms`. */
    const finishedOrAfter = (id: string, ms: number) => {
      let resolve!: () => void;
      const woken = new Promise<void>((r) => {
        resolve = r;
      });
      const set = waiters.get(id) ?? new Set();
      set.add(resolve);
      waiters.set(id, set);
      const timer = setTimeout(resolve, ms);
      const forget = () => {
        clearTimeout(timer);
        waiters.get(id)?.delete(resolve);
        if (waiters.get(id)?.size === 0) waiters.delete(id);
      };
      return { woken: woken.then(forget), forget };
    };
    const announce = (id: string) => {
      wake(id);
      app.bus
        .publish('sc_idempotency', { id })
        .catch((err) => app.log.warn({ err }, 'idempotency wake-up lost'));
    };

    const claim = async (owner: string, key: string, fingerprint: string): Promise<boolean> => {
      const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
      const rows = await db
        .insert(t)
        .values({ owner, key, fingerprint, startedAt: sql`now()`, expiresAt })
        .onConflictDoUpdate({
          target: [t.owner, t.key],
          set: { fingerprint, statusCode: null, body: null, startedAt: sql`now()`, expiresAt },
          // An expired key starts afresh; so does one whose first request died running (same request only).
          setWhere: sql`${t.expiresAt} < now() or (${t.statusCode} is null and ${t.fingerprint} = ${fingerprint}
            and ${t.startedAt} < now() - make_interval(secs => ${staleSeconds}))`,
        })
        .returning({ key: t.key });
      return rows.length > 0;
    };
    const rowOf = (owner: string, key: string) =>
      db
        .select({ fingerprint: t.fingerprint, statusCode: t.statusCode, body: t.body })
        .from(t)
        .where(and(eq(t.owner, owner), eq(t.key, key)))
        .then((rows) => rows[0]);
    const release = (c: Claim) => db.delete(t).where(and(eq(t.owner, c.owner), eq(t.key, c.key)));

    const sweep = async () => {
      const gone = await db.delete(t).where(lt(t.expiresAt, sql`now()`)).returning({ key: t.key });
      return gone.length;
    };
    const waiting = () => [...waiters.values()].reduce((n, set) => n + set.size, 0);
    app.decorate('idempotency', { sweep, waiting });
    await sweep();
    const sweeper = setInterval(
      () => void sweep().catch((err) => app.log.warn({ err }, 'idempotency sweep failed')),
      3600_000,
    );
    sweeper.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      unsubscribe();
    });

    app.decorateRequest('idempotencyClaim', null);

    app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!WRITES.has(request.method) || !request.routeOptions.url) return;
      if (request.routeOptions.config?.idempotency === false) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined || request.headers['content-type']?.startsWith('multipart/')) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest(KEY_FORMAT_MESSAGE);
      const user = opts.userOf(request);
      const owner = user ? `user:${user}` : `client:${request.ip}`;
      const key = header;
      const id = createHash('sha256').update(`${owner}\n${key}`).digest('hex');
      // Keyed: a body may hold a password, and the table must not offer a fast hash of it to whoever reads it.
      const fingerprint = createHmac('sha256', app.config.jwtSecret)
        .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
        .digest('hex');
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (await claim(owner, key, fingerprint)) {
          request.idempotencyClaim = { owner, key, id, done: false };
          return;
        }
        // Listening before looking, so a finish between the look and the wait still wakes this request.
        const wait = finishedOrAfter(id, Math.max(0, Math.min(pollMs, deadline - Date.now())));
        const row = await rowOf(owner, key);
        if (!row) {
          // The first answer was not kept (a file, a failure): this request runs.
          wait.forget();
          continue;
        }
        if (row.fingerprint !== fingerprint) {
          wait.forget();
          throw badRequest(KEY_REUSED_MESSAGE);
        }
        if (row.statusCode !== null) {
          wait.forget();
          reply.code(row.statusCode).header(REPLAYED_HEADER, 'true');
          return reply.send(row.body === null ? null : JSON.parse(row.body));
        }
        if (Date.now() >= deadline) {
          wait.forget();
          throw badRequest(STILL_RUNNING_MESSAGE);
        }
        await wait.woken;
      }
    });

    // The answer is kept before it leaves, so a repeat sent after it arrived finds it.
    app.addHook('preSerialization', async (request, reply, payload) => {
      const c = request.idempotencyClaim;
      if (!c || c.done) return payload;
      c.done = true;
      try {
        const body = JSON.stringify(payload ?? null);
        if (reply.statusCode >= 500 || body.length > MAX_KEPT_BODY) await release(c);
        else
          await db
            .update(t)
            .set({ statusCode: reply.statusCode, body })
            .where(and(eq(t.owner, c.owner), eq(t.key, c.key)));
      } catch (err) {
        request.log.error({ err }, 'idempotent answer not kept');
        await release(c).catch(() => {});
      }
      announce(c.id);
      return payload;
    });

    // Not a JSON answer (a file, a stream): nothing to repeat, so the key is let go.
    app.addHook('onResponse', async (request) => {
      const c = request.idempotencyClaim;
      if (!c || c.done) return;
      c.done = true;
      await release(c).catch((err) => request.log.error({ err }, 'idempotency key not released'));
      announce(c.id);
    });
  },
  { name: 'idempotency', dependencies: ['config', 'db', 'bus'] },
);
