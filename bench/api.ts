import autocannon from 'autocannon';
import { startServerProcess } from '../apps/server/test/server-process.ts';

/**
 * `npm run bench:api`: the server on its embedded database, measured in one run with autocannon:
 * a bare GET /healthz against an authenticated GET /api/user (token check against the session
 * table plus the user and role queries), and their ratio.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);

function run(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const server = await startServerProcess({ LOG_LEVEL: 'error' });
try {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'qiye', password: 'Demo@2026' }),
  });
  const { data } = (await res.json()) as { data: { token: string } };
  const auth = { authorization: `Bearer ${data.token}` };
  await run(`${server.url}/healthz`); // warm-up
  const health = await run(`${server.url}/healthz`);
  const user = await run(`${server.url}/api/user`, auth);
  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(16)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\nautocannon -c ${connections} -d ${duration}s, one server process, embedded database`);
  console.log(row('GET /healthz', health));
  console.log(row('GET /api/user', user));
  console.log(`ratio /api/user : /healthz = ${(user.requests.average / health.requests.average).toFixed(3)}`);
} finally {
  await server.stop();
}
