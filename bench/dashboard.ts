import type { DashboardData } from '@skill-cert/shared/dashboard';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { apiClient } from './lib/api-client.ts';
import { freshDatabase } from './lib/fresh-database.ts';
import { OCCUPATIONS } from './lib/seed-certificates.ts';
import { machineState, processCpuSeconds, processMb } from './lib/seeded-server.ts';

/**
 * 数据看板 on PostgreSQL, `npm run bench:dashboard` with DATABASE_URL (an admin URL: a fresh database on that
 * PostgreSQL is made and dropped). Seeded: the demo, BENCH_COMPANIES (default 300) companies over the 31 provinces
 * (a tenth institutions, some frozen, each with a filing: approved, or waiting), BENCH_PLANS (default 20,000) plans
 * over five years with candidate and pass counts, and BENCH_CERTIFICATES (default 1,000,000) certificates over
 * 2,000 days, 20 occupations and 5 levels, 3 % revoked, by `insert … select … from generate_series` (the triggers
 * count them as they go in, as they would a grant). Then one real server process answers `GET /api/dashboard` as the
 * page asks it (the default 12 months, a year, three years, five years), BENCH_QUERIES (default 300) times in turn.
 * Printed: the seeding time, p50/p99/max round trips on loopback beside the target (p99 < 200 ms), the plan of the
 * certificate counts' query, CPU seconds of the server and of this process, and the machine's state before and after.
 */
const N = Number(process.env.BENCH_CERTIFICATES ?? 1_000_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 300);
const PLANS = Number(process.env.BENCH_PLANS ?? 20_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const TARGET_MS = 200;

const PROVINCES = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
];
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const arr = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

if (!process.env.DATABASE_URL) {
  console.error('bench:dashboard needs DATABASE_URL (an admin URL of a PostgreSQL server)');
  process.exit(2);
}
const database = await freshDatabase(process.env.DATABASE_URL);
if (!database) throw new Error('no database');
console.log(
  `bench:dashboard — ${N.toLocaleString()} certificates, ${COMPANIES} companies, ${PLANS.toLocaleString()} plans on PostgreSQL`,
);
console.log(`before: ${machineState()}`);

try {
  const seeding = await openDatabase({ url: database.url, pgliteDir: null });
  await seedDemoData(seeding.db);
  let started = performance.now();
  const cpuStart = process.cpuUsage();
  // Companies over the provinces; every tenth an institution, every 25th frozen; each with one filing, a fifth waiting.
  await seeding.db.execute(
    sql.raw(`
    insert into companies (id, name, type, credit_code, region_code, status)
    select gen_random_uuid(), '看板测试单位' || i, case when i % 10 = 0 then 2 else 1 end,
      '91330100BENCH' || lpad(i::text, 5, '0'),
      (${arr(PROVINCES)})[1 + i % 31] || '0101', case when i % 25 = 0 then 0 else 1 end
    from generate_series(1, ${COMPANIES}) as s(i)`),
  );
  await seeding.db.execute(
    sql.raw(`
    insert into record_applications (id, company_id, record_no, kind, status)
    select gen_random_uuid(), c.id, 'BABENCH' || lpad(row_number() over (order by c.id)::text, 8, '0'), c.type,
      case when row_number() over (order by c.id) % 5 = 0 then 1 else 2 end
    from companies c where c.name like '看板测试单位%'`),
  );
  await seeding.db.execute(
    sql.raw(`
    with c as (select id, type, row_number() over (order by id) - 1 as k from companies where name like '看板测试单位%')
    insert into level_evaluations (id, company_id, owner_kind, name, occupation_code, level, start_date, end_date,
      status, candidate_count, pass_count)
    select gen_random_uuid(), c.id, c.type, '看板测试计划' || i, (${arr(OCCUPATIONS)})[1 + i % 20], 1 + i % 5,
      date '2021-01-01' + (i * 7919 % 1800), date '2021-01-01' + (i * 7919 % 1800) + 10,
      (array[2, 4, 5, 6, 7, 8])[1 + i % 6], 20 + i % 40, 12 + i % 25
    from generate_series(0, ${PLANS - 1}) as s(i) join c on c.k = i % ${COMPANIES}`),
  );
  const companiesSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await seeding.db.execute(
    sql.raw(`
    with c as (select id, row_number() over (order by id) - 1 as k from companies where name like '看板测试单位%')
    insert into certificates (id, company_id, source, source_id, row_number, certificate_no, holder_name, id_type,
      id_number, occupation_code, occupation_name, level, issue_date, produce_status, status, confirmed_at, revoked_at)
    select gen_random_uuid(), c.id, 2, ('00000000-0000-4000-8000-' || lpad((i / 10000)::text, 12, '0'))::uuid,
      1 + i % 10000, 'B' || lpad(i::text, 21, '0'), '看板测试' || i, 1, '3301' || lpad(i::text, 14, '0'),
      (${arr(OCCUPATIONS)})[1 + (i / 3) % 20], '电工', 1 + (i / 7) % 5,
      date '2021-01-01' + ((i::bigint * 7919) % 2000)::int, 1, case when i % 33 = 0 then 2 else 1 end,
      now(), case when i % 33 = 0 then now() end
    from generate_series(0, ${N - 1}) as s(i) join c on c.k = i % ${COMPANIES}`),
  );
  const certificatesSeconds = (performance.now() - started) / 1000;
  await seeding.db.execute(sql`analyze`);
  const counted = (await seeding.db.execute(
    sql`select count(*)::int as rows, coalesce(sum(n), 0)::int as certificates from certificate_monthly_counts where dim = 1`,
  )) as unknown as { rows: { rows: number; certificates: number }[] };
  const seedCpu = process.cpuUsage(cpuStart);
  console.log(
    `seeded: companies, filings and plans ${companiesSeconds.toFixed(1)} s; ${N.toLocaleString()} certificates ${certificatesSeconds.toFixed(1)} s (the triggers counting them: ${counted.rows[0].rows} rows of counts by level hold ${counted.rows[0].certificates.toLocaleString()} certificates); this process ${((seedCpu.user + seedCpu.system) / 1e6).toFixed(1)} CPU s (PostgreSQL's own CPU is not in it)`,
  );
  await seeding.close();

  // The plan PostgreSQL picks for the certificate counts over five years.
  const explain = new pg.Client({ connectionString: database.url });
  await explain.connect();
  const plan = await explain.query(
    `explain (analyze, format text) select to_char(month, 'YYYY-MM'), dim, key, status, sum(n)::int from certificate_monthly_counts
     where month between '2021-01-01' and '2025-12-01' and n <> 0 group by 1, 2, 3, 4`,
  );
  console.log(
    `plan of the certificate counts (five years): ${plan.rows
      .map((r) => String(r['QUERY PLAN']).trim())
      .filter((l) => /Scan|Execution Time/.test(l))
      .map((l) => l.replace(/\s+\(cost=[^)]*\)/, ''))
      .join(' | ')}`,
  );
  await explain.end();

  const server = await startServerProcess({ LOG_LEVEL: 'error', DATABASE_URL: database.url });
  try {
    const call = apiClient(server.url);
    const { token } = (
      await call<{ token: string }>('POST', '/api/login', null, { name: 'pingtai', password: 'Demo@2026' })
    ).data;
    const ranges = [
      '',
      '?start_month=2024-01&end_month=2024-12',
      '?start_month=2022-01&end_month=2024-12',
      '?start_month=2021-01&end_month=2025-12',
    ];
    const dashboard = (i: number) =>
      call<DashboardData>('GET', `/api/dashboard${ranges[i % ranges.length]}`, token);
    const five = (await dashboard(3)).data;
    console.log(
      `five years: ${five.totals.certificates.toLocaleString()} certificates, ${five.totals.evaluations.toLocaleString()} evaluations, ${five.totals.test_plans.toLocaleString()} test plans, pass rate ${five.totals.pass_rate} %, ${five.by_province.length} provinces`,
    );
    // Warm the server's code paths and the connection pool (not measured).
    for (let i = 0; i < 20; i++) await dashboard(i);
    const serverCpu = processCpuSeconds(server.child.pid!);
    const cpu = process.cpuUsage();
    const wallStart = performance.now();
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) times.push((await dashboard(i)).took);
    const wall = (performance.now() - wallStart) / 1000;
    const used = process.cpuUsage(cpu);
    const p99 = pct(times, 99);
    console.log(
      `GET /api/dashboard × ${QUERIES} (4 ranges in turn, one at a time): p50 ${ms(pct(times, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...times))} (target p99 < ${TARGET_MS} ms) ${p99 < TARGET_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `wall ${wall.toFixed(1)} s; CPU s: server ${(processCpuSeconds(server.child.pid!) - serverCpu).toFixed(1)} (RSS peak ${processMb(server.child.pid!).toFixed(0)} MB), this process ${((used.user + used.system) / 1e6).toFixed(1)}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}
console.log(`after: ${machineState()}`);
