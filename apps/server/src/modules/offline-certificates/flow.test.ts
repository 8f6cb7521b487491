import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ArchiveDetail, ArchiveRow } from '@skill-cert/shared/archives';
import { ISSUE_DATE_GRACE_DAYS } from '@skill-cert/shared/certificates';
import { IMAGE_LIMIT_TEXT } from '@skill-cert/shared/constants';
import { NO_APPROVED_FILING } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import {
  OFFLINE_EXPORT_COLUMNS,
  type OfflineCertificateRow,
  type OfflineDraftRow,
  offlineBatchCreateBody,
  offlineBatchPatchBody,
  offlineDraftPatchBody,
} from '@skill-cert/shared/offline-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { addDays, formatDate } from '@skill-cert/shared/time';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jpeg, jpegClaiming } from '../../../test/fixtures/certificate-engine.ts';
import { secondEnterprise } from '../../../test/fixtures/companies.ts';
import { enterpriseToken, upload, watchProgress } from '../../../test/fixtures/custom-certificates.ts';
import { companyOf, validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import {
  batchBody,
  createAndRead,
  getBatch,
  holderRow,
  publishAndWait,
  seedOfflineFiling,
  sheetRows,
  uploadSheet,
  watchMessages,
} from '../../../test/fixtures/offline-certificates.ts';
import { api, callRoutes, useTestApp } from '../../../test/harness.ts';
import { readZipDirectory } from '../certificate-engine/zip.ts';
import { certificates } from '../certificates/tables.ts';
import { SCOPE_NOT_FILED, SITE_NOT_FILED } from './batches.ts';
import { offlineCertificateDrafts } from './tables.ts';

const ctx = useTestApp();
let admin = '';
let member = '';
let siteId = '';
beforeEach(async () => {
  admin = await enterpriseToken(ctx.app);
  member = await enterpriseToken(ctx.app, 'duojuese');
  ({ siteId } = await seedOfflineFiling(ctx.app.db, await companyOf(ctx.app.db, 'qiye')));
});

const B = '/api/offlineCertificateBatches';
const call = <T = unknown>(method: string, url: string, token = admin, body?: unknown) =>
  api<T>(ctx.app, method as 'GET', url, { token, ...(body === undefined ? {} : { body: body as object }) });

async function readBatch(rows: (string | number | null)[][], more: Record<string, unknown> = {}) {
  const fileId = await uploadSheet(ctx.app, admin, rows);
  return (await createAndRead(ctx.app, admin, batchBody(siteId, fileId, more))).batch;
}

const draftsOf = async (id: string) =>
  (await call<Paged<OfflineDraftRow>>('GET', `${B}/${id}/drafts?per_page=50`)).body.data.list;

/** Every offline route, with a body each contract schema accepts. */
function callEach(token: string, batchId: string) {
  const samples = new Map<unknown, unknown>([
    [offlineBatchCreateBody, batchBody(siteId, randomUUID())],
    [offlineBatchPatchBody, { name: '改名' }],
    [offlineDraftPatchBody, { name: '改名' }],
  ]);
  return callRoutes(ctx.app, token, {
    routes: (r) => r.url.startsWith(B),
    url: (url) =>
      url
        .replace(':id', batchId)
        .replace(/:(\w+)/g, () => randomUUID())
        .concat(url.endsWith('sheetTemplate') ? '?template_id=national' : ''),
    body: (schema) => samples.get(schema) ?? {},
  });
}

describe('the code-61 gate and the tenant boundary', () => {
  it('every offline route answers code 61 until the company holds an approved filing', async () => {
    const b = await secondEnterprise(ctx);
    const answers = await callEach(b.token, randomUUID());
    expect(answers.length).toBeGreaterThanOrEqual(15);
    expect(answers.filter((a) => a.code !== 61 || a.message !== NO_APPROVED_FILING)).toEqual([]);
  });

  it("another company's batch is the 404 of an unknown one on every route with a batch id, and stays as it was", async () => {
    const batch = await readBatch([holderRow(1)]);
    const b = await secondEnterprise(ctx);
    await seedOfflineFiling(ctx.app.db, b.companyId, { institution: '0002', site: '000002' });
    const answers = (await callEach(b.token, batch._id)).filter((a) => a.route.includes(':id'));
    expect(answers.length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a.status !== 404)).toEqual([]);
    expect(answers[0].message).toMatch(/不存在或已删除/);
    expect(await getBatch(ctx.app, admin, batch._id)).toMatchObject({
      name: batch.name,
      status: 1,
      total: 1,
    });
  });
});

describe('create', () => {
  it('refuses a scope outside the approved filings and a site of no filing of it, naming the field', async () => {
    const fileId = await uploadSheet(ctx.app, admin, [holderRow(1)]);
    const level2 = await call('POST', B, admin, batchBody(siteId, fileId, { level: 2 }));
    expect(level2.body).toMatchObject({ code: 400, message: SCOPE_NOT_FILED });
    const site = await call('POST', B, admin, batchBody(randomUUID(), fileId));
    expect(site.body).toMatchObject({ code: 400, message: SITE_NOT_FILED });
    const dates = await call('POST', B, admin, batchBody(siteId, fileId, { issue_date: '2026-10-01' }));
    expect(dates.body).toMatchObject({ code: 400, message: '发证日期不能早于评价结束日期' });
  });

  it('the issue date follows the grant rule: an impossible day, or one past today plus the grace, is refused on create and edit', async () => {
    const fileId = await uploadSheet(ctx.app, admin, [holderRow(1)]);
    const impossible = await call('POST', B, admin, batchBody(siteId, fileId, { issue_date: '2026-02-30' }));
    expect(impossible.body).toMatchObject({
      code: 400,
      message: '发证日期不是有效日期：2026-02-30 这一天不存在',
    });
    const latest = addDays(formatDate(new Date()), ISSUE_DATE_GRACE_DAYS);
    const tooLate = `发证日期不能晚于${latest}（今天起${ISSUE_DATE_GRACE_DAYS}天内）`;
    const late = await call('POST', B, admin, batchBody(siteId, fileId, { issue_date: addDays(latest, 1) }));
    expect(late.body).toMatchObject({ code: 400, message: tooLate });
    const { batch } = await createAndRead(ctx.app, admin, batchBody(siteId, fileId, { issue_date: latest }));
    const edited = await call('PATCH', `${B}/${batch._id}`, admin, { issue_date: addDays(latest, 1) });
    expect(edited.body).toMatchObject({ code: 400, message: tooLate });
    expect((await getBatch(ctx.app, admin, batch._id)).issue_date).toBe(latest);
  });

  it('members upload too', async () => {
    const fileId = await uploadSheet(ctx.app, member, [holderRow(1)]);
    const { batch } = await createAndRead(ctx.app, member, batchBody(siteId, fileId));
    expect(batch).toMatchObject({ status: 1, valid_count: 1 });
  });
});

describe('drafts', () => {
  it('a fix is judged again, and a duplicate fixed at its first row frees the later one', async () => {
    const batch = await readBatch([
      holderRow(1),
      holderRow(1, '李四'),
      ['王五', '居民身份证', validId(3), '', '合格', '', ''],
    ]);
    const [first, second, third] = await draftsOf(batch._id);
    expect(second.problems).toEqual([`证件号码 ${validId(1)} 与第 2 行重复`]);
    expect(third.problems).toEqual(['请填写理论知识考试结果']);
    const fixed = await call<OfflineDraftRow>('PATCH', `${B}/${batch._id}/drafts/${third._id}`, member, {
      results: [{ method: 1, value: '75' }],
    });
    expect(fixed.body.data.problems).toEqual([]);
    await call('PATCH', `${B}/${batch._id}/drafts/${first._id}`, admin, { id_number: validId(4) });
    expect((await draftsOf(batch._id)).map((d) => d.problems)).toEqual([[], [], []]);
    expect(await getBatch(ctx.app, admin, batch._id)).toMatchObject({ valid_count: 3, problem_count: 0 });
  });

  it('a photo too big to render (a header declaring 60000×60000) is refused when set on a draft, not at publishing', async () => {
    const batch = await readBatch([holderRow(1)]);
    const [draft] = await draftsOf(batch._id);
    const big = await upload(ctx.app, admin, '大照片.jpg', jpegClaiming(60000, 60000));
    const res = await call('PATCH', `${B}/${batch._id}/drafts/${draft._id}`, admin, { photo_file_id: big });
    expect(res.body).toMatchObject({
      code: 400,
      message: `照片尺寸过大（60000×60000 像素），请缩小到 ${IMAGE_LIMIT_TEXT}后重新上传`,
    });
    expect((await draftsOf(batch._id))[0].photo_file_id).toBeNull();
    const fine = await upload(ctx.app, admin, '照片.jpg', jpeg(60, 80));
    const set = await call('PATCH', `${B}/${batch._id}/drafts/${draft._id}`, admin, { photo_file_id: fine });
    expect(set.body.code, set.body.message).toBe(200);
  });

  it('a holder who already holds a valid certificate of the scope from this company is flagged', async () => {
    const first = await readBatch([holderRow(1)]);
    await publishAndWait(ctx.app, admin, first._id);
    const second = await readBatch([holderRow(1), holderRow(2)]);
    const [flagged, clean] = await draftsOf(second._id);
    expect(flagged).toMatchObject({
      duplicate_holder: true,
      problems: ['已持有本单位电工四级/中级工的有效证书，不能重复发证'],
    });
    expect(clean.duplicate_holder).toBe(false);
    const other = await readBatch([holderRow(1)], { level: 3 });
    expect((await draftsOf(other._id))[0].duplicate_holder).toBe(false);
  });

  it('dropping a draft removes it; publishing is refused while a draft has a problem or none is left', async () => {
    const batch = await readBatch([holderRow(1), ['', '', validId(2), '80', '合格', '', '']]);
    const [ok, bad] = await draftsOf(batch._id);
    const refused = await call('POST', `${B}/${batch._id}/publish`);
    expect(refused.body).toMatchObject({
      code: 400,
      message: '有 1 条证书信息存在问题，请修改或删除后再确认发证',
    });
    expect((await call('DELETE', `${B}/${batch._id}/drafts/${bad._id}`, member)).body.code).toBe(200);
    expect((await call('DELETE', `${B}/${batch._id}/drafts/${ok._id}`)).body.code).toBe(200);
    expect(await draftsOf(batch._id)).toEqual([]);
    const empty = await call('POST', `${B}/${batch._id}/publish`);
    expect(empty.body).toMatchObject({ code: 400, message: '没有可发证的证书信息，请重新上传证书信息表' });
  });
});

describe('roles and states', () => {
  it('members view and fix but may not publish, delete or regenerate (403)', async () => {
    const batch = await readBatch([holderRow(1)]);
    expect((await call('GET', `${B}/${batch._id}`, member)).body.code).toBe(200);
    expect((await call('POST', `${B}/${batch._id}/publish`, member)).status).toBe(403);
    expect((await call('DELETE', `${B}/${batch._id}`, member)).status).toBe(403);
    expect(
      (await call('POST', `${B}/${batch._id}/certificates/${randomUUID()}/regenerate`, member)).status,
    ).toBe(403);
    expect((await getBatch(ctx.app, admin, batch._id)).status).toBe(1);
  });

  it('replacing the sheet while 待确认 reads the batch again', async () => {
    const batch = await readBatch([holderRow(1)]);
    const fileId = await uploadSheet(ctx.app, admin, [holderRow(5), holderRow(6)]);
    const read = watchMessages(ctx.app, TemplateKey.OFFLINE_CERTIFICATE_DONE);
    try {
      expect((await call('PATCH', `${B}/${batch._id}`, member, { file_id: fileId })).body.code).toBe(200);
      expect((await read.about(batch._id)).content).toContain('成功 2 条，失败 0 条');
    } finally {
      read.stop();
    }
    expect((await draftsOf(batch._id)).map((d) => d.id_number)).toEqual([validId(5), validId(6)]);
  });

  it('before publishing there is nothing to download; once published nothing can change, be deleted or published again', async () => {
    const batch = await readBatch([holderRow(1)]);
    const [draft] = await draftsOf(batch._id);
    for (const path of ['downloadCertificateZip', 'export'])
      expect((await call('GET', `${B}/${batch._id}/${path}`)).body.message).toBe(
        '该批次尚未发布，没有可导出的证书',
      );
    await publishAndWait(ctx.app, admin, batch._id);
    expect((await call('POST', `${B}/${batch._id}/publish`)).body.message).toBe(
      '该批次已确认发证，不能重复发证',
    );
    expect((await call('PATCH', `${B}/${batch._id}`, admin, { name: '改名' })).body.message).toBe(
      '该批次已开始发布或正在解析，不能修改',
    );
    expect(
      (await call('PATCH', `${B}/${batch._id}/drafts/${draft._id}`, admin, { name: '改名' })).body.message,
    ).toBe('只有待确认的批次可以修改证书信息');
    expect((await call('DELETE', `${B}/${batch._id}`)).body.message).toBe('该批次已发布，不能删除');
  });

  it('an administrator deletes a batch before publishing, with its drafts', async () => {
    const batch = await readBatch([holderRow(1)]);
    expect((await call('DELETE', `${B}/${batch._id}`)).body.code).toBe(200);
    expect((await call('GET', `${B}/${batch._id}`)).status).toBe(404);
    expect(await ctx.app.db.select().from(offlineCertificateDrafts)).toEqual([]);
  });
});

describe('rendering and downloads', () => {
  it('a render run with failures ends 已发布 with a message of 成功 n 张，失败 m 张; the rendered certificates are valid at once, a failed one once regenerated', async () => {
    const batch = await readBatch([holderRow(1), holderRow(2)]);
    // The second holder's photo is gone from storage's records: its render fails (as a missing photo would).
    await ctx.app.db
      .update(offlineCertificateDrafts)
      .set({ photoFileId: randomUUID() })
      .where(eq(offlineCertificateDrafts.idNumber, validId(2)));
    const { content } = await publishAndWait(ctx.app, admin, batch._id);
    expect(content).toContain('成功 1 张，失败 1 张');
    expect(content).toContain('失败的证书请在证书详情中重新生成');
    expect(await getBatch(ctx.app, admin, batch._id)).toMatchObject({
      status: 3,
      rendered_count: 1,
      failed_count: 1,
    });
    const certificatesOf = async () =>
      (await call<Paged<OfflineCertificateRow>>('GET', `${B}/${batch._id}/certificates`)).body.data.list;
    const list = await certificatesOf();
    expect(list.map((c) => [c.produce_status, c.status])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    const publicPage = (id: string) => api(ctx.app, 'GET', `/api/public/certificates/${id}`);
    expect((await publicPage(list[0]._id)).status).toBe(200);
    expect((await publicPage(list[1]._id)).status).toBe(404);
    const archive = (await call<Paged<ArchiveRow>>('GET', '/api/archives?kind=2')).body.data.list[0];
    const seal = () => call<ArchiveDetail>('POST', `/api/archives/${archive._id}/seal`);
    expect((await seal()).body.message).toBe('有 1 张证书生成失败，重新生成后才能归档');

    await ctx.app.db.update(certificates).set({ photoFileId: null }).where(eq(certificates.id, list[1]._id));
    const progress = watchProgress();
    try {
      expect((await call('POST', `${B}/${batch._id}/certificates/${list[1]._id}/regenerate`)).body.code).toBe(
        200,
      );
      await progress.recorded(batch._id, 1);
    } finally {
      progress.stop();
    }
    expect(await getBatch(ctx.app, admin, batch._id)).toMatchObject({
      status: 3,
      rendered_count: 2,
      failed_count: 0,
    });
    expect((await certificatesOf()).map((c) => [c.produce_status, c.status])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect((await publicPage(list[1]._id)).status).toBe(200);
    expect((await seal()).body.data).toMatchObject({ status_text: '已归档' });
  });

  it('the zip holds one PDF per certificate named by number and holder; the export lists the numbers for filing', async () => {
    const batch = await readBatch([holderRow(1, '张三'), holderRow(2, '李四')]);
    const { first_no, last_no } = await publishAndWait(ctx.app, admin, batch._id);
    const zip = await ctx.app.inject({
      method: 'GET',
      url: `${B}/${batch._id}/downloadCertificateZip`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(zip.headers['content-type']).toBe('application/zip');
    const zipPath = path.join(await mkdtemp(path.join(tmpdir(), 'offline-zip-')), 'certificates.zip');
    await writeFile(zipPath, zip.rawPayload);
    const { zip: opened, items } = await readZipDirectory(zipPath);
    opened.close();
    expect(items.map((i) => [i.name, i.size > 1000])).toEqual([
      [`${first_no}_张三.pdf`, true],
      [`${last_no}_李四.pdf`, true],
    ]);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: `${B}/${batch._id}/export`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]).toEqual([...OFFLINE_EXPORT_COLUMNS]);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [first_no, '张三', '居民身份证', validId(1)],
      [last_no, '李四', '居民身份证', validId(2)],
    ]);
    expect(rows[1].slice(4)).toEqual([
      '电工',
      '',
      '四级/中级工',
      expect.any(String),
      '一号实训楼',
      '2026-10-10',
      '2026-10-12',
      '2026-11-20',
      '有效',
    ]);
  });
});
