import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { jpeg } from '../apps/server/test/fixtures/certificate-engine.ts';
import { companyOf } from '../apps/server/test/fixtures/level-evaluations-plans.ts';
import { type Nginx, startNginx } from '../apps/server/test/nginx.ts';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import { type ServerProcess, startServerProcess } from '../apps/server/test/server-process.ts';
import { apiClient } from './lib/api-client.ts';
import { freshDatabase } from './lib/fresh-database.ts';
import { seedCompanyLists } from './lib/seed-lists.ts';
import { machineState, processCpuSeconds, processMb } from './lib/seeded-server.ts';

/**
 * `npm run bench:cluster`: BENCH_USERS (200) simulated users for BENCH_SECONDS (60) against nginx (the configuration
 * of docs/deployment.md) in front of one node, then in front of two, on one PostgreSQL (DATABASE_URL, an admin URL;
 * default the local one of `.ci/run`) and one object storage (an S3-protocol server in this process). Each user signs
 * in, holds a socket bound to its session through nginx, and loops with BENCH_THINK_MS (300) of thinking (random,
 * 0–2× that) before each step: its user, the certificate library (a random page) and one certificate, the evaluations
 * and one evaluation, its messages, and a 200 KB stored file's download. Every 2 s the platform sends qiye a notice:
 * each socket must receive each one. Printed per endpoint: requests, req/s, p50, p99, max and errors; pushes delivered
 * of expected with their latency; CPU seconds of each node, nginx and this process; the machine's state before and
 * after. Then the two-node figures as ratios of the one-node run. The users, sockets and storage run in this process
 * on the same two cores as the nodes: the ratio is what a second node buys on this machine, not on two.
 */
const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 300);
const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 10_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 1_000);
const adminUrl =
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';

interface Figures {
  latencies: Map<string, number[]>;
  errors: Map<string, number>;
  firstError: Map<string, string>;
  pushLatencies: number[];
  pushesExpected: number;
}

const pct = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const database = await freshDatabase(adminUrl);
if (!database) throw new Error('bench:cluster needs PostgreSQL: set DATABASE_URL to an admin URL');
const storage = await startS3Server();
const seeding = await openDatabase({ url: database.url, pgliteDir: null });
await seedDemoData(seeding.db);
await seedCompanyLists(seeding.db, await companyOf(seeding.db, 'qiye'), 'qiye', {
  certificates: CERTIFICATES,
  plans: PLANS,
  batches: 20,
  records: 30,
});
await seeding.close();

const env = {
  DATABASE_URL: database.url,
  JWT_SECRET: randomBytes(32).toString('hex'),
  SEED_DEMO: '0',
  LOG_LEVEL: 'error',
  TRUST_PROXY: '1',
  STORAGE: 's3',
  S3_ENDPOINT: storage.settings.endpoint,
  S3_REGION: storage.settings.region,
  S3_BUCKET: storage.settings.bucket,
  S3_ACCESS_KEY_ID: storage.settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: storage.settings.secretAccessKey,
  S3_FORCE_PATH_STYLE: '1',
  S3_PREFIX: storage.settings.prefix,
};

/** The envelope's data of a call through `base` (bench/lib/api-client.ts); anything but code 200 throws. */
const call = async <T>(base: string, method: string, url: string, token: string | null, body?: unknown) =>
  (await apiClient(base)<T>(method, url, token, body)).data;

/** One run: `nodeCount` nodes behind nginx, USERS users for SECONDS. */
async function run(nodeCount: number): Promise<Figures & { cpu: string; seconds: number }> {
  const dataDirs = Array.from({ length: nodeCount }, () => mkdtempSync(path.join(tmpdir(), 'sc-cluster-')));
  const nodes: ServerProcess[] = await Promise.all(
    dataDirs.map((dataDir) => startServerProcess(env, { dataDir })),
  );
  let proxy: Nginx | undefined;
  try {
    proxy = await startNginx(nodes.map((n) => n.url));
    const base = proxy.url;
    const login = (name: string) =>
      call<{ token: string }>(base, 'POST', '/api/login', null, { name, password: 'Demo@2026' });
    const { token: qiye } = await login('qiye');
    const { token: pingtai } = await login('pingtai');
    const qiyeId = (await call<{ _id: string }>(base, 'GET', '/api/user', qiye))._id;
    const certificates = (
      await call<{ list: { _id: string }[] }>(base, 'GET', '/api/certificates?page=1&per_page=50', qiye)
    ).list.map((c) => c._id);
    const plans = (
      await call<{ list: { _id: string }[] }>(base, 'GET', '/api/levelEvaluations?page=1&per_page=50', qiye)
    ).list.map((p) => p._id);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg(1200, 900))]), '下载测试.jpg');
    const uploaded = await fetch(`${base}/api/files/upload?type=image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${qiye}` },
      body: form,
    });
    const fileId = ((await uploaded.json()) as { data: { file_id: string } }).data.file_id;
    const pages = Math.max(1, Math.floor(CERTIFICATES / 10));

    const figures: Figures = {
      latencies: new Map(),
      errors: new Map(),
      firstError: new Map(),
      pushLatencies: [],
      pushesExpected: 0,
    };
    const record = (name: string, ms: number) => {
      const list = figures.latencies.get(name) ?? [];
      list.push(ms);
      figures.latencies.set(name, list);
    };
    const fail = (name: string, why: string) => {
      figures.errors.set(name, (figures.errors.get(name) ?? 0) + 1);
      if (!figures.firstError.has(name)) figures.firstError.set(name, why);
    };
    /** A timed request; anything but 200 (and code 200 for JSON) is an error. */
    const step = async (name: string, method: string, url: string, token: string | null, body?: unknown) => {
      const started = performance.now();
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        const bytes = Buffer.from(await res.arrayBuffer());
        const json = res.headers.get('content-type')?.includes('json')
          ? (JSON.parse(bytes.toString()) as { code: number; message: string; data: unknown })
          : null;
        if (res.status !== 200 || (json && json.code !== 200)) {
          fail(name, `${res.status} ${json?.message ?? ''}`);
          return null;
        }
        record(name, performance.now() - started);
        return json?.data ?? bytes;
      } catch (err) {
        fail(name, String(err));
        return null;
      }
    };

    /** Sent notices by their text: when each was sent. */
    const sentAt = new Map<string, number>();
    const sockets: WebSocket[] = [];
    /** Sockets bound to their session: each must receive every notice sent after it was bound, once. */
    const bound = new Set<WebSocket>();
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const think = () => sleep(Math.random() * 2 * THINK_MS);
    let running = true;

    const user = async () => {
      const session = (await step('POST /api/login', 'POST', '/api/login', null, {
        name: 'qiye',
        password: 'Demo@2026',
      })) as { token: string } | null;
      if (!session) return;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
      sockets.push(ws);
      let boundAt = Number.POSITIVE_INFINITY;
      const seen = new Set<string>();
      const binding = new Promise<void>((resolve, reject) => {
        ws.on('error', (err) => {
          fail('socket', String(err));
          reject(err);
        });
        ws.on('message', (raw) => {
          const frame = JSON.parse(String(raw)) as {
            type: string;
            client_id?: string;
            data?: { ok?: boolean; list?: { content: string }[] };
          };
          if (frame.type === 'init')
            void step('POST bindUser', 'POST', '/api/websocket/bindUser', session.token, {
              client_id: frame.client_id,
            }).then(() => ws.send(JSON.stringify({ type: 'login' })));
          else if (frame.type === 'login' && frame.data?.ok) {
            boundAt = performance.now();
            bound.add(ws);
            resolve();
          } else if (frame.type === 'message')
            for (const m of frame.data?.list ?? []) {
              // A notice sent before the socket was bound (an unread list) or a repeat is not a push of this run.
              const at = sentAt.get(m.content);
              if (at !== undefined && at >= boundAt && !seen.has(m.content)) {
                seen.add(m.content);
                figures.pushLatencies.push(performance.now() - at);
              }
            }
        });
      });
      await binding.catch(() => undefined);
      while (running) {
        await think();
        await step('GET /api/user', 'GET', '/api/user', session.token);
        await think();
        await step(
          'GET /api/certificates',
          'GET',
          `/api/certificates?page=${1 + Math.floor(Math.random() * pages)}&per_page=10`,
          session.token,
        );
        await think();
        await step(
          'GET /api/certificates/:id',
          'GET',
          `/api/certificates/${pick(certificates)}`,
          session.token,
        );
        await think();
        await step(
          'GET /api/levelEvaluations',
          'GET',
          '/api/levelEvaluations?page=1&per_page=10',
          session.token,
        );
        await think();
        await step(
          'GET /api/levelEvaluations/:id',
          'GET',
          `/api/levelEvaluations/${pick(plans)}`,
          session.token,
        );
        await think();
        await step('GET /api/message', 'GET', '/api/message?page=1&per_page=10', session.token);
        await think();
        await step('GET /api/files/:id', 'GET', `/api/files/${fileId}`, session.token);
      }
    };

    const nginxCpu = () => proxy!.pids().reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
    const cpuBefore = [...nodes.map((n) => processCpuSeconds(n.child.pid!)), process.cpuUsage()];
    const nginxBefore = nginxCpu();
    console.log(`\n${nodeCount} node${nodeCount > 1 ? 's' : ''} behind nginx — before: ${machineState()}`);
    const started = performance.now();
    const users = Array.from({ length: USERS }, () => user());
    // Notices every 2 s; each is expected once on every socket bound by then.
    const pushes = (async () => {
      let n = 0;
      while (running) {
        await sleep(2000);
        if (!running) break;
        const content = `集群压测通知 ${nodeCount}-${++n}`;
        const open = [...bound].filter((s) => s.readyState === WebSocket.OPEN).length;
        sentAt.set(content, performance.now());
        try {
          await call(base, 'POST', '/api/notices', pingtai, { target: 'user', user_id: qiyeId, content });
          figures.pushesExpected += open;
        } catch (err) {
          fail('POST /api/notices', String(err));
        }
      }
    })();
    await sleep(SECONDS * 1000);
    running = false;
    await Promise.all([...users, pushes]);
    const seconds = (performance.now() - started) / 1000;
    // The last notice's pushes have time to arrive before the sockets close.
    await sleep(2000);
    for (const s of sockets) s.close();
    const usage = process.cpuUsage(cpuBefore[nodeCount] as NodeJS.CpuUsage);
    const nodeCpu = nodes.map((n, i) => processCpuSeconds(n.child.pid!) - (cpuBefore[i] as number));
    const cpu = `CPU s: ${nodeCpu.map((c, i) => `node ${i + 1} ${c.toFixed(1)} (RSS peak ${processMb(nodes[i].child.pid!).toFixed(0)} MB)`).join(', ')}, nginx ${(nginxCpu() - nginxBefore).toFixed(1)}, this process (users, sockets, storage) ${((usage.user + usage.system) / 1e6).toFixed(1)}`;
    return { ...figures, cpu, seconds };
  } finally {
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

function print(r: Awaited<ReturnType<typeof run>>) {
  const names = [...new Set([...r.latencies.keys(), ...r.errors.keys()])];
  const width = Math.max(...names.map((n) => n.length)) + 2;
  let errors = 0;
  for (const name of names) {
    const l = r.latencies.get(name) ?? [];
    const e = r.errors.get(name) ?? 0;
    errors += e;
    console.log(
      `${name.padEnd(width)} ${String(l.length).padStart(7)} ok  ${(l.length / r.seconds).toFixed(1).padStart(7)} req/s  p50 ${pct(l, 50).toFixed(1).padStart(6)} ms  p99 ${pct(l, 99).toFixed(1).padStart(7)} ms  max ${Math.max(
        0,
        ...l,
      )
        .toFixed(0)
        .padStart(6)} ms  errors ${e}${e ? ` (first: ${r.firstError.get(name)})` : ''}`,
    );
  }
  const delivered = r.pushLatencies.length;
  const missing = r.pushesExpected - delivered;
  console.log(
    `${'pushes'.padEnd(width)} ${delivered} of ${r.pushesExpected} delivered  p50 ${pct(r.pushLatencies, 50).toFixed(1)} ms  p99 ${pct(r.pushLatencies, 99).toFixed(1)} ms${missing > 0 ? `  ✗ ${missing} missing` : ''}`,
  );
  console.log(`${r.cpu}\nafter: ${machineState()}`);
  console.log(
    errors + Math.max(0, missing) === 0
      ? '0 errors ✓'
      : `✗ ${errors} errors, ${Math.max(0, missing)} pushes missing`,
  );
  return errors + Math.max(0, missing);
}

console.log(
  `bench:cluster — ${USERS} users for ${SECONDS} s (thinking 0–${2 * THINK_MS} ms before each step), ${CERTIFICATES.toLocaleString()} certificates and ${PLANS.toLocaleString()} plans of qiye's company on PostgreSQL, object storage (s3rver), nginx\nmachine: ${machineState()}`,
);
let failures = 0;
try {
  const one = await run(1);
  failures += print(one);
  const two = await run(2);
  failures += print(two);
  console.log('\ntwo nodes against one (requests a second, p99):');
  for (const name of two.latencies.keys()) {
    const a = one.latencies.get(name) ?? [];
    const b = two.latencies.get(name) ?? [];
    console.log(
      `  ${name}: ${(b.length / two.seconds / (a.length / one.seconds)).toFixed(2)}× the requests, p99 ${(pct(b, 99) / pct(a, 99)).toFixed(2)}×`,
    );
  }
} finally {
  await storage.close();
  await database.drop();
}
process.exitCode = failures ? 1 : 0;
