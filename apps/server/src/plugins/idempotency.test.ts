import { createHash } from 'node:crypto';
import type { LoginResult } from '@skill-cert/shared/auth';
import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, login, useTestApp } from '../../test/harness.ts';
import { testConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { badRequest } from '../lib/errors.ts';
import { recordApplications } from '../modules/records/tables.ts';
import { busPlugin } from './bus.ts';
import { configPlugin } from './config.ts';
import { dbPlugin } from './db.ts';
import { errorsPlugin } from './errors.ts';
import {
  type IdempotencyOptions,
  idempotencyPlugin,
  KEY_FORMAT_MESSAGE,
  KEY_REUSED_MESSAGE,
  REPLAYED_HEADER,
  STILL_RUNNING_MESSAGE,
} from './idempotency.ts';
import { idempotencyKeys } from './idempotency-table.ts';

const ctx = useTestApp();

/** A gate a handler waits at until the test opens it (no timers). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

interface Probe {
  app: FastifyInstance;
  /** How many times each route's handler ran. */
  performed: Record<string, number>;
  slow: { started: ReturnType<typeof gate>; release: ReturnType<typeof gate> };
}

/** The plugin on its own, in front of routes that count how often they are performed; `x-user` signs in. */
async function probeApp(options: Partial<IdempotencyOptions> = {}): Promise<Probe> {
  const app = Fastify({ logger: false });
  await app.register(configPlugin, { config: testConfig() });
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: ctx.database });
  await app.register(busPlugin);
  await app.register(idempotencyPlugin, {
    userOf: (request) => (request.headers['x-user'] as string | undefined) ?? null,
    ...options,
  });
  const performed: Record<string, number> = {};
  const count = (route: string) => {
    performed[route] = (performed[route] ?? 0) + 1;
    return performed[route];
  };
  const slow = { started: gate(), release: gate() };
  app.post('/api/things', async (req, reply) => {
    reply.code(201);
    return { code: 200, message: '已创建', data: { n: count('things'), body: req.body } };
  });
  app.get('/api/things', async () => ({ code: 200, message: 'ok', data: { n: count('list') } }));
  app.patch('/api/things/:id', async () => ({ code: 200, message: '已修改', data: { n: count('patch') } }));
  app.delete('/api/things/:id', async () => ({ code: 200, message: '已删除', data: { n: count('delete') } }));
  app.post('/api/slow', async () => {
    const n = count('slow');
    slow.started.open();
    await slow.release.opened;
    return { code: 200, message: '完成', data: { n } };
  });
  app.post('/api/refused', async () => {
    count('refused');
    throw badRequest('「名称」不能为空');
  });
  app.post('/api/broken', async () => {
    count('broken');
    throw new Error('database gone');
  });
  app.post('/api/file', async (_req, reply) => {
    count('file');
    return reply.type('application/pdf').send(Buffer.from('%PDF-1.4'));
  });
  await app.ready();
  return { app, performed, slow };
}

const send = (
  probe: Probe,
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  { key, user, body, ip }: { key?: string; user?: string; body?: unknown; ip?: string } = {},
) =>
  probe.app.inject({
    method,
    url,
    payload: body as object | undefined,
    remoteAddress: ip,
    headers: { ...(key ? { 'idempotency-key': key } : {}), ...(user ? { 'x-user': user } : {}) },
  });

describe('Idempotency-Key: a repeated write is performed once', () => {
  let probe: Probe;
  beforeAll(async () => {
    probe = await probeApp();
  });
  afterAll(() => probe?.app.close());

  it('a repeat of a finished request gets the first answer (status and body) again, without running', async () => {
    const first = await send(probe, 'POST', '/api/things', {
      key: 'k-finished',
      user: 'u1',
      body: { name: 'a' },
    });
    const again = await send(probe, 'POST', '/api/things', {
      key: 'k-finished',
      user: 'u1',
      body: { name: 'a' },
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(probe.performed.things).toBe(1);
  });

  it('PATCH and DELETE are performed once per key too', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const first = await send(probe, method, '/api/things/7', { key: `k-${method}`, user: 'u1' });
      const again = await send(probe, method, '/api/things/7', { key: `k-${method}`, user: 'u1' });
      expect(again.json()).toEqual(first.json());
    }
    expect(probe.performed.patch).toBe(1);
    expect(probe.performed.delete).toBe(1);
  });

  it('a repeat arriving while the first still runs waits for it and gets its answer', async () => {
    const first = send(probe, 'POST', '/api/slow', { key: 'k-slow', user: 'u1' });
    await probe.slow.started.opened;
    const repeat = send(probe, 'POST', '/api/slow', { key: 'k-slow', user: 'u1' });
    await vi.waitFor(() => expect(probe.app.idempotency.waiting()).toBe(1));
    probe.slow.release.open();
    const [a, b] = await Promise.all([first, repeat]);
    expect(a.json()).toEqual({ code: 200, message: '完成', data: { n: 1 } });
    expect(b.json()).toEqual(a.json());
    expect(b.headers[REPLAYED_HEADER]).toBe('true');
    expect(probe.performed.slow).toBe(1);
    expect(probe.app.idempotency.waiting()).toBe(0);
  });

  it('two identical requests sent at once are performed once, and both get the same answer', async () => {
    const before = probe.performed.things ?? 0;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send(probe, 'POST', '/api/things', { key: 'k-together', user: 'u1', body: { x: 1 } }),
      ),
    );
    expect(probe.performed.things).toBe(before + 1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('the same key with another body, path or method is refused with 400 and a Chinese message', async () => {
    await send(probe, 'POST', '/api/things', { key: 'k-reused', user: 'u1', body: { name: 'a' } });
    const before = probe.performed.things;
    for (const other of [
      send(probe, 'POST', '/api/things', { key: 'k-reused', user: 'u1', body: { name: 'b' } }),
      send(probe, 'POST', '/api/things?copy=1', { key: 'k-reused', user: 'u1', body: { name: 'a' } }),
      send(probe, 'PATCH', '/api/things/1', { key: 'k-reused', user: 'u1', body: { name: 'a' } }),
    ]) {
      const res = await other;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: KEY_REUSED_MESSAGE, data: null });
    }
    expect(probe.performed.things).toBe(before);
    expect(probe.performed.patch).toBe(1);
  });

  it('a key belongs to its caller: another user, or another anonymous address, is performed on its own', async () => {
    const before = probe.performed.things;
    await send(probe, 'POST', '/api/things', { key: 'k-shared', user: 'u1' });
    await send(probe, 'POST', '/api/things', { key: 'k-shared', user: 'u2' });
    await send(probe, 'POST', '/api/things', { key: 'k-shared', ip: '10.0.0.1' });
    await send(probe, 'POST', '/api/things', { key: 'k-shared', ip: '10.0.0.2' });
    expect(probe.performed.things).toBe(before + 4);
    // The anonymous caller at one address repeats like a signed-in one.
    const again = await send(probe, 'POST', '/api/things', { key: 'k-shared', ip: '10.0.0.1' });
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(probe.performed.things).toBe(before + 4);
  });

  it('a write without the header is performed every time', async () => {
    const before = probe.performed.things;
    await send(probe, 'POST', '/api/things', { user: 'u1' });
    await send(probe, 'POST', '/api/things', { user: 'u1' });
    expect(probe.performed.things).toBe(before + 2);
  });

  it('a refusal (4xx) is the answer: its repeat gets it again', async () => {
    const first = await send(probe, 'POST', '/api/refused', { key: 'k-refused', user: 'u1' });
    const again = await send(probe, 'POST', '/api/refused', { key: 'k-refused', user: 'u1' });
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, message: '「名称」不能为空', data: null });
    expect(probe.performed.refused).toBe(1);
  });

  it('a server failure (5xx) is not kept: its repeat runs again', async () => {
    const first = await send(probe, 'POST', '/api/broken', { key: 'k-broken', user: 'u1' });
    const again = await send(probe, 'POST', '/api/broken', { key: 'k-broken', user: 'u1' });
    expect(first.statusCode).toBe(500);
    expect(again.statusCode).toBe(500);
    expect(probe.performed.broken).toBe(2);
  });

  it('an answer that is no JSON envelope (a file) is not kept: its repeat runs again', async () => {
    const first = await send(probe, 'POST', '/api/file', { key: 'k-file', user: 'u1' });
    const again = await send(probe, 'POST', '/api/file', { key: 'k-file', user: 'u1' });
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(probe.performed.file).toBe(2);
  });

  it('a key that is not 1~200 visible ASCII characters is refused with 400 naming the header', async () => {
    for (const key of ['x'.repeat(201), 'a b', '']) {
      const res = await send(probe, 'POST', '/api/things', { key: key || ' ', user: 'u1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(KEY_FORMAT_MESSAGE);
    }
  });

  it('keys expire after a day: the sweep deletes them, and an expired key is performed anew', async () => {
    await send(probe, 'POST', '/api/things', { key: 'k-old', user: 'u1' });
    const [row] = await ctx.database.db
      .select({
        ttl: sql<number>`extract(epoch from ${idempotencyKeys.expiresAt} - ${idempotencyKeys.startedAt})`,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'k-old'));
    expect(Number(row.ttl)).toBe(24 * 3600);
    const before = probe.performed.things;
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'k-old'));
    await send(probe, 'POST', '/api/things', { key: 'k-old', user: 'u1' });
    expect(probe.performed.things).toBe(before + 1);

    await ctx.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'k-old'));
    expect(await probe.app.idempotency.sweep()).toBe(1);
    const left = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-old'));
    expect(left).toEqual([]);
  });

  it('a first request that died running (its instance gone) is performed again by a repeat after 5 minutes', async () => {
    const died = sql`now() - interval '6 minutes'`;
    await send(probe, 'POST', '/api/things', { key: 'k-dead', user: 'u1', body: { name: 'a' } });
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, body: null, startedAt: died })
      .where(eq(idempotencyKeys.key, 'k-dead'));
    const before = probe.performed.things;
    const retaken = await send(probe, 'POST', '/api/things', {
      key: 'k-dead',
      user: 'u1',
      body: { name: 'a' },
    });
    expect(retaken.statusCode).toBe(201);
    expect(retaken.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(probe.performed.things).toBe(before + 1);
    // Another request never takes over a key, dead or not.
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, body: null, startedAt: died })
      .where(eq(idempotencyKeys.key, 'k-dead'));
    const other = await send(probe, 'POST', '/api/things', {
      key: 'k-dead',
      user: 'u1',
      body: { name: 'b' },
    });
    expect(other.json().message).toBe(KEY_REUSED_MESSAGE);
  });

  it('GET is never held back by the header', async () => {
    await send(probe, 'GET', '/api/things', { key: 'k-get', user: 'u1' });
    await send(probe, 'GET', '/api/things', { key: 'k-get', user: 'u1' });
    expect(probe.performed.list).toBe(2);
    const rows = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-get'));
    expect(rows).toEqual([]);
  });
});

describe('a repeat waits for the first at most the wait limit', () => {
  let probe: Probe;
  beforeAll(async () => {
    probe = await probeApp({ waitMs: 200, pollMs: 50 });
  });
  afterAll(() => probe?.app.close());

  it('still running after the limit: 400 相同的操作仍在处理中', async () => {
    const first = send(probe, 'POST', '/api/slow', { key: 'k-long', user: 'u1' });
    await probe.slow.started.opened;
    const repeat = await send(probe, 'POST', '/api/slow', { key: 'k-long', user: 'u1' });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().message).toBe(STILL_RUNNING_MESSAGE);
    probe.slow.release.open();
    expect((await first).statusCode).toBe(200);
    expect(probe.performed.slow).toBe(1);
  });
});

describe('on the real routes', () => {
  it('two identical 新增备案 requests sent at once with one key create one application', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const body = { scopes: [{ occupation_code: '6-31-01-03', levels: [4] }], submit: false };
    const headers = { 'idempotency-key': 'double-click-1' };
    const [a, b] = await Promise.all([
      api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', { token, body, headers }),
      api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', { token, body, headers }),
    ]);
    expect(a.body.code).toBe(200);
    expect(b.body).toEqual(a.body);
    const rows = await ctx.app.db.select().from(recordApplications);
    expect(rows).toHaveLength(1);
    // Without a key each request is its own action.
    await api(ctx.app, 'POST', '/api/recordApplications', { token, body });
    expect(await ctx.app.db.select().from(recordApplications)).toHaveLength(2);
  });

  it('the key is the signed-in user’s: another user sending the same key is not answered with it', async () => {
    const qiye = await login(ctx.app, 'qiye');
    const pingtai = await login(ctx.app, 'pingtai');
    const headers = { 'idempotency-key': 'shared-key' };
    const body = { scopes: [{ occupation_code: '6-31-01-03', levels: [4] }], submit: false };
    const own = await api(ctx.app, 'POST', '/api/recordApplications', { token: qiye.token, body, headers });
    expect(own.body.code).toBe(200);
    const other = await api(ctx.app, 'POST', '/api/recordApplications', {
      token: pingtai.token,
      body,
      headers,
    });
    expect(other.status).toBe(403);
  });

  it('a sign-in answer (it carries a token) is never kept: each request with the key signs in anew', async () => {
    const headers = { 'idempotency-key': 'login-twice' };
    const body = { name: 'qiye', password: DEMO_PASSWORD };
    const first = await api<LoginResult>(ctx.app, 'POST', '/api/login', { body, headers });
    const again = await api<LoginResult>(ctx.app, 'POST', '/api/login', { body, headers });
    expect(first.body.code).toBe(200);
    expect(again.body.code).toBe(200);
    expect(again.body.data.token).not.toBe(first.body.data.token);
    expect(await ctx.app.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('the fingerprint is keyed with the server secret: no plain hash of a body (a password) is stored', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const body = { old_password: 'Wrong@2026', password: 'Next@2026x' };
    await api(ctx.app, 'PATCH', '/api/login', { token, body, headers: { 'idempotency-key': 'password-1' } });
    const [row] = await ctx.app.db.select().from(idempotencyKeys);
    const plain = createHash('sha256')
      .update(`PATCH /api/login\n${JSON.stringify(body)}`)
      .digest('hex');
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.fingerprint).not.toBe(plain);
  });
});
