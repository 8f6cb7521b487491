import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@skill-cert/shared/auth';
import type { Envelope } from '@skill-cert/shared/envelope';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { TestSocket } from '../ws-client.ts';

/**
 * Two server processes on one PostgreSQL (DESIGN.md "Scale-out"): real-time events cross between them by
 * LISTEN/NOTIFY. Run by `.ci/run` with TEST_DATABASE_URL (`npm run test:multi`).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server for the multi-instance tests');

const dbName = `sc_multi_${randomBytes(5).toString('hex')}`;
let a: ServerProcess;
let b: ServerProcess;

async function call<T>(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

/** The rows of `sql` on the instances' database. */
async function queryDb(sql: string): Promise<Record<string, unknown>[]> {
  const url = new URL(adminUrl!);
  url.pathname = `/${dbName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const login = (server: ServerProcess, name: string) =>
  call<LoginResult>(server, 'POST', '/api/login', { name, password: 'Demo@2026' });

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const env = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex') };
  // Both start together (the race they must survive); one that started is stopped in afterAll even if the
  // other failed.
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : (undefined as unknown as ServerProcess)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

describe('two instances on one PostgreSQL', () => {
  it('a token from one instance works on the other', async () => {
    const session = await login(a, 'qiye');
    expect((await call(b, 'GET', '/api/user', undefined, session.data.token)).code).toBe(200);
  });

  it('a message created through one instance reaches a socket held by the other', async () => {
    const kaoping = await login(a, 'kaoping');
    const socket = await TestSocket.open(`${b.url.replace('http', 'ws')}/ws`);
    const { client_id } = await socket.next('init');
    // The bind request may land on either instance: it travels to the one holding the socket.
    expect((await call(a, 'POST', '/api/websocket/bindUser', { client_id }, kaoping.data.token)).code).toBe(
      200,
    );
    await socket.bound();
    const admin = await login(a, 'pingtai');
    const sent = await call<{ count: number }>(
      a,
      'POST',
      '/api/notices',
      { target: 'user', user_id: kaoping.data._id, content: '跨实例通知' },
      admin.data.token,
    );
    expect(sent.data.count).toBe(1);
    const push = await socket.next('message');
    expect(push.data.list[0].content).toBe('跨实例通知');
    expect(push.data.count).toBeGreaterThanOrEqual(1);
    // A notice to everyone, stored through one instance, reaches the other with the stored row's id.
    const all = await call<{ count: number }>(
      a,
      'POST',
      '/api/notices',
      { target: 'all', content: '全员跨实例通知' },
      admin.data.token,
    );
    expect(all.data.count).toBeGreaterThan(1);
    const pushAll = await socket.next('message');
    expect(pushAll.data.list[0].content).toBe('全员跨实例通知');
    expect(pushAll.data.count).toBe(push.data.count + 1);
    const unread = await call<{ list: { _id: string }[] }>(
      b,
      'GET',
      '/api/message/unreadMessage',
      undefined,
      kaoping.data.token,
    );
    expect(unread.data.list.map((m) => m._id)).toContain(pushAll.data.list[0]._id);
    socket.close();
  });

  it('two instances started together seed each default menu item once', async () => {
    const twice = await queryDb(
      'select portal, key from menus where key is not null group by portal, key having count(*) > 1',
    );
    expect(twice).toEqual([]);
  });

  it('a dictionary label edited through one instance is served by the other at once, with the same version', async () => {
    const served = async (server: ServerProcess, token: string) => {
      const res = await fetch(`${server.url}/api/dict`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'params[]=exam_task_kind',
      });
      const body = (await res.json()) as Envelope<Record<string, { label: string; value: number }[]>>;
      return {
        labels: body.data.exam_task_kind.map((i) => i.label),
        version: res.headers.get('x-dict-version'),
      };
    };
    const platform = (await login(a, 'pingtai')).data.token;
    // b has read the dictionary before the change: its copy in memory must be dropped by a's notice.
    const before = await served(b, platform);
    expect(before.labels).toContain('阅卷');
    const items = await call<{ _id: string; value: number; sort: number }[]>(
      a,
      'GET',
      '/api/dictionaries/exam_task_kind/items',
      undefined,
      platform,
    );
    const marking = items.data.find((i) => i.value === 1)!;
    const saved = await call(
      a,
      'PUT',
      `/api/dictItems/${marking._id}`,
      { label: '阅卷评分', value: 1, sort: marking.sort, enabled: true, color: null },
      platform,
    );
    expect(saved.code, saved.message).toBe(200);
    // Well within the minute after which b would read again without the notice.
    await expect
      .poll(async () => (await served(b, platform)).labels, { timeout: 10_000 })
      .toContain('阅卷评分');
    const [onA, onB] = await Promise.all([served(a, platform), served(b, platform)]);
    expect(onB.version).toBe(onA.version);
    expect(onB.version).not.toBe(before.version);
  });

  it('two instances started together seed each dictionary item once', async () => {
    const twice = await queryDb(
      'select dict_name, value from dict_items group by dict_name, value having count(*) > 1',
    );
    expect(twice).toEqual([]);
    const [all] = await queryDb('select count(*)::int as n from dict_items');
    expect(all?.n).toBeGreaterThan(100);
  });

  it('one write sent with one Idempotency-Key to both instances at once is performed once', async () => {
    const { token } = (await login(a, 'qiye')).data;
    const count = async () =>
      (await call<{ meta: { total: number } }>(b, 'GET', '/api/recordApplications', undefined, token)).data
        .meta.total;
    const before = await count();
    const send = (server: ServerProcess) =>
      fetch(`${server.url}/api/recordApplications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': `multi-${dbName}`,
        },
        body: JSON.stringify({ scopes: [{ occupation_code: '6-31-01-03', levels: [4] }], submit: false }),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const [fromA, fromB] = await Promise.all([send(a), send(b)]);
    expect(fromA.status).toBe(200);
    expect(fromB).toEqual(fromA);
    expect(await count()).toBe(before + 1);
  });

  it('logout on one instance closes the socket on the other', async () => {
    const session = await login(b, 'jigou');
    const socket = await TestSocket.open(`${a.url.replace('http', 'ws')}/ws`);
    const { client_id } = await socket.next('init');
    await call(a, 'POST', '/api/websocket/bindUser', { client_id }, session.data.token);
    await socket.bound();
    expect((await call(b, 'DELETE', '/api/logout', undefined, session.data.token)).code).toBe(200);
    expect((await socket.next('logout')).data.reason).toBe('登录已失效');
    expect((await call(a, 'GET', '/api/user', undefined, session.data.token)).code).toBe(401);
  });
});
