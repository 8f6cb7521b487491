import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { seedBenchUsers } from './lib/seed-users.ts';

/**
 * `npm run bench:realtime`: N authenticated, bound sockets on one server process (embedded database), the
 * 30 s heartbeat running; push latency p50/p99 for single-user messages (from the producer call, an HTTP
 * POST /api/notices, to receipt), the time until every socket has a notice sent to everyone, and resident
 * memory. The same run measures a bare `ws` server doing the same fan-out and prints our figures as ratios.
 * Then it fills up to HOLD sockets and checks that connections past the limit are refused cleanly.
 */
const N = Number(process.env.BENCH_SOCKETS ?? 10_000);
const HOLD = Number(process.env.BENCH_HOLD ?? 19_000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 200);
const root = path.resolve(import.meta.dirname, '..');

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
async function pool<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

interface Client {
  ws: WebSocket;
  userId?: string;
  onMessage?: (text: string) => void;
}

function openSocket(url: string, onFrame: (data: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('message', (raw) => onFrame(String(raw)));
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function freshDatabase(adminUrl: string | undefined): Promise<string | null> {
  if (!adminUrl) return null;
  const name = `sc_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

process.on('exit', (code) => console.log(`bench exiting with code ${code}`));

// ---- bare ws baseline (first, so both sets of client sockets never share this process's descriptors) ------------------------------------------------------------------------------
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-ws-server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const barePort = await new Promise<number>((resolve) =>
  bare.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
);
const bareUrl = `http://127.0.0.1:${barePort}`;
const bareClients: Client[] = [];
await pool(
  Array.from({ length: N }, (_, i) => i),
  200,
  async (i) => {
    const client: Client = { ws: undefined as unknown as WebSocket };
    client.ws = await openSocket(`ws://127.0.0.1:${barePort}/?id=${i}`, (text) => client.onMessage?.(text));
    bareClients.push(client);
  },
);
async function measureBare() {
  const latencies: number[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const k = Math.floor(Math.random() * N);
    const content = `bare-${i}`;
    const client = bareClients[k];
    const id = Number(new URL(client.ws.url).searchParams.get('id'));
    const got = new Promise<number>((resolve) => {
      client.onMessage = (text) => text.includes(content) && resolve(performance.now());
    });
    const start = performance.now();
    await fetch(`${bareUrl}/push?id=${id}`, { method: 'POST', body: JSON.stringify({ content }) });
    latencies.push((await got) - start);
  }
  let reached = 0;
  const all = new Promise<number>((resolve) => {
    for (const c of bareClients)
      c.onMessage = (text) => text.includes('bare-all') && ++reached === N && resolve(performance.now());
  });
  const start = performance.now();
  await fetch(`${bareUrl}/all`, { method: 'POST', body: JSON.stringify({ content: 'bare-all' }) });
  const fanout = (await all) - start;
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), fanout, mem: rssMb(bare.pid!) };
}
const base = await measureBare();
for (const c of bareClients) c.ws.terminate();
bare.kill();

// ---- our server -----------------------------------------------------------------------------------
const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-bench-rt-'));
console.log(`seeding ${HOLD} users ...`);
// With DATABASE_URL the server runs on that PostgreSQL (a fresh database is created on it), else embedded.
const databaseUrl = await freshDatabase(process.env.DATABASE_URL);
const users = await seedBenchUsers(dataDir, HOLD, secret, databaseUrl);
const server = await startServerProcess(
  { JWT_SECRET: secret, LOG_LEVEL: 'error', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  { dataDir },
);
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`);
const serverPid = server.child.pid!;
const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
const admin = (await (
  await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'pingtai', password: 'Demo@2026' }),
  })
).json()) as { data: { token: string } };
const notice = (body: object) =>
  fetch(`${server.url}/api/notices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.data.token}` },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number; message: string }>);

const clients: Client[] = [];
let errors = 0;
const heartbeats: NodeJS.Timeout[] = [];
async function connectOurs(from: number, to: number) {
  await pool(users.slice(from, to), 200, async (user) => {
    const client: Client = { ws: undefined as unknown as WebSocket, userId: user.id };
    let bound!: () => void;
    const boundP = new Promise<void>((r) => {
      bound = r;
    });
    try {
      client.ws = await openSocket(wsUrl, (text) => {
        const frame = JSON.parse(text);
        if (frame.type === 'init') {
          fetch(`${server.url}/api/websocket/bindUser`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
            body: JSON.stringify({ client_id: frame.client_id }),
          })
            .then((r) => r.json())
            .then(() => {
              client.ws.send(JSON.stringify({ type: 'login' }));
            })
            .catch(() => errors++);
        } else if (frame.type === 'login') bound();
        else client.onMessage?.(text);
      });
      client.ws.on('error', () => errors++);
      await boundP;
      const send = () => client.ws.readyState === WebSocket.OPEN && client.ws.send('{"type":"intervalData"}');
      const t = setTimeout(() => heartbeats.push(setInterval(send, 30_000)), Math.random() * 30_000);
      heartbeats.push(t);
      clients.push(client);
    } catch {
      errors++;
    }
  });
}

console.log(`opening ${N} bound sockets ...`);
let t = Date.now();
await connectOurs(0, N);
console.log(`  ${clients.length} bound in ${((Date.now() - t) / 1000).toFixed(1)} s, errors ${errors}`);

async function measureOurs() {
  const latencies: number[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const k = Math.floor(Math.random() * clients.length);
    const content = `bench-${i}-${k}`;
    const got = new Promise<number>((resolve) => {
      clients[k].onMessage = (text) => {
        if (text.includes(content)) resolve(performance.now());
      };
    });
    const start = performance.now();
    const sent = await notice({ target: 'user', user_id: clients[k].userId, content });
    if (sent.code !== 200) throw new Error(`notice failed: ${sent.message}`);
    latencies.push((await got) - start);
    clients[k].onMessage = undefined;
  }
  const content = `bench-all-${Date.now()}`;
  let reached = 0;
  const all = new Promise<number>((resolve) => {
    for (const c of clients) {
      // Each socket counts once, on the pushed frame (a heartbeat answer also lists the notice).
      c.onMessage = (text) => {
        if (!text.startsWith('{"type":"message"') || !text.includes(content)) return;
        c.onMessage = undefined;
        if (++reached === clients.length) resolve(performance.now());
      };
    }
  });
  const start = performance.now();
  const sentAll = await notice({ target: 'all', content });
  if (sentAll.code !== 200) throw new Error(`notice failed: ${sentAll.message}`);
  const fanout =
    (await Promise.race([all, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 60_000))])) - start;
  for (const c of clients) c.onMessage = undefined;
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), fanout, reached, mem: rssMb(serverPid) };
}
const ours = await measureOurs();

// ---- hold up to HOLD sockets, then go past the limit -----------------------------------------------
t = Date.now();
const errorsBefore = errors;
await connectOurs(N, HOLD);
const held = clients.length;
const holdErrors = errors - errorsBefore;
const holdSeconds = (Date.now() - t) / 1000;
const holdMem = rssMb(serverPid);
let refused = 0;
const extra: WebSocket[] = [];
await pool(
  Array.from({ length: 700 }, (_, i) => i),
  50,
  async () => {
    try {
      const ws = await Promise.race([
        openSocket(wsUrl, () => {}),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000)),
      ]);
      ws.on('error', () => {});
      extra.push(ws);
    } catch {
      refused++;
    }
  },
);
await new Promise((r) => setTimeout(r, 1000));
const stillOpen = extra.filter((w) => w.readyState === WebSocket.OPEN).length;
for (const w of extra) w.terminate();
await new Promise((r) => setTimeout(r, 1000));
const alive =
  server.child.exitCode === null &&
  (await fetch(`${server.url}/healthz`).then(
    (r) => r.ok,
    () => false,
  ));

// ---- report ----------------------------------------------------------------------------------------
const f = (n: number) => n.toFixed(2);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
console.log(`\nreal-time channel, ${N} bound sockets, heartbeat every 30 s, ${PUSHES} single pushes`);
console.log(`                       ours          bare ws       ratio`);
console.log(
  `single push p50 (ms)   ${f(ours.p50).padEnd(13)} ${f(base.p50).padEnd(13)} ${ratio(ours.p50, base.p50)}`,
);
console.log(
  `single push p99 (ms)   ${f(ours.p99).padEnd(13)} ${f(base.p99).padEnd(13)} ${ratio(ours.p99, base.p99)}`,
);
console.log(
  `everyone reached (ms)  ${f(ours.fanout).padEnd(13)} ${f(base.fanout).padEnd(13)} ${ratio(ours.fanout, base.fanout)}   (${ours.reached}/${Math.min(clients.length, N)})`,
);
console.log(
  `resident memory (MB)   ${f(ours.mem.rss).padEnd(13)} ${f(base.mem.rss).padEnd(13)} ${ratio(ours.mem.rss, base.mem.rss)}`,
);
console.log(
  `\nheld ${held} bound sockets (target ${HOLD}) in ${holdSeconds.toFixed(1)} s, errors ${holdErrors}, resident ${f(holdMem.rss)} MB (peak ${f(holdMem.peak)} MB)`,
);
console.log(
  `past the limit: ${refused + (700 - refused - stillOpen)} of 700 extra connections refused, ${stillOpen} accepted; server alive and /healthz ok: ${alive}`,
);
for (const h of heartbeats) clearInterval(h);
for (const c of clients) c.ws.terminate();
await server.stop();
process.exit(0);
