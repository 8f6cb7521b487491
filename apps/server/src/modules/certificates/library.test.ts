import { randomUUID } from 'node:crypto';
import type { CertificateDetail, CertificateRow } from '@skill-cert/shared/certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedCertificate, testCertificateNo } from '../../../test/fixtures/certificates.ts';
import { enterpriseToken, otherCompanyToken } from '../../../test/fixtures/custom-certificates.ts';
import { companyOf } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companyScope } from '../../lib/company-scope.ts';
import { exportLibrary } from './export.ts';
import { CERTIFICATE_NOT_FOUND, ONLY_VALID_REVOKED } from './library.ts';
import { certificates } from './tables.ts';

const ctx = useTestApp();
let token = '';
let companyId = '';
beforeEach(async () => {
  token = await enterpriseToken(ctx.app);
  companyId = await companyOf(ctx.app.db, 'qiye');
});

const list = async (query = '', as = token) => {
  const res = await api<Paged<CertificateRow>>(ctx.app, 'GET', `/api/certificates${query}`, { token: as });
  expect(res.status).toBe(200);
  return res.body.data;
};
const ids = (page: Paged<CertificateRow>) => page.list.map((r) => r._id).sort();
const revoke = (id: string, body: unknown, as = token) =>
  api<CertificateDetail>(ctx.app, 'POST', `/api/certificates/${id}/revoke`, { token: as, body });

describe('GET /api/certificates', () => {
  it('lists the issued certificates of the company, never drafts, newest issue first, paged', async () => {
    const a = await seedCertificate(ctx.app.db, companyId, 1, { issueDate: '2026-01-01' });
    const b = await seedCertificate(ctx.app.db, companyId, 2, { issueDate: '2026-03-01', status: 2 });
    const c = await seedCertificate(ctx.app.db, companyId, 3, { issueDate: '2026-02-01', status: 3 });
    await seedCertificate(ctx.app.db, companyId, 4, { status: 0, confirmedAt: null });
    const page = await list();
    expect(page.list.map((r) => r._id)).toEqual([b.id, c.id, a.id]);
    expect(page.meta).toMatchObject({ total: 3, page: 1, per_page: 10 });
    expect(page.list[0]).toMatchObject({
      source: 1,
      source_text: '等级认定发证',
      status: 2,
      status_text: '已撤销',
      level_name: '四级/中级工',
      id_type_text: '居民身份证',
      has_file: false,
    });
    const second = await list('?per_page=10&page=2');
    expect(second.list).toEqual([]);
    expect(second.meta.total).toBe(3);
  });

  it('reads a page and its total in one statement whatever the page size, and a page read before in none', async () => {
    await ctx.app.db.insert(certificates).values(
      Array.from({ length: 60 }, (_, i) => ({
        companyId,
        source: 1 as const,
        sourceId: companyId,
        holderName: `考生${i}`,
        issueDate: '2026-01-01',
        status: 1 as const,
      })),
    );
    const { bySize, repeated } = await listStatements(ctx.app, token, '/api/certificates');
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it('a page read before shows every change to the certificates: a revocation, a new certificate', async () => {
    const a = await seedCertificate(ctx.app.db, companyId, 1, { issueDate: '2026-01-01' });
    expect((await list()).list.map((r) => r.status_text)).toEqual(['有效']);
    expect((await revoke(a.id, { reason: '信息有误' })).status).toBe(200);
    expect((await list()).list.map((r) => r.status_text)).toEqual(['已撤销']);
    const b = await seedCertificate(ctx.app.db, companyId, 2, { issueDate: '2026-02-01' });
    const page = await list();
    expect([page.meta.total, page.list.map((r) => r._id)]).toEqual([2, [b.id, a.id]]);
  });

  it("a page read before is never another company's: the same query of another company reads its own", async () => {
    const own = await seedCertificate(ctx.app.db, companyId, 1);
    expect(ids(await list())).toEqual([own.id]);
    const other = await otherCompanyToken(ctx.app);
    expect(await list('', other)).toMatchObject({ list: [], meta: { total: 0 } });
    expect(ids(await list())).toEqual([own.id]);
  });

  it('the certificates of one grant list in number order, those without a number after, by sheet row', async () => {
    const grant = randomUUID();
    const batch = randomUUID();
    // Ids in no relation to the numbers, as ids made in one millisecond fall in any order (here: rising with them).
    const idOf = (serial: number) => `00000000-0000-7000-8000-${String(10 + serial).padStart(12, '0')}`;
    await ctx.app.db.insert(certificates).values([
      ...[7, 2, 11, 5, 1, 9, 3, 12, 4, 8].map((serial) => ({
        id: idOf(serial),
        companyId,
        source: 1 as const,
        sourceId: grant,
        rowNumber: serial,
        certificateNo: testCertificateNo(serial),
        holderName: `考生${serial}`,
        issueDate: '2026-06-01',
        status: 1 as const,
      })),
      ...[2, 1].map((row) => ({
        companyId,
        source: 3 as const,
        sourceId: batch,
        rowNumber: row,
        holderName: `自定义${row}`,
        issueDate: '2026-06-01',
        status: 1 as const,
      })),
    ]);
    const expected = [1, 2, 3, 4, 5, 7, 8, 9, 11, 12].map((n) => `考生${n}`).concat(['自定义1', '自定义2']);
    const first = await list('?per_page=10');
    const second = await list('?per_page=10&page=2');
    expect([...first.list, ...second.list].map((r) => r.holder_name)).toEqual(expected);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/certificates/export',
      headers: { authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = (workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][])
      .slice(1)
      .map((r) => r[2]);
    expect(names).toEqual(expected);
  });

  it('the total is exact whether the page is full, partly full or past the end', async () => {
    await ctx.app.db.insert(certificates).values(
      Array.from({ length: 23 }, (_, i) => ({
        companyId,
        source: 1 as const,
        sourceId: companyId,
        holderName: `考生${i}`,
        issueDate: '2026-01-01',
        status: 1 as const,
      })),
    );
    for (const [query, rows] of [
      ['?per_page=10&page=1', 10],
      ['?per_page=10&page=3', 3],
      ['?per_page=10&page=4', 0],
      ['?per_page=20&page=2', 3],
    ] as const) {
      const page = await list(query);
      expect([query, page.list.length, page.meta.total]).toEqual([query, rows, 23]);
    }
  });

  it('the keyword matches a name prefix, an exact ID number or an exact certificate number', async () => {
    const a = await seedCertificate(ctx.app.db, companyId, 1, { holderName: '张三丰' });
    const b = await seedCertificate(ctx.app.db, companyId, 2, { holderName: '李四' });
    expect(ids(await list(`?keyword=${encodeURIComponent('张三')}`))).toEqual([a.id]);
    expect(ids(await list(`?keyword=${encodeURIComponent('三丰')}`))).toEqual([]);
    expect(ids(await list(`?keyword=${b.idNumber}`))).toEqual([b.id]);
    expect(ids(await list(`?keyword=${b.idNumber.slice(0, 10)}`))).toEqual([]);
    expect(ids(await list(`?keyword=${a.certificateNo}`))).toEqual([a.id]);
    // LIKE's wildcards typed by the user match themselves.
    expect(ids(await list(`?keyword=${encodeURIComponent('%')}`))).toEqual([]);
  });

  it('filters by name, ID number, number, occupation, level, status, source and issue date range', async () => {
    const a = await seedCertificate(ctx.app.db, companyId, 1, { issueDate: '2026-01-10' });
    const b = await seedCertificate(ctx.app.db, companyId, 2, {
      level: 3,
      occupationCode: '4-04-05-01',
      issueDate: '2026-02-10',
      holderName: '王五',
    });
    const c = await seedCertificate(ctx.app.db, companyId, 3, { status: 2, issueDate: '2026-03-10' });
    const d = await seedCertificate(ctx.app.db, companyId, 4, {
      source: 3,
      certificateNo: null,
      level: null,
      issueDate: '2026-03-11',
    });
    expect(ids(await list(`?holder_name=${encodeURIComponent('王')}`))).toEqual([b.id]);
    expect(ids(await list(`?id_number=${a.idNumber}`))).toEqual([a.id]);
    expect(ids(await list(`?certificate_no=${c.certificateNo}`))).toEqual([c.id]);
    expect(ids(await list('?occupation_code=4-04-05-01&level=3'))).toEqual([b.id]);
    expect(ids(await list('?status=2'))).toEqual([c.id]);
    expect(ids(await list('?source=3'))).toEqual([d.id]);
    expect(ids(await list('?issue_date_start=2026-02-01&issue_date_end=2026-03-10'))).toEqual(
      [b.id, c.id].sort(),
    );
    expect(ids(await list('?occupation_code=6-31-01-03&level=4&issue_date_start=2026-01-01'))).toEqual(
      [a.id, c.id].sort(),
    );
  });

  it('refuses a bad filter in Chinese naming the field; status 0 (drafts) cannot be asked for', async () => {
    for (const [query, message] of [
      ['?issue_date_start=2026/01/01', '发证开始日期应为“年-月-日”格式，如 2026-01-31'],
      ['?level=9', '职业技能等级不正确'],
      ['?status=0', '状态不正确'],
      ['?source=7', '证书来源不正确'],
      ['?per_page=15', '每页条数应为 10、20、30 或 50'],
    ]) {
      const res = await api(ctx.app, 'GET', `/api/certificates${query}`, { token });
      expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
    }
  });

  it('an impossible date filter is 400 naming the field (2026-02-30, 2026-04-31, 0000-01-01), never a 500', async () => {
    for (const [query, message] of [
      ['?issue_date_end=2026-02-30', '发证结束日期不是有效日期：2026-02-30 这一天不存在'],
      ['?issue_date_start=2026-04-31', '发证开始日期不是有效日期：2026-04-31 这一天不存在'],
      ['?issue_date_start=0000-01-01', '发证开始日期的年份应在1900至2100之间'],
    ]) {
      const res = await api(ctx.app, 'GET', `/api/certificates${query}`, { token });
      expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
    }
  });

  it("never shows another company's certificates", async () => {
    await seedCertificate(ctx.app.db, companyId, 1);
    const other = await otherCompanyToken(ctx.app);
    expect((await list('', other)).meta.total).toBe(0);
  });
});

describe('GET /api/certificates/{id}', () => {
  it('answers the detail with the verify path and the links of a reissue both ways', async () => {
    const old = await seedCertificate(ctx.app.db, companyId, 1, { status: 3 });
    const fresh = await seedCertificate(ctx.app.db, companyId, 2, { replacesId: old.id });
    await ctx.app.db.update(certificates).set({ replacedById: fresh.id }).where(eq(certificates.id, old.id));
    const res = await api<CertificateDetail>(ctx.app, 'GET', `/api/certificates/${old.id}`, { token });
    expect(res.body.data).toMatchObject({
      _id: old.id,
      status_text: '已换发',
      institution_name: '示例智能制造有限公司',
      verify_path: `/information-link/${old.id}`,
      replaces: null,
      replaced_by: { _id: fresh.id, certificate_no: fresh.certificateNo },
    });
    const back = await api<CertificateDetail>(ctx.app, 'GET', `/api/certificates/${fresh.id}`, { token });
    expect(back.body.data.replaces).toEqual({ _id: old.id, certificate_no: old.certificateNo });
  });

  it('a draft and an unknown id answer 404; a malformed id 400, with the same message', async () => {
    const draft = await seedCertificate(ctx.app.db, companyId, 1, { status: 0 });
    for (const [id, status] of [
      [draft.id, 404],
      ['0190a000-0000-7000-8000-000000000000', 404],
      ['x', 400],
    ] as const) {
      for (const url of [`/api/certificates/${id}`, `/api/certificates/${id}/file`]) {
        const res = await api(ctx.app, 'GET', url, { token });
        expect([url, res.status, res.body.message]).toEqual([url, status, CERTIFICATE_NOT_FOUND]);
      }
    }
  });

  it('the file answers 404 until the PDF is rendered', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1);
    const res = await api(ctx.app, 'GET', `/api/certificates/${c.id}/file`, { token });
    expect([res.status, res.body.message]).toEqual([404, '证书文件尚未生成']);
  });
});

describe('POST /api/certificates/{id}/revoke', () => {
  it('an administrator revokes a valid certificate: 已撤销 with the reason, who and when', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1);
    const res = await revoke(c.id, { reason: '  证书信息有误  ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('证书已撤销');
    expect(res.body.data).toMatchObject({
      status: 2,
      status_text: '已撤销',
      revoke_reason: '证书信息有误',
      revoked_by_name: 'qiye',
    });
    expect(res.body.data.revoke_time_str).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The number stays taken: the row keeps it.
    const [row] = await ctx.app.db.select().from(certificates).where(eq(certificates.id, c.id));
    expect(row.certificateNo).toBe(c.certificateNo);
  });

  it('only a valid certificate can be revoked: a revoked or replaced one is refused', async () => {
    for (const status of [2, 3] as const) {
      const c = await seedCertificate(ctx.app.db, companyId, status, { status });
      const res = await revoke(c.id, { reason: '重复撤销' });
      expect([status, res.status, res.body.message]).toEqual([status, 400, ONLY_VALID_REVOKED]);
    }
  });

  it('the reason is required', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1);
    for (const body of [{}, { reason: '   ' }]) {
      const res = await revoke(c.id, body);
      expect([res.status, res.body.message]).toEqual([400, '请输入撤销原因']);
    }
    const long = await revoke(c.id, { reason: '因'.repeat(201) });
    expect([long.status, long.body.message]).toEqual([400, '撤销原因不能超过200个字符']);
  });

  it('a member (not administrator) is refused with 403 in Chinese', async () => {
    const c = await seedCertificate(ctx.app.db, companyId, 1);
    const member = await enterpriseToken(ctx.app, 'duojuese');
    const res = await revoke(c.id, { reason: '信息有误' }, member);
    expect([res.status, res.body.message]).toEqual([403, '仅企业管理员可以执行此操作']);
    const [row] = await ctx.app.db.select().from(certificates).where(eq(certificates.id, c.id));
    expect(row.status).toBe(1);
  });

  it("a draft or another company's certificate answers 404 and stays as it was", async () => {
    const draft = await seedCertificate(ctx.app.db, companyId, 1, { status: 0 });
    const mine = await seedCertificate(ctx.app.db, companyId, 2);
    const other = await otherCompanyToken(ctx.app);
    for (const [id, as] of [
      [draft.id, token],
      [mine.id, other],
    ]) {
      const res = await revoke(id, { reason: '信息有误' }, as);
      expect([res.status, res.body.message]).toEqual([404, CERTIFICATE_NOT_FOUND]);
    }
    const other404 = await api(ctx.app, 'GET', `/api/certificates/${mine.id}`, { token: other });
    expect(other404.status).toBe(404);
    const rows = await ctx.app.db.select().from(certificates);
    expect(rows.map((r) => r.status).sort()).toEqual([0, 1]);
  });
});

describe('GET /api/certificates/export', () => {
  it('answers the search result as an .xlsx, one row per certificate, the same filter as the list', async () => {
    await seedCertificate(ctx.app.db, companyId, 1, { holderName: '张三' });
    const b = await seedCertificate(ctx.app.db, companyId, 2, { holderName: '李四', status: 2 });
    await seedCertificate(ctx.app.db, companyId, 3, { status: 0 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/certificates/export?status=2',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('证书库.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 5)).toEqual(['证书编号', '姓名', '证件类型', '证件号码']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([
      [b.certificateNo, '李四', '居民身份证', b.idNumber],
    ]);
    expect(rows[1].slice(10, 12)).toEqual(['已撤销', '等级认定发证']);
  });

  it('an impossible date answers 400 naming the field before anything streams, never 200 cut short', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/certificates/export?issue_date_end=2026-02-30',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toBe('发证结束日期不是有效日期：2026-02-30 这一天不存在');
  });

  it('reads its first page before the answer starts: a failing query rejects instead of a stream cut short', async () => {
    const failing = () => Promise.reject(new Error('数据库不可用'));
    const chain = { from: () => chain, where: () => chain, orderBy: () => chain, limit: failing };
    const db = { select: () => chain } as unknown as DbOrTx;
    await expect(
      exportLibrary(db, companyScope(companyId, 1), {}, ctx.app.log, new AbortController().signal),
    ).rejects.toThrow('数据库不可用');
  });

  it('streams a result larger than one read page in the list order', async () => {
    const values = Array.from({ length: 1205 }, (_, i) => ({
      companyId,
      source: 1 as const,
      sourceId: companyId,
      holderName: `考生${i}`,
      issueDate: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      status: 1 as const,
    }));
    await ctx.app.db.insert(certificates).values(values);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/certificates/export',
      headers: { authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = (workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][])
      .slice(1)
      .map((r) => r[2]);
    expect(names).toHaveLength(1205);
    expect(new Set(names).size).toBe(1205);
    const first = (await list('?per_page=50')).list.map((r) => r.holder_name);
    expect(names.slice(0, 50)).toEqual(first);
  });
});
