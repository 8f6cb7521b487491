import { loadavg } from 'node:os';
import type { CertificateListQuery, CertificateRow } from '@skill-cert/shared/certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { companyScope } from '../apps/server/src/lib/company-scope.ts';
import { libraryFilter, libraryOrder, listLibrary } from '../apps/server/src/modules/certificates/library.ts';
import { certificates } from '../apps/server/src/modules/certificates/tables.ts';
import { companyOf } from '../apps/server/test/fixtures/level-evaluations-plans.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { apiClient } from './lib/api-client.ts';
import { freshDatabase } from './lib/fresh-database.ts';
import {
  FIRST_ISSUE_DAY,
  GIVEN,
  ISSUE_DAYS,
  OCCUPATIONS,
  SURNAMES,
  seededIdNumberOf,
  seededNumberOf,
  seedLibraryCertificates,
} from './lib/seed-certificates.ts';

/**
 * The certificate library's search on PostgreSQL, `npm run bench:grant-library` with
 * DATABASE_URL (an admin URL: a fresh database on that PostgreSQL; the library is a PostgreSQL figure, so it is
 * required). BENCH_CERTIFICATES (default 1,000,000) certificates of the demo company are seeded by one
 * `insert … select … from generate_series` (names from 100 surnames × 100 × 100 given-name characters, 20
 * occupations, 5 levels, issue dates over 2,400 days, 3 % revoked), then one real server process answers
 * `GET /api/certificates` as the library page asks it (its search form's fields), BENCH_QUERIES times each, with
 * values spread over the table. Printed: p50/p99 round trips on loopback (an upper bound of server time) beside the
 * targets, and the plan PostgreSQL chooses for each query's SQL (built by the same `libraryFilter`).
 */
const N = Number(process.env.BENCH_CERTIFICATES ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);

const DAYS = ISSUE_DAYS;
const START = FIRST_ISSUE_DAY;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const rand = (n: number) => Math.floor(Math.random() * n);
const numberOf = seededNumberOf;
const idNumberOf = seededIdNumberOf;
const dayOf = (offset: number) => {
  const d = new Date(`${START}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

if (!process.env.DATABASE_URL) {
  console.error('bench:grant-library needs DATABASE_URL (an admin URL of a PostgreSQL server)');
  process.exit(2);
}
const database = await freshDatabase(process.env.DATABASE_URL);
if (!database) throw new Error('no database');
console.log(
  `bench:grant-library — ${N.toLocaleString()} certificates on PostgreSQL, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const seeding = await openDatabase({ url: database.url, pgliteDir: null });
await seedDemoData(seeding.db);
const companyId = await companyOf(seeding.db, 'qiye');
let started = performance.now();
await seedLibraryCertificates(seeding.db, companyId, N);
const seedMs = performance.now() - started;
started = performance.now();
await seeding.db.execute(sql`analyze certificates`);
console.log(
  `seeded ${N.toLocaleString()} certificates in ${(seedMs / 1000).toFixed(1)} s (analyze ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);

// The SQL each search runs (the same filter as the route), and the plan PostgreSQL picks for it on this table.
const own = companyScope(companyId, 1);
const explainClient = new pg.Client({ connectionString: database.url });
await explainClient.connect();
async function planOf(q: CertificateListQuery): Promise<string> {
  const query = seeding.db
    .select()
    .from(certificates)
    .where(libraryFilter(own, q))
    .orderBy(...libraryOrder)
    .limit(10)
    .toSQL();
  const res = await explainClient.query(`explain ${query.sql}`, query.params);
  const lines = res.rows.map((r) => String(r['QUERY PLAN']));
  return lines
    .filter((l) => /Index|Seq Scan|Bitmap/.test(l))
    .map((l) => l.trim().replace(/\s+\(cost=.*$/, ''))
    .join(' | ');
}

interface Case {
  name: string;
  target: number;
  query: () => CertificateListQuery;
}
const cases: Case[] = [
  {
    name: 'exact certificate number (certificate_no)',
    target: 20,
    query: () => ({ certificate_no: numberOf(rand(N)) }),
  },
  { name: 'exact ID number (id_number)', target: 20, query: () => ({ id_number: idNumberOf(rand(N)) }) },
  {
    name: 'keyword = a certificate number',
    target: 20,
    query: () => ({ keyword: numberOf(rand(N)) }),
  },
  {
    name: 'name prefix, surname + 1 character (holder_name)',
    target: 50,
    query: () => ({ holder_name: `${SURNAMES[rand(100)]}${GIVEN[rand(100)]}` }),
  },
  {
    name: 'filtered page: occupation + level + 90-day range',
    target: 100,
    query: () => {
      const from = rand(DAYS - 90);
      return {
        occupation_code: OCCUPATIONS[rand(20)],
        level: (1 + rand(5)) as CertificateListQuery['level'],
        issue_date_start: dayOf(from),
        issue_date_end: dayOf(from + 89),
      };
    },
  },
];

for (const c of cases) console.log(`plan — ${c.name}: ${await planOf(c.query())}`);
// PostgreSQL's own execution time of the page's query (EXPLAIN ANALYZE), apart from the machine's other load.
console.log('— execution time in PostgreSQL of the page query (EXPLAIN ANALYZE):');
for (const c of cases) {
  const times: number[] = [];
  for (let i = 0; i < Math.min(QUERIES, 100); i++) {
    const query = seeding.db
      .select()
      .from(certificates)
      .where(libraryFilter(own, c.query()))
      .orderBy(...libraryOrder)
      .limit(10)
      .toSQL();
    const res = await explainClient.query(`explain (analyze, format json) ${query.sql}`, query.params);
    times.push(Number((res.rows[0]['QUERY PLAN'] as { 'Execution Time': number }[])[0]['Execution Time']));
  }
  console.log(`${c.name}: p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}`);
}
await explainClient.end();

// The service with its real SQL, in this process (no HTTP, no session): what the database takes.
const report = (label: string, times: number[], target: number, extra = '') => {
  const p99 = pct(times, 99);
  console.log(
    `${label}: p50 ${ms(pct(times, 50))}, p99 ${ms(p99)} (target < ${target} ms) ${p99 < target ? 'met' : 'NOT met'}${extra}`,
  );
};
console.log('— the service (listLibrary: the page and its total), in process:');
for (const c of cases) {
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const t = performance.now();
    await listLibrary(seeding.db, own, { ...c.query(), page: 1, per_page: 10 });
    times.push(performance.now() - t);
  }
  report(c.name, times, c.target);
}
await seeding.close();

const server = await startServerProcess({ LOG_LEVEL: 'error', DATABASE_URL: database.url });
try {
  const call = apiClient(server.url);
  const { token } = (
    await call<{ token: string }>('POST', '/api/login', null, { name: 'qiye', password: 'Demo@2026' })
  ).data;
  const search = (q: CertificateListQuery) =>
    call<Paged<CertificateRow>>(
      'GET',
      `/api/certificates?${new URLSearchParams(
        Object.entries(q).map(([k, v]) => [k, String(v)]),
      ).toString()}&page=1&per_page=10`,
      token,
    );
  // Warm the server's code paths and the connection pool (not measured).
  for (let i = 0; i < 20; i++) await search(cases[i % cases.length].query());
  console.log('— through the API (GET /api/certificates, round trips on loopback):');
  const baseline: number[] = [];
  for (let i = 0; i < QUERIES; i++) baseline.push((await call('GET', '/api/user', token)).took);
  console.log(
    `for reference, GET /api/user (session and user only): p50 ${ms(pct(baseline, 50))}, p99 ${ms(pct(baseline, 99))}`,
  );
  for (const c of cases) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < QUERIES; i++) {
      const { data, took } = await search(c.query());
      times.push(took);
      found += data.meta.total;
    }
    report(c.name, times, c.target, `; ${(found / QUERIES).toFixed(1)} matches on average`);
  }
  const first = await search({});
  console.log(
    `for reference: the unfiltered first page with its total (${first.data.meta.total.toLocaleString()}) ${ms(first.took)}`,
  );
} finally {
  await server.stop();
  await database.drop();
}
