import { randomUUID } from 'node:crypto';
import { CERTIFICATE_NO, type CertificateRow, parseCertificateNumber } from '@skill-cert/shared/certificates';
import {
  type OfflineBatchOptions,
  type OfflineBatchRow,
  OfflineBatchStatus,
  type OfflineDraftRow,
} from '@skill-cert/shared/offline-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { jpeg, rawZip } from '../../../test/fixtures/certificate-engine.ts';
import { createTemplate, defaultBlanks, upload } from '../../../test/fixtures/custom-certificates.ts';
import { companyOf, validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import {
  batchBody,
  createAndRead,
  getBatch,
  holderRow,
  largeSheet,
  publishAndWait,
  SHEET_HEADER,
  sheetRows,
  uploadSheet,
  useOfflineCompany,
} from '../../../test/fixtures/offline-certificates.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { certificates } from '../certificates/tables.ts';
import { offlineCertificateBatches, offlineCertificateDrafts } from './tables.ts';

const ctx = useTestApp();
const company = useOfflineCompany(ctx);

const drafts = async (id: string, query = '') =>
  (
    await api<Paged<OfflineDraftRow>>(
      ctx.app,
      'GET',
      `/api/offlineCertificateBatches/${id}/drafts?per_page=50${query}`,
      { token: company.admin },
    )
  ).body.data;

async function readBatch(rows: (string | number | null)[][], more: Record<string, unknown> = {}) {
  const fileId = await uploadSheet(ctx.app, company.admin, rows);
  return createAndRead(ctx.app, company.admin, batchBody(company.siteId, fileId, more));
}

/** `n` batches 待确认 of qiye's company written directly, each with two drafts, one of them with a problem. */
async function seedBatches(n: number) {
  const companyId = await companyOf(ctx.app.db, 'qiye');
  const rows = await ctx.app.db
    .insert(offlineCertificateBatches)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId,
        name: `线下批次${i}`,
        occupationCode: '6-31-01-03',
        occupationName: '电工',
        level: 4,
        startDate: '2025-05-01',
        endDate: '2025-05-20',
        siteId: company.siteId,
        siteName: '一号实训楼',
        templateId: 'national',
        template: { template_name: '职业技能等级证书' } as CertificateTemplate,
        issueDate: '2025-06-01',
        fileId: randomUUID(),
        status: OfflineBatchStatus.TO_CONFIRM,
        createdBy: randomUUID(),
      })),
    )
    .returning({ id: offlineCertificateBatches.id });
  await ctx.app.db.insert(offlineCertificateDrafts).values(
    rows.flatMap((b) => [
      { batchId: b.id, rowNumber: 2, name: '持证人甲', idNumber: validId(1) },
      {
        batchId: b.id,
        rowNumber: 3,
        name: '持证人乙',
        idNumber: validId(2),
        problems: ['证件号码校验位不正确'],
      },
    ]),
  );
  return rows.map((b) => b.id);
}

describe('GET /api/offlineCertificateBatches', () => {
  it("reads a page with each batch's draft counts and the total in one statement whatever the page size, a page read before in none", async () => {
    await seedBatches(55);
    const { bySize, repeated } = await listStatements(
      ctx.app,
      company.admin,
      '/api/offlineCertificateBatches',
    );
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it('a page read before shows a draft fixed and a draft deleted', async () => {
    const [id] = await seedBatches(1);
    const counts = async () =>
      (
        await api<Paged<OfflineBatchRow>>(ctx.app, 'GET', '/api/offlineCertificateBatches', {
          token: company.admin,
        })
      ).body.data.list.map((b) => [b._id, b.valid_count, b.problem_count]);
    expect(await counts()).toEqual([[id, 1, 1]]);
    await ctx.app.db
      .update(offlineCertificateDrafts)
      .set({ problems: [] })
      .where(eq(offlineCertificateDrafts.batchId, id));
    expect(await counts()).toEqual([[id, 2, 0]]);
    await ctx.app.db.delete(offlineCertificateDrafts).where(eq(offlineCertificateDrafts.rowNumber, 3));
    expect(await counts()).toEqual([[id, 1, 0]]);
  });
});

describe('reading a batch (0 解析中 → 1 待确认)', () => {
  it('reads the sheet into drafts, tells the starter 成功 n 条，失败 m 条 with the error file of the failed rows', async () => {
    const { batch, message } = await readBatch([
      holderRow(1),
      holderRow(2),
      ['', '居民身份证', validId(3), '90', '合格', '', ''],
      holderRow(4),
    ]);
    expect(batch).toMatchObject({
      status: 1,
      status_text: '待确认',
      total: 4,
      valid_count: 3,
      problem_count: 1,
      occupation_name: '电工',
      level_name: '四级/中级工',
      publish_blocked_reason: '有 1 条证书信息存在问题，请修改或删除后再确认发证',
    });
    expect(message.content).toContain('成功 3 条，失败 1 条');
    expect(message.fileId).toBe(batch.error_file_id);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${batch.error_file_id}`,
      headers: { authorization: `Bearer ${company.admin}` },
    });
    const sheet = await sheetRows(file.rawPayload);
    expect(sheet[0].at(-1)).toBe('错误原因');
    expect(sheet.slice(1).map((r) => [r[2], r.at(-1)])).toEqual([[validId(3), '请填写姓名']]);
    const list = await drafts(batch._id);
    expect(list.list.map((d) => [d.row_number, d.problems])).toEqual([
      [2, []],
      [3, []],
      [4, ['请填写姓名']],
      [5, []],
    ]);
  });

  it('a sheet that cannot be read at all fails the batch (9 失败) with the reason, and the starter is told', async () => {
    const fileId = await uploadSheet(ctx.app, company.admin, [['张三', '85']], ['姓名', '理论知识考试']);
    const { batch, message } = await createAndRead(ctx.app, company.admin, batchBody(company.siteId, fileId));
    expect(batch).toMatchObject({ status: 9, status_text: '失败', total: 0 });
    expect(batch.fail_reason).toBe('证书信息表缺少必填列「证件号码」，请使用下载的模板填写');
    expect(message.content).toBe(`「${batch.name}」证书信息解析失败：${batch.fail_reason}`);
  });

  it('matches the photos of the zip by ID number; a photo that is no image is its draft’s problem', async () => {
    const zip = rawZip([
      { name: `照片/${validId(1)}.jpg`, data: jpeg(295, 413) },
      { name: `${validId(2)}.png`, data: Buffer.from('not a picture') },
    ]);
    const photoZip = await upload(ctx.app, company.admin, '照片.zip', zip);
    const { batch } = await readBatch([holderRow(1), holderRow(2), holderRow(3)], {
      photo_zip_file_id: photoZip,
    });
    expect(batch.photo_count).toBe(1);
    const list = (await drafts(batch._id)).list;
    expect(list.map((d) => [d.has_photo, d.problems.length])).toEqual([
      [true, 0],
      [false, 1],
      [false, 0],
    ]);
    expect(list[1].problems[0]).toContain('照片不是 JPG/PNG 图片');
  });
});

describe('the example row of the sheet template', () => {
  it('uploaded unchanged, the example row is a problem naming its row, and blocks the publishing', async () => {
    const file = await ctx.app.inject({
      method: 'GET',
      url: '/api/offlineCertificateBatches/sheetTemplate?template_id=national',
      headers: { authorization: `Bearer ${company.admin}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getCell('A2').value).toBe('张三（示例，请删除）');
    workbook.worksheets[0].addRow(holderRow(1));
    const fileId = await upload(
      ctx.app,
      company.admin,
      '证书信息表.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    const { batch } = await createAndRead(ctx.app, company.admin, batchBody(company.siteId, fileId));
    expect(batch).toMatchObject({ total: 2, valid_count: 1, problem_count: 1 });
    const list = await drafts(batch._id);
    expect(list.list.map((d) => [d.row_number, d.problems])).toEqual([
      [2, ['第 2 行是模板示例，请删除后再导入']],
      [3, []],
    ]);
    const publish = await api(ctx.app, 'POST', `/api/offlineCertificateBatches/${batch._id}/publish`, {
      token: company.admin,
    });
    expect(publish.status).toBe(400);
  });
});

describe('reading Chinese text', () => {
  it('reads every character intact, whichever chunk of the sheet its UTF-8 bytes straddle', async () => {
    const fileId = await upload(ctx.app, company.admin, '证书信息表.xlsx', await largeSheet(3000));
    const { batch } = await createAndRead(ctx.app, company.admin, batchBody(company.siteId, fileId));
    expect(batch).toMatchObject({ valid_count: 3000, problem_count: 0 });
    const [last] = (await drafts(batch._id, '&keyword=持证人张3000')).list;
    expect(last.name).toBe('持证人张3000');
  });
});

describe('publishing (1 待确认 → 2 发布中 → 3 已发布)', () => {
  it('numbers consecutive and distinct; the certificates are in the library and verifiable only once published', async () => {
    const { batch } = await readBatch([holderRow(11), holderRow(12), holderRow(13)]);
    const library = async () =>
      (
        await api<Paged<CertificateRow>>(ctx.app, 'GET', '/api/certificates?source=2', {
          token: company.admin,
        })
      ).body.data.list;
    expect(await library()).toEqual([]);
    const published = await publishAndWait(ctx.app, company.admin, batch._id);
    expect(published.count).toBe(3);
    const numbers = (await library()).map((c) => c.certificate_no as string).sort();
    expect(numbers).toHaveLength(3);
    expect(numbers.every((n) => CERTIFICATE_NO.test(n))).toBe(true);
    expect(numbers.map((n) => parseCertificateNumber(n)?.serial)).toEqual([1, 2, 3]);
    expect([numbers[0], numbers[2]]).toEqual([published.first_no, published.last_no]);
    expect(published.content).toContain(
      `共 3 张，成功 3 张，失败 0 张，证书编号 ${published.first_no} 至 ${published.last_no}`,
    );
    expect(await getBatch(ctx.app, company.admin, batch._id)).toMatchObject({
      status: 3,
      status_text: '已发布',
      total: 3,
      rendered_count: 3,
      failed_count: 0,
      first_no: published.first_no,
      last_no: published.last_no,
    });
    const [first] = await library();
    const page = await api<{ valid: boolean }>(ctx.app, 'GET', `/api/public/certificates/${first._id}`);
    expect(page.body.data.valid).toBe(true);
  });
});

describe('options', () => {
  it('offers the approved scopes (occupation → 工种 → levels), the filed sites and the templates', async () => {
    const res = await api<OfflineBatchOptions>(ctx.app, 'GET', '/api/offlineCertificateBatches/options', {
      token: company.admin,
    });
    expect(res.body.data.occupations).toContainEqual({
      occupation_code: '6-31-01-03',
      occupation_name: '电工',
      work_types: [{ work_type: null, levels: [5, 4, 3] }],
    });
    expect(res.body.data.sites.map((s) => s._id)).toContain(company.siteId);
    expect(res.body.data.templates[0]).toEqual({
      _id: 'national',
      name: '职业技能等级证书',
      national: true,
      blanks: [],
    });
  });
});

describe('a custom template', () => {
  it('its own blanks are columns of the sheet to fill, values of the drafts and of the certificates', async () => {
    const template = await createTemplate(ctx.app, company.admin, {
      blanks: [
        ...defaultBlanks(),
        { ...defaultBlanks()[0], name: 'school', cn_name: '培训学校', required: 1, y: 0.9 },
      ],
    });
    const options = await api<OfflineBatchOptions>(ctx.app, 'GET', '/api/offlineCertificateBatches/options', {
      token: company.admin,
    });
    expect(options.body.data.templates.find((t) => t._id === template._id)?.blanks).toEqual([
      { name: 'gender', cn_name: '性别', required: false },
      { name: 'school', cn_name: '培训学校', required: true },
    ]);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/offlineCertificateBatches/sheetTemplate?template_id=${template._id}`,
      headers: { authorization: `Bearer ${company.admin}` },
    });
    const [header] = await sheetRows(file.rawPayload);
    expect(header).toEqual([
      ...SHEET_HEADER.map((h) => (h === '姓名' || h === '证件号码' ? `*${h}` : h)),
      '性别',
      '*培训学校',
    ]);

    const fileId = await uploadSheet(
      ctx.app,
      company.admin,
      [
        [...holderRow(1), '男', '示例职业培训学校'],
        [...holderRow(2), '女', ''],
      ],
      [...SHEET_HEADER, '性别', '培训学校'],
    );
    const { batch } = await createAndRead(
      ctx.app,
      company.admin,
      batchBody(company.siteId, fileId, { template_id: template._id }),
    );
    const list = (await drafts(batch._id)).list;
    expect(list.map((d) => [d.values.map((v) => v.value), d.problems])).toEqual([
      [['男', '示例职业培训学校'], []],
      [['女', ''], ['请填写培训学校']],
    ]);
    await api(ctx.app, 'PATCH', `/api/offlineCertificateBatches/${batch._id}/drafts/${list[1]._id}`, {
      token: company.admin,
      body: { values: { school: '第二培训学校' } },
    });
    await publishAndWait(ctx.app, company.admin, batch._id);
    const rows = await ctx.app.db.select().from(certificates).where(eq(certificates.sourceId, batch._id));
    expect(rows.map((r) => r.values).sort((a, b) => a[0].val.localeCompare(b[0].val))).toEqual([
      [
        { name: 'gender', val: '女' },
        { name: 'school', val: '第二培训学校' },
      ],
      [
        { name: 'gender', val: '男' },
        { name: 'school', val: '示例职业培训学校' },
      ],
    ]);
  });
});
