import { cpus, freemem, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { seedCompanyLists } from './lib/seed-lists.ts';
import { loadAverage, processCpuSeconds, seededServer } from './lib/seeded-server.ts';

/**
 * `npm run bench:api`: one server process (embedded database; DATABASE_URL, an admin URL, runs it on a fresh
 * PostgreSQL database), measured with autocannon against a bare GET /healthz of the same run:
 * - the reads of a signed-in user (target ≥ 0.3 of /healthz): /api/user; the message list and the unread messages of
 *   a user with 200 messages; a dictionary; the menus of 运营人员;
 * - the lists of the enterprise portal (target ≥ 0.15 of /healthz at 50 connections) on a company
 *   seeded before the server starts with BENCH_CERTIFICATES (10,000) certificates, BENCH_PLANS (1,000) plans in every
 *   state with their archives and grants, 100 offline and 100 custom batches and 30 filings (bench/lib/seed-lists.ts):
 *   证书库, 等级评价, 评价审批, 档案管理, 证书发放, 证书生成, 证书模板's batches, 备案申请;
 * each at BENCH_CONNECTIONS (50) and BENCH_HIGH_CONNECTIONS (200), requests over 10 s counted as timeouts (target:
 * none at 200). Beside each: req/s, p50, p99 and max latency, the server's CPU seconds during the run and per
 * request, and the machine's load average; the machine (cores, memory) at the start, so figures from a busy machine
 * can be told apart.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const highConnections = Number(process.env.BENCH_HIGH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 10_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 1_000);

interface Target {
  name: string;
  path: string;
  /** The ratio of /healthz this read must reach at BENCH_CONNECTIONS. */
  target?: number;
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

const {
  url: base,
  pid,
  call,
  token: qiye,
  stop,
} = await seededServer(
  'api',
  (db, companyId) =>
    seedCompanyLists(db, companyId, 'qiye', {
      certificates: CERTIFICATES,
      plans: PLANS,
      batches: 100,
      records: 30,
    }),
  (on) =>
    `bench:api — ${CERTIFICATES.toLocaleString()} certificates and ${PLANS.toLocaleString()} plans of qiye's company on ${on}`,
);
try {
  const login = async (name: string) =>
    (await call<{ token: string }>('POST', '/api/login', null, { name, password: 'Demo@2026' })).data.token;
  const [pingtai, yunying] = [await login('pingtai'), await login('yunying')];
  // qiye gets 200 notices, the first 100 read: a list with pages, read and unread rows.
  const qiyeId = (await call<{ _id: string }>('GET', '/api/user', qiye)).data._id;
  for (let i = 0; i < 200; i++) {
    await call('POST', '/api/notices', pingtai, {
      target: 'user',
      user_id: qiyeId,
      content: `通知 ${i + 1}`,
    });
    if (i === 99) await call('POST', '/api/message/readMany', qiye, { ids: [] });
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const page = 'page=1&per_page=10';
  const list = (name: string, path: string): Target => ({
    name,
    path: `${path}${path.includes('?') ? '&' : '?'}${page}`,
    headers: auth(qiye),
    target: 0.15,
  });
  const targets: Target[] = [
    { name: 'GET /healthz', path: '/healthz' },
    { name: 'GET /api/user', path: '/api/user', headers: auth(qiye), target: 0.3 },
    { name: 'GET /api/message', path: `/api/message?${page}`, headers: auth(qiye), target: 0.3 },
    { name: 'GET unreadMessage', path: '/api/message/unreadMessage', headers: auth(qiye), target: 0.3 },
    {
      name: 'POST /api/dict',
      path: '/api/dict',
      method: 'POST',
      headers: { ...auth(qiye), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'params[]=company_type&params[]=record_status&params[]=skill_level',
      target: 0.3,
    },
    { name: 'GET personalMenus', path: '/api/user/personalMenus', headers: auth(yunying), target: 0.3 },
    list('证书库', '/api/certificates'),
    list('等级评价', '/api/levelEvaluations'),
    list('评价审批', '/api/evaluationApprovals?type=plan'),
    list('档案管理', '/api/archives'),
    list('证书发放', '/api/certificateGrants'),
    list('证书生成', '/api/offlineCertificateBatches'),
    list('自定义证书批次', '/api/customCertificateBatchUploadRecords'),
    list('备案申请', '/api/recordApplications'),
  ];
  // Every read answers before it is measured (and the embedded database has read what it reads once).
  for (const t of targets) {
    const res = await fetch(`${base}${t.path}`, { method: t.method, headers: t.headers, body: t.body });
    const json = (await res.json()) as { code?: number; status?: string; message?: string };
    if (res.status !== 200 || (json.code !== undefined && json.code !== 200))
      throw new Error(`${t.name}: ${res.status} ${json.message}`);
  }
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), memory free ${(freemem() / 2 ** 30).toFixed(1)} of ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadAverage()}`,
  );
  await run(targets[0], base, connections); // warm-up
  const width = Math.max(...targets.map((t) => t.name.length)) + 2;
  /** Server CPU ms a request: a figure a busy machine moves far less than requests a second. */
  const cpuPerRequest = (r: autocannon.Result, cpu: number) =>
    r.requests.total ? (cpu * 1000) / r.requests.total : Number.NaN;
  /**
   * Waits until the server has worked off what a run left queued (requests autocannon gave up on are still
   * answered): /healthz answers within 100 ms, or a minute passed. Otherwise a slow read's backlog is measured
   * against the next one.
   */
  const settle = async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      if (performance.now() - started < 100) return;
    }
  };
  let healthCpu = 0;
  const row = (t: Target, r: autocannon.Result, cpu: number, ratio: number | undefined, conns: number) => {
    const perRequest = cpuPerRequest(r, cpu);
    const cpuRatio =
      ratio === undefined || Number.isNaN(perRequest)
        ? ''
        : `, CPU ratio ${(healthCpu / perRequest).toFixed(3)}`;
    const verdict =
      ratio === undefined || t.target === undefined
        ? ''
        : conns === connections
          ? `   ratio ${ratio.toFixed(3)} ${ratio >= t.target ? '✓' : `✗ (target ≥ ${t.target})`}`
          : `   ratio ${ratio.toFixed(3)}${r.timeouts === 0 ? '' : '  ✗ timeouts'}`;
    return `${t.name.padEnd(width)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  max ${String(r.latency.max).padStart(5)} ms  errors ${r.errors + r.non2xx}  timeouts ${r.timeouts}   server CPU ${cpu.toFixed(1)} s (${Number.isNaN(perRequest) ? '—' : perRequest.toFixed(3)} ms a request${cpuRatio})   load ${loadAverage()}${verdict}`;
  };
  for (const conns of [connections, highConnections]) {
    console.log(`\nautocannon -c ${conns} -d ${duration}s (load average at the start ${loadAverage()})`);
    let health = 0;
    for (const t of targets) {
      await settle();
      const before = processCpuSeconds(pid);
      const r = await run(t, base, conns);
      const cpu = processCpuSeconds(pid) - before;
      if (t.path === '/healthz') {
        health = r.requests.average;
        healthCpu = cpuPerRequest(r, cpu);
      }
      console.log(row(t, r, cpu, t.path === '/healthz' ? undefined : r.requests.average / health, conns));
    }
  }
} finally {
  await stop();
}
