import { randomUUID } from 'node:crypto';
import { CertificateSource, CertificateStatus } from '@skill-cert/shared/certificates';
import type { DashboardData } from '@skill-cert/shared/dashboard';
import { EvaluationStatus, PlanOwner } from '@skill-cert/shared/level-evaluations';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { companyOf, seedPlan } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { certificates } from '../certificates/tables.ts';
import { companies } from '../companies/tables.ts';
import { levelEvaluations } from '../level-evaluations/tables.ts';
import { dashboard, defaultRange } from './dashboard.ts';

const ctx = useTestApp();

let companyId: string;
beforeEach(async () => {
  companyId = await companyOf(ctx.database.db, 'qiye');
  await ctx.database.db.update(companies).set({ regionCode: '440305' }).where(eq(companies.id, companyId));
});

/** Certificates of qiye issued on `day` (status 1 unless given), one statement. */
async function issue(
  n: number,
  day: string,
  over: { level?: number | null; occupationCode?: string | null; status?: number } = {},
): Promise<string[]> {
  const rows = await ctx.database.db
    .insert(certificates)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId,
        source: CertificateSource.OFFLINE,
        sourceId: randomUUID(),
        rowNumber: i + 1,
        holderName: `持证人${i}`,
        occupationCode: over.occupationCode === undefined ? '6-31-01-03' : over.occupationCode,
        level: over.level === undefined ? 4 : over.level,
        issueDate: day,
        status: (over.status ?? CertificateStatus.VALID) as 0 | 1 | 2 | 3,
      })),
    )
    .returning({ id: certificates.id });
  return rows.map((r) => r.id);
}

/** What certificate_monthly_counts holds, next to the same counts taken from the certificates themselves. */
async function keptAndCounted() {
  const db = ctx.database.db;
  const read = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((r) => JSON.stringify(r))
      .sort();
  const kept = await read(sql`
    select to_char(month, 'YYYY-MM') as month, dim, key, status, sum(n)::int as n
    from certificate_monthly_counts group by 1, 2, 3, 4 having sum(n) <> 0`);
  const counted = await read(sql`
    select to_char(coalesce(c.issue_date, (c.confirmed_at at time zone 'Asia/Shanghai')::date), 'YYYY-MM') as month,
      v.dim, v.key, c.status, count(*)::int as n
    from certificates c left join companies co on co.id = c.company_id
    cross join lateral (values (1, coalesce(c.level::text, '')), (2, coalesce(c.occupation_code, '')),
      (3, coalesce(left(co.region_code, 2), ''))) v(dim, key)
    where c.status <> 0 and coalesce(c.issue_date, c.confirmed_at::date) is not null
    group by 1, 2, 3, 4`);
  return { kept, counted };
}

describe('certificate counts kept by the triggers', () => {
  it('match the certificates after inserts, a confirm, a revoke, a level change and deletes', async () => {
    const db = ctx.database.db;
    const drafts = await issue(3, '2026-03-05', { status: CertificateStatus.DRAFT });
    await issue(4, '2026-03-20', { level: 3 });
    const april = await issue(2, '2026-04-01', { occupationCode: null, level: null });
    let { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);

    await db.update(certificates).set({ status: 1 }).where(inArray(certificates.id, drafts));
    await db.update(certificates).set({ status: 2 }).where(eq(certificates.id, april[0]));
    await db.update(certificates).set({ level: 2 }).where(eq(certificates.id, april[1]));
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);

    await db.delete(certificates).where(inArray(certificates.id, [...drafts.slice(0, 2), april[1]]));
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
  });

  it('an update of columns the counts do not read (a rendered PDF) changes no count', async () => {
    const ids = await issue(5, '2026-05-05');
    const before = await keptAndCounted();
    await ctx.database.db.update(certificates).set({ produceStatus: 1 }).where(inArray(certificates.id, ids));
    expect((await keptAndCounted()).kept).toEqual(before.kept);
  });

  it('drafts are not counted', async () => {
    const before = await dashboard(ctx.database.db, { start_month: '2026-06', end_month: '2026-06' });
    await issue(6, '2026-06-10', { status: CertificateStatus.DRAFT });
    const after = await dashboard(ctx.database.db, { start_month: '2026-06', end_month: '2026-06' });
    expect(after.totals.certificates).toBe(before.totals.certificates);
  });
});

describe('GET /api/dashboard', () => {
  const get = async (query = '', account = 'pingtai') =>
    api<DashboardData>(ctx.app, 'GET', `/api/dashboard${query}`, {
      token: (await login(ctx.app, account)).token,
    });

  it('without a range: the last 12 months up to this one', async () => {
    const res = await get();
    expect(res.body.code, res.body.message).toBe(200);
    const { from, to } = defaultRange();
    expect(res.body.data.months.map((m) => m.month)).toHaveLength(12);
    expect(res.body.data.start_month).toBe(from);
    expect(res.body.data.end_month).toBe(to);
  });

  it('certificates per month, by level, occupation and province, revoked counted apart', async () => {
    const before = (await get('?start_month=2025-01&end_month=2025-03')).body.data;
    await issue(3, '2025-01-15', { level: 5 });
    await issue(2, '2025-03-02', { level: 3, status: CertificateStatus.REVOKED });
    const data = (await get('?start_month=2025-01&end_month=2025-03')).body.data;
    const month = (d: DashboardData, m: string) => d.months.find((x) => x.month === m)!;
    expect(data.months.map((m) => m.month)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(month(data, '2025-01').certificates - month(before, '2025-01').certificates).toBe(3);
    expect(month(data, '2025-03').certificates - month(before, '2025-03').certificates).toBe(2);
    expect(month(data, '2025-03').revoked - month(before, '2025-03').revoked).toBe(2);
    expect(data.totals.certificates - before.totals.certificates).toBe(5);
    const count = (rows: DashboardData['by_level'], label: string) =>
      rows.find((r) => r.label === label)?.count ?? 0;
    expect(count(data.by_level, '五级/初级工') - count(before.by_level, '五级/初级工')).toBe(3);
    expect(count(data.by_province, '广东省') - count(before.by_province, '广东省')).toBe(5);
    expect(count(data.by_occupation, '电工') - count(before.by_occupation, '电工')).toBe(5);
  });

  it('evaluations and test plans per month by start, pass rates of approved results by end month', async () => {
    const db = ctx.database.db;
    const range = '?start_month=2024-05&end_month=2024-05';
    const before = (await get(range)).body.data;
    const held = await seedPlan(db, companyId, { status: EvaluationStatus.PASSED });
    const draft = await seedPlan(db, companyId, { status: EvaluationStatus.DRAFT });
    const test = await seedPlan(db, companyId, { status: EvaluationStatus.REGISTERING });
    await db
      .update(levelEvaluations)
      .set({ startDate: '2024-05-02', endDate: '2024-05-20', candidateCount: 40, passCount: 30 })
      .where(inArray(levelEvaluations.id, [held, draft, test]));
    await db
      .update(levelEvaluations)
      .set({ ownerKind: PlanOwner.INSTITUTION })
      .where(eq(levelEvaluations.id, test));
    const data = (await get(range)).body.data;
    expect(data.totals.evaluations - before.totals.evaluations).toBe(1);
    expect(data.totals.test_plans - before.totals.test_plans).toBe(1);
    expect(data.totals.candidates - before.totals.candidates).toBe(40);
    expect(data.totals.passed - before.totals.passed).toBe(30);
    if (before.totals.candidates === 0) expect(data.months[0].pass_rate).toBe(75);
  });

  it('companies by type and state, and filings waiting', async () => {
    const data = (await get()).body.data;
    expect(data.companies.map((c) => c.type_text)).toEqual(['企业', '培训评价机构']);
    const all = (await ctx.database.db.select({ type: companies.type }).from(companies)).length;
    expect(data.companies.reduce((n, c) => n + c.total, 0)).toBe(all);
    expect(data.waiting.map((w) => w.label)).toEqual(['企业备案待审核', '机构备案待审核']);
  });

  it('a month not written YYYY-MM, or a start after the end, is refused in Chinese', async () => {
    const bad = await get('?start_month=2025-13');
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('开始月份格式应为 YYYY-MM');
    const reversed = await get('?start_month=2025-05&end_month=2025-01');
    expect(reversed.body.message).toContain('开始月份不能晚于结束月份');
    const long = await get('?start_month=2015-01&end_month=2025-01');
    expect(long.body.message).toContain('时间范围最长 60 个月');
  });

  it('needs platform:dashboard:view: 运营人员 has it, an enterprise or examiner does not', async () => {
    expect((await get('', 'yunying')).body.code).toBe(200);
    expect((await get('', 'qiye')).body.code).not.toBe(200);
    expect((await get('', 'kaoping')).body.code).not.toBe(200);
  });
});
