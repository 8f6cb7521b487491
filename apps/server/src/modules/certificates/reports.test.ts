import { randomUUID } from 'node:crypto';
import { REPORT_COLUMNS, type ReportPending, type ReportRow } from '@skill-cert/shared/certificate-reports';
import { type CertificateRow, CertificateSource, CertificateStatus } from '@skill-cert/shared/certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { companyOf } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { NOTHING_TO_REPORT } from './reports.ts';
import { certificates } from './tables.ts';

const ctx = useTestApp();

let platform: string;
let qiye: string;
let companyId: string;
let serial = 0;
beforeEach(async () => {
  platform = (await login(ctx.app, 'pingtai')).token;
  qiye = (await login(ctx.app, 'qiye')).token;
  companyId = await companyOf(ctx.database.db, 'qiye');
  // The demo's certificates are reported once, so each test starts from nothing waiting.
  await ctx.database.db.update(certificates).set({ reportedStatus: CertificateStatus.VALID });
  await ctx.database.db
    .update(certificates)
    .set({ reportedStatus: CertificateStatus.REVOKED })
    .where(eq(certificates.status, CertificateStatus.REVOKED));
  await ctx.database.db
    .update(certificates)
    .set({ reportedStatus: CertificateStatus.REPLACED })
    .where(eq(certificates.status, CertificateStatus.REPLACED));
});

/** Certificates of `company` issued on `day`, one statement. */
async function issue(
  n: number,
  day: string,
  over: { source?: number; status?: number; replacesId?: string; company?: string } = {},
): Promise<string[]> {
  const rows = await ctx.database.db
    .insert(certificates)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId: over.company ?? companyId,
        source: (over.source ?? CertificateSource.OFFLINE) as 1 | 2 | 3,
        sourceId: randomUUID(),
        rowNumber: i + 1,
        certificateNo: `Y0001330000012641${String(++serial).padStart(5, '0')}`,
        holderName: `上报测试${serial}`,
        idNumber: `33010619900101${String(serial).padStart(4, '0')}`,
        occupationCode: '6-31-01-03',
        occupationName: '电工',
        level: 4,
        institutionName: '示例智能制造有限公司',
        issueDate: day,
        replacesId: over.replacesId ?? null,
        status: (over.status ?? CertificateStatus.VALID) as 0 | 1 | 2 | 3,
      })),
    )
    .returning({ id: certificates.id });
  return rows.map((r) => r.id);
}

const scope = { company_id: null as string | null, start_date: '2026-01-01', end_date: '2026-01-31' };
const pending = async (body = scope) =>
  (
    await api<ReportPending>(
      ctx.app,
      'GET',
      `/api/certificateReports/pending?${new URLSearchParams({
        start_date: body.start_date,
        end_date: body.end_date,
        ...(body.company_id ? { company_id: body.company_id } : {}),
      })}`,
      { token: platform },
    )
  ).body;
const report = (body: object = scope, token = platform) =>
  api<ReportRow>(ctx.app, 'POST', '/api/certificateReports', { token, body });

async function workbookOf(id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/certificateReports/${id}/export`,
    headers: { authorization: `Bearer ${platform}` },
  });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('证书数据上报')!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

describe('数据上报: what a report takes', () => {
  it('takes the period’s issued certificates once; the next report of the same scope is refused, nothing changed', async () => {
    await issue(3, '2026-01-10');
    await issue(2, '2026-02-10');
    expect((await pending()).data).toMatchObject({ issued: 3, total: 3 });
    const first = await report();
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.message).toBe('已生成上报批次，共 3 条');
    expect(first.body.data).toMatchObject({ issued: 3, total: 3, company_name: '全部单位' });
    expect((await pending()).data.total).toBe(0);
    const again = await report();
    expect(again.body.code).toBe(400);
    expect(again.body.message).toBe(NOTHING_TO_REPORT);
  });

  it('a reported certificate revoked since goes into the next report as 撤销, whatever period it names', async () => {
    const [id] = await issue(1, '2026-01-05');
    expect((await report()).body.code).toBe(200);
    await ctx.database.db
      .update(certificates)
      .set({
        status: CertificateStatus.REVOKED,
        revokedAt: new Date('2026-03-02T02:00:00Z'),
        revokeReason: '信息有误',
      })
      .where(eq(certificates.id, id));
    const next = await report({ ...scope, start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(next.body.data).toMatchObject({ revoked: 1, total: 1 });
    const rows = await workbookOf(next.body.data._id);
    expect(rows[0]).toEqual([...REPORT_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBe('撤销');
    expect(rows[1][13]).toBe('已撤销');
    expect(rows[1][14]).toBe('2026-03-02');
    expect(rows[1][15]).toBe('信息有误');
  });

  it('a reissue is reported as 换发 with the old number, the replaced one as 注销（已换发）', async () => {
    const [old] = await issue(1, '2026-01-03');
    expect((await report()).body.code).toBe(200);
    await ctx.database.db
      .update(certificates)
      .set({ status: CertificateStatus.REPLACED })
      .where(eq(certificates.id, old));
    await issue(1, '2026-01-20', { replacesId: old });
    const next = await report();
    expect(next.body.data).toMatchObject({ reissued: 1, replaced: 1, total: 2 });
    const rows = await workbookOf(next.body.data._id);
    const [oldNo] = (
      await ctx.database.db
        .select({ no: certificates.certificateNo })
        .from(certificates)
        .where(eq(certificates.id, old))
    ).map((r) => r.no);
    const reissued = rows.find((r) => r[0] === '换发')!;
    expect(reissued[2]).toBe(oldNo);
    expect(rows.find((r) => r[0] === '注销（已换发）')?.[1]).toBe(oldNo);
  });

  it('never takes a custom certificate or a draft', async () => {
    await issue(2, '2026-01-10', { source: CertificateSource.CUSTOM });
    await issue(2, '2026-01-10', { status: CertificateStatus.DRAFT });
    expect((await pending()).data.total).toBe(0);
  });

  it('a report of one company takes none of another’s', async () => {
    const other = await companyOf(ctx.database.db, 'jigou');
    await issue(2, '2026-01-10');
    await issue(1, '2026-01-10', { company: other });
    const one = await report({ ...scope, company_id: other });
    expect(one.body.data).toMatchObject({ total: 1, company_id: other });
    expect((await pending()).data.total).toBe(2);
  });

  it('the library says 未上报, 已上报 and 变更待上报', async () => {
    const [a, b] = await issue(2, '2026-01-10');
    const state = async () => {
      const res = await api<Paged<CertificateRow>>(ctx.app, 'GET', '/api/certificates?per_page=50', {
        token: qiye,
      });
      return new Map(res.body.data.list.map((r) => [r._id, r.report_state_text]));
    };
    expect((await state()).get(a)).toBe('未上报');
    await report();
    expect((await state()).get(a)).toBe('已上报');
    await ctx.database.db
      .update(certificates)
      .set({ status: CertificateStatus.REVOKED, revokedAt: new Date() })
      .where(inArray(certificates.id, [b]));
    expect((await state()).get(b)).toBe('变更待上报');
  });
});

describe('数据上报: rules of the request', () => {
  it('a start after the end, or more than 366 days, is refused in Chinese', async () => {
    expect((await report({ ...scope, start_date: '2026-02-01' })).body.message).toContain(
      '开始日期不能晚于结束日期',
    );
    expect((await report({ ...scope, start_date: '2024-01-01' })).body.message).toContain(
      '上报时间范围最长 366 天',
    );
  });

  it('needs platform:report:create to make one and platform:report:list to see them: not 运营人员, not an enterprise', async () => {
    await issue(1, '2026-01-10');
    const operator = (await login(ctx.app, 'yunying')).token;
    expect((await report(scope, operator)).body.code).not.toBe(200);
    expect((await report(scope, qiye)).body.code).not.toBe(200);
    expect((await api(ctx.app, 'GET', '/api/certificateReports', { token: operator })).body.code).not.toBe(
      200,
    );
    expect((await api(ctx.app, 'GET', '/api/certificateReports', { token: platform })).body.code).toBe(200);
  });
});
