import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@skill-cert/shared/auth';
import type { GrantDetail } from '@skill-cert/shared/certificate-grants';
import type { Envelope } from '@skill-cert/shared/envelope';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsecutive } from '../fixtures/certificate-grants.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

/**
 * The proof that certificate numbers stay unique on PostgreSQL with two server processes: 8 grants of 1,000 certificates started at
 * once on one prefix (4 through each instance) get 8,000 distinct consecutive serials, each grant a run of its own.
 * Run by `npm run test:multi` with TEST_DATABASE_URL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server for the multi-instance tests');

const dbName = `sc_numbers_${randomBytes(5).toString('hex')}`;
let url = '';
let a: ServerProcess;
let b: ServerProcess;

async function call<T>(server: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
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

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  url = u.toString();
  // Demo seeding (the default) approves qiye's filing: its company and site get their codes.
  const env = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), RENDER_THREADS: '1' };
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : (undefined as unknown as ServerProcess)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

describe('certificate numbers with two instances on one PostgreSQL', () => {
  it('8 grants of 1,000 started at once on one prefix get 8,000 distinct consecutive serials', async () => {
    const [filing] = await query<{ company_id: string; filing_id: string; site_id: string }>(
      `select r.company_id, r.id as filing_id, s.id as site_id
       from record_applications r join record_application_sites s on s.application_id = r.id
       join users u on u.company_id = r.company_id
       where u.name = 'qiye' and r.status = 2 and s.site_code is not null limit 1`,
    );
    expect(filing).toBeDefined();
    // Eight plans 已通过 at the filed site, level 2 (no demo plan has it), 1,000 合格 candidates each.
    const plans = await query<{ id: string }>(
      `insert into level_evaluations (id, company_id, record_application_id, plan_no, name, occupation_code,
         occupation_name, level, start_date, end_date, site_id, status)
       select gen_random_uuid(), $1, $2, 'PNUM' || n, '编号并发测试' || n, '6-31-01-03', '电工', 2,
         '2025-12-01', '2025-12-02', $3, 5
       from generate_series(1, 8) n returning id`,
      [filing.company_id, filing.filing_id, filing.site_id],
    );
    await query(
      `insert into level_evaluation_candidates (id, evaluation_id, name, id_number, result, sort)
       select gen_random_uuid(), p.id, '考生' || n, lpad(n::text, 18, '0'), 1, n
       from unnest($1::uuid[]) p(id), generate_series(1, 1000) n`,
      [plans.map((p) => p.id)],
    );
    const login = await call<LoginResult>(a, 'POST', '/api/login', { name: 'qiye', password: 'Demo@2026' });
    const token = login.data.token;
    const answers = await Promise.all(
      plans.map((p, i) =>
        call<GrantDetail>(
          i % 2 ? b : a,
          'POST',
          '/api/certificateGrants',
          { evaluation_id: p.id, template_id: 'national', issue_date: '2025-12-15' },
          token,
        ),
      ),
    );
    for (const answer of answers) expect(answer.code, answer.message).toBe(200);
    const ids = answers.map((x) => x.data._id);
    const rows = await query<{ no: string; sourceId: string }>(
      'select certificate_no as no, source_id as "sourceId" from certificates where source_id = any($1::uuid[])',
      [ids],
    );
    // The proof needs the numbers, not the PDFs: the grants go, so the instances' render jobs find nothing to do.
    await query('delete from certificate_grants where id = any($1::uuid[])', [ids]);
    expectConsecutive(rows);
  }, 180_000);
});
