import autocannon from 'autocannon';
import { startServerProcess } from '../apps/server/test/server-process.ts';

/**
 * `npm run bench:api`: the server on its embedded database, measured in one run with autocannon: a bare
 * GET /healthz against authenticated reads (/api/user; the message list and the unread messages of a user with
 * 200 messages; a dictionary; the menus of 运营人员), each as a ratio of /healthz (target ≥ 0.3, issue 19 point 8),
 * then the same reads at `BENCH_HIGH_CONNECTIONS` (200) counting requests that timed out (target: none).
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const highConnections = Number(process.env.BENCH_HIGH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 0.3;

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function run(target: Target, base: string, conns: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${target.path}`,
        connections: conns,
        duration,
        timeout: 10,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function api<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

const login = async (base: string, name: string) =>
  (await api<{ token: string }>(base, 'POST', '/api/login', undefined, { name, password: 'Demo@2026' }))
    .token;

const server = await startServerProcess({ LOG_LEVEL: 'error' });
try {
  const base = server.url;
  const [qiye, pingtai, yunying] = await Promise.all([
    login(base, 'qiye'),
    login(base, 'pingtai'),
    login(base, 'yunying'),
  ]);
  // qiye gets 200 notices, the first 100 read: a list with pages, read and unread rows.
  const qiyeId = (await api<{ _id: string }>(base, 'GET', '/api/user', qiye))._id;
  for (let i = 0; i < 200; i++) {
    await api(base, 'POST', '/api/notices', pingtai, {
      target: 'user',
      user_id: qiyeId,
      content: `通知 ${i + 1}`,
    });
    if (i === 99) await api(base, 'POST', '/api/message/readMany', qiye, { ids: [] });
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const targets: Target[] = [
    { name: 'GET /healthz', path: '/healthz' },
    { name: 'GET /api/user', path: '/api/user', headers: auth(qiye) },
    { name: 'GET /api/message', path: '/api/message?page=1&per_page=10', headers: auth(qiye) },
    { name: 'GET unreadMessage', path: '/api/message/unreadMessage', headers: auth(qiye) },
    {
      name: 'POST /api/dict',
      path: '/api/dict',
      method: 'POST',
      headers: { ...auth(qiye), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'params[]=company_type&params[]=record_status&params[]=skill_level',
    },
    { name: 'GET personalMenus', path: '/api/user/personalMenus', headers: auth(yunying) },
  ];
  await run(targets[0], base, connections); // warm-up
  const row = (name: string, r: autocannon.Result, ratio?: number) =>
    `${name.padEnd(18)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}   timeouts ${r.timeouts}${ratio === undefined ? '' : `   ratio ${ratio.toFixed(3)}${ratio >= TARGET_RATIO ? '' : '  BELOW 0.3'}`}`;
  for (const conns of [connections, highConnections]) {
    console.log(`\nautocannon -c ${conns} -d ${duration}s, one server process, embedded database`);
    let health = 0;
    for (const t of targets) {
      const r = await run(t, base, conns);
      if (t.path === '/healthz') health = r.requests.average;
      console.log(row(t.name, r, t.path === '/healthz' ? undefined : r.requests.average / health));
    }
  }
} finally {
  await server.stop();
}
