import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CertificateDetail, CertificateRow } from '@skill-cert/shared/certificates';
import type {
  CreatedBatch,
  CustomCertificateBatch,
  CustomCertificateDetail,
  CustomCertificateRow,
  PublicCertificate,
  UploadRejection,
} from '@skill-cert/shared/custom-certificates';
import type { MessagePage } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_HEADER,
  idCard,
  jpeg,
  jpegClaiming,
  personRow,
  rawZip,
  xlsx,
} from '../../../test/fixtures/certificate-engine.ts';
import { pngClaiming } from '../../../test/fixtures/certificate-engine-render.ts';
import {
  createTemplate,
  enterpriseToken,
  otherCompanyToken,
  postBatch,
  upload,
  waitForBatch,
} from '../../../test/fixtures/custom-certificates.ts';
import { type ApiResponse, api, login, multipartFile, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { SHEET_MAX_ROWS } from '../certificate-engine/sheet.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { readZipDirectory, ZIP_MAX_ENTRIES, ZIP_MAX_TOTAL_BYTES } from '../certificate-engine/zip.ts';
import { files } from '../files/tables.ts';
import { findUserByAccount } from '../users/service.ts';
import { users } from '../users/tables.ts';
import { removeAbandonedUploads, UPLOADING } from './batches.ts';
import { customCertificateBatches } from './tables.ts';

// Renders batches of certificates in worker threads: long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();

/** A template blank for the holder's name alone. */
const NAME_ONLY = {
  name: 'name',
  cn_name: '姓名',
  required: 1,
  blank_type: 1,
  x: 0.3,
  y: 0.3,
  width: 0.4,
  height: 0.06,
} as const;

// Files the tests write for reading back; removed after the file's tests.
const scratch = mkdtempSync(path.join(tmpdir(), 'sc-dl-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const countOf = async (table: string) => {
  const res = (await ctx.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0].n;
};

/** Template + sheet of `n` people + photos zip named by ID number, uploaded; answers the POST. */
async function uploadBatch(
  token: string,
  opts: {
    rows?: (string | null)[][];
    photos?: { name: string; data: Buffer }[] | null;
    name?: string;
    templateId?: string;
  } = {},
) {
  const templateId = opts.templateId ?? (await createTemplate(ctx.app, token))._id;
  const rows = opts.rows ?? [1, 2, 3].map((i) => personRow(i));
  const sheet = await upload(ctx.app, token, '学员名单.xlsx', await xlsx(DEFAULT_HEADER, rows));
  const photos =
    opts.photos === null
      ? null
      : (opts.photos ??
        rows.map((r, i) => ({ name: `照片/${r[2]}.jpg`, data: jpeg(120, 160, (i * 47) % 360) })));
  const zip = photos ? await upload(ctx.app, token, '照片.zip', rawZip(photos)) : null;
  return api<CustomCertificateBatch | UploadRejection>(
    ctx.app,
    'POST',
    '/api/customCertificateBatchUploadRecords',
    {
      token,
      body: {
        name: opts.name ?? '2025年6月电工批次',
        custom_certificate_template_id: templateId,
        file_id: sheet,
        photo_zip_file_id: zip,
      },
    },
  );
}

/** The id of a batch the upload created; a refused upload fails the test with the server's answer. */
function createdId(res: ApiResponse<CustomCertificateBatch | UploadRejection>): string {
  if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as CustomCertificateBatch)._id;
}

async function certificateList(token: string, batchId: string, query = '') {
  const res = await api<Paged<CustomCertificateRow>>(
    ctx.app,
    'GET',
    `/api/customCertificateBatchUploadRecords/${batchId}/certificateList${query}`,
    { token },
  );
  return res.body.data;
}

describe('batch generation', () => {
  it('generates one PDF per sheet row with photos and tells the uploader when the batch is done', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await uploadBatch(token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('上传成功，证书正在后台生成');
    const created = res.body.data as CustomCertificateBatch;
    expect(created).toMatchObject({ name: '2025年6月电工批次', total: 3, certificate_handle_status: 0 });

    const done = await waitForBatch(ctx.app, token, created._id);
    expect(done).toMatchObject({
      certificate_handle_status: 1,
      certificate_handle_status_value: '已完成',
      total: 3,
      success_count: 3,
      failed_count: 0,
      progress: 100,
      custom_certificate_template_info: {
        template_name: '电工职业技能等级证书',
        company_name: '示例智能制造有限公司',
      },
      file_info: { originName: '学员名单.xlsx' },
      creator_name: 'qiye',
    });
    expect(done.finish_time_str).not.toBeNull();

    const list = await certificateList(token, created._id);
    expect(list.meta.total).toBe(3);
    expect(list.list.map((r) => r.row_number)).toEqual([2, 3, 4]);
    for (const row of list.list) {
      expect(row.custom_certificate_produce_status).toBe(1);
      expect(row.custom_certificate_produce_status_value).toBe('生成成功');
      expect(row.verify_path).toBe(`/information-link/${row._id}`);
      const photo = row.blanks.find((b) => b.name === 'photo')!;
      expect(photo.file_web_path).toBe(`/api/files/${photo.val}`);
      const pdf = await ctx.app.inject({
        method: 'GET',
        url: row.custom_certificate_file_info!.webPath,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.length).toBeLessThan(200 * 1024);
    }
    expect(list.list[0].blanks.find((b) => b.name === 'name')).toMatchObject({
      cn_name: '姓名',
      val: '学员1',
    });

    const messages = await api<MessagePage>(ctx.app, 'GET', '/api/message', { token });
    const notices = messages.body.data.list.filter(
      (m) => m.data.template_key === 'create_custom_certificate_done',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message_category_name: '证书通知', data: { _id: created._id } });
    expect(notices[0].content).toContain('共 3 张');
  });

  it("each row's photo becomes its own file holding the zip's photo, shown in the editor and drawn on its PDF", async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [1, 2].map((i) => personRow(i));
    const photos = rows.map((r, i) => ({ name: `照片/${r[2]}.jpg`, data: jpeg(120, 160, 90 + i * 120) }));
    const batch = await waitForBatch(ctx.app, token, createdId(await uploadBatch(token, { rows, photos })));
    expect(batch).toMatchObject({ success_count: 2, failed_count: 0 });
    const list = await certificateList(token, batch._id);
    for (const [i, row] of list.list.entries()) {
      const photo = row.blanks.find((b) => b.name === 'photo')!;
      const served = await ctx.app.inject({
        method: 'GET',
        url: photo.file_web_path!,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload).toEqual(photos[i].data);
      const pdf = await ctx.app.inject({
        method: 'GET',
        url: row.custom_certificate_file_info!.webPath,
        headers: { authorization: `Bearer ${token}` },
      });
      // A JPEG photo is embedded as it is (DCTDecode): its bytes are in the PDF.
      expect(pdf.rawPayload.includes(photos[i].data)).toBe(true);
    }
  });

  it('row problems (missing value, missing photo, photo not an image) fail that row only, with a reason', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [1, 2, 3, 4].map((i) => personRow(i));
    rows[1][1] = ''; // no name
    const photos = [
      { name: `${rows[0][2]}.jpg`, data: jpeg(120, 160) },
      { name: `${rows[1][2]}.jpg`, data: jpeg(120, 160) },
      // row 3: no photo at all
      { name: `${rows[3][2]}.png`, data: Buffer.from('this is not an image at all') },
    ];
    const res = await uploadBatch(token, { rows, photos });
    expect(res.status).toBe(200);
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    expect(batch).toMatchObject({
      certificate_handle_status: 2,
      certificate_handle_status_value: '部分失败',
      success_count: 1,
      failed_count: 3,
    });
    const list = await certificateList(token, batch._id);
    const reasons = list.list.map((r) => [r.row_number, r.custom_certificate_produce_status, r.fail_reason]);
    expect(reasons).toEqual([
      [2, 1, null],
      [3, 2, '请填写 姓名（表格第 3 行）'],
      [
        4,
        2,
        `缺少照片：照片压缩包中没有身份证号 ${rows[2][2]} 的照片，应命名为 ${rows[2][2]}.jpg/.jpeg/.png（表格第 4 行）`,
      ],
      [5, 2, `照片不是 JPG/PNG 图片：${rows[3][2]}.png（表格第 5 行）`],
    ]);
    expect(list.list[1].custom_certificate_produce_status_value).toBe('生成失败');
    const failedOnly = await certificateList(token, batch._id, '?custom_certificate_produce_status=2');
    expect(failedOnly.meta.total).toBe(3);
  });

  it('a photo too big to decode (by its header) or over 10 MB fails only its row, with the reason', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [1, 2, 3, 4].map((i) => personRow(i));
    const photos = [
      { name: `${rows[0][2]}.png`, data: pngClaiming(9_000, 9_000) },
      { name: `${rows[1][2]}.jpg`, data: jpegClaiming(12_000, 800) },
      { name: `${rows[2][2]}.jpg`, data: Buffer.concat([jpeg(40, 50), Buffer.alloc(10 * 1024 * 1024 + 1)]) },
      { name: `${rows[3][2]}.jpg`, data: jpeg(120, 160) },
    ];
    const res = await uploadBatch(token, { rows, photos });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    expect(batch).toMatchObject({ success_count: 1, failed_count: 3 });
    const list = await certificateList(token, batch._id);
    const advice = '请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传';
    expect(list.list.map((r) => r.fail_reason)).toEqual([
      `照片尺寸过大（9000×9000 像素），${advice}：${rows[0][2]}.png（表格第 2 行）`,
      `照片尺寸过大（12000×800 像素），${advice}：${rows[1][2]}.jpg（表格第 3 行）`,
      `照片超过 10M：${rows[2][2]}.jpg（表格第 4 行）`,
      null,
    ]);
  });

  it('the upload answer lists the photos no row uses and the rows without a photo', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [1, 2, 3].map((i) => personRow(i));
    const res = await uploadBatch(token, {
      rows,
      photos: [
        { name: `照片/${rows[0][2]}.jpg`, data: jpeg(120, 160) },
        { name: '照片/陌生人.jpg', data: jpeg(120, 160) },
      ],
    });
    expect(res.status).toBe(200);
    expect((res.body.data as CreatedBatch).photo_match).toEqual({
      unmatched_photos: ['照片/陌生人.jpg'],
      unmatched_photo_count: 1,
      rows_without_photo: [
        { row_number: 3, row_key: '2', blank: '照片' },
        { row_number: 4, row_key: '3', blank: '照片' },
      ],
      rows_without_photo_count: 2,
    });
    const withoutZip = await uploadBatch(token, { rows, photos: null });
    expect((withoutZip.body.data as CreatedBatch).photo_match).toBeNull();
  });

  it("the list shows each row's 序号, and a failed row's reason its sheet row where the 序号 differs", async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [1, 2, 3].map((i) => personRow(i));
    rows[1][1] = ''; // 序号 2 on sheet row 3
    rows[2][0] = '4'; // 序号 4 on sheet row 4: the same number
    rows[2][1] = '';
    const res = await uploadBatch(token, { rows });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const list = await certificateList(token, batch._id);
    expect(list.list.map((r) => [r.row_key, r.row_number, r.fail_reason])).toEqual([
      ['1', 2, null],
      ['2', 3, '请填写 姓名（表格第 3 行）'],
      ['4', 4, '请填写 姓名'],
    ]);
  });

  it('a missing photo names the ID number and every accepted extension (.jpg/.jpeg/.png)', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [personRow(1)];
    const res = await uploadBatch(token, {
      rows,
      photos: [{ name: 'someone-else.jpg', data: jpeg(40, 50) }],
    });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [row] = (await certificateList(token, batch._id)).list;
    expect(row.fail_reason).toContain(`身份证号 ${rows[0][2]}`);
    expect(row.fail_reason).toContain(`${rows[0][2]}.jpg/.jpeg/.png`);
  });

  it('a row without ID number finds its photo by 序号', async () => {
    const token = await enterpriseToken(ctx.app);
    const template = await createTemplate(ctx.app, token, {
      blanks: [
        NAME_ONLY,
        {
          name: 'photo',
          cn_name: '照片',
          required: 1,
          blank_type: 2,
          x: 0.05,
          y: 0.3,
          width: 0.12,
          height: 0.24,
        },
      ],
    });
    const sheet = await upload(ctx.app, token, 'a.xlsx', await xlsx(['序号', '*姓名'], [['A1', '李四']]));
    const zip = await upload(ctx.app, token, 'p.zip', rawZip([{ name: 'a1.JPG', data: jpeg(90, 120) }]));
    const res = await api<CustomCertificateBatch>(
      ctx.app,
      'POST',
      '/api/customCertificateBatchUploadRecords',
      {
        token,
        body: {
          name: '序号匹配',
          custom_certificate_template_id: template._id,
          file_id: sheet,
          photo_zip_file_id: zip,
        },
      },
    );
    const batch = await waitForBatch(ctx.app, token, res.body.data._id);
    expect(batch.success_count).toBe(1);
  });

  it('a batch whose every row failed finishes at once as 部分失败', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await uploadBatch(token, { photos: null });
    const created = res.body.data as CustomCertificateBatch;
    expect(created.certificate_handle_status).toBe(2);
    const list = await certificateList(token, created._id);
    expect(list.list.map((r) => r.fail_reason)).toEqual(
      list.list.map((r) => `缺少照片：未上传照片压缩包（表格第 ${r.row_number} 行）`),
    );
  });
});

describe('structural problems reject the upload and keep nothing', () => {
  const expectRejected = async (res: Awaited<ReturnType<typeof uploadBatch>>, message: string | RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toContain(message);
    else expect(res.body.message).toMatch(message);
    const data = res.body.data as UploadRejection;
    expect(data.errors.length).toBeGreaterThan(0);
    expect(await countOf('custom_certificate_batches')).toBe(0);
    expect(await countOf('certificates')).toBe(0);
  };

  const post = (token: string, fileId: string, photoZip: string | null = null) =>
    postBatch<UploadRejection>(ctx.app, token, fileId, photoZip);

  it('wrong file type: an image as the spreadsheet, a spreadsheet as the photos zip', async () => {
    const token = await enterpriseToken(ctx.app);
    const image = await upload(ctx.app, token, 'a.jpg', jpeg(50, 50));
    await expectRejected(await post(token, image), '请上传 Excel（.xlsx）文件');
    const sheet = await upload(ctx.app, token, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    await expectRejected(await post(token, sheet, sheet), '照片压缩包应为 .zip 文件');
  });

  it('an empty sheet (no header, or no data rows)', async () => {
    const token = await enterpriseToken(ctx.app);
    const empty = await upload(ctx.app, token, 'empty.xlsx', await xlsx([], []));
    await expectRejected(await post(token, empty), '表格是空的');
    const headerOnly = await upload(ctx.app, token, 'header.xlsx', await xlsx(DEFAULT_HEADER, []));
    await expectRejected(await post(token, headerOnly), '表格中没有数据');
  });

  it('missing required columns are each named', async () => {
    const token = await enterpriseToken(ctx.app);
    const header = DEFAULT_HEADER.filter((h) => h !== '*姓名' && h !== '*证书编号');
    const sheet = await upload(ctx.app, token, 'cols.xlsx', await xlsx(header, [['1', idCard(1)]]));
    const res = await post(token, sheet);
    await expectRejected(res, '表格缺少必填列「姓名」');
    expect(res.body.data.errors.map((e) => e.column)).toEqual(['姓名', '证书编号']);
  });

  it('10 MB of garbage named .xlsx is refused by the upload; garbage that looks like an xlsx by the batch', async () => {
    const token = await enterpriseToken(ctx.app);
    const garbage = randomBytes(10 * 1024 * 1024);
    const { payload, headers } = multipartFile('名单.xlsx', garbage);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(400);
    const disguised = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....[Content_Types].xml....xl/workbook.xml'),
      garbage,
    ]);
    const id = await upload(ctx.app, token, '名单.xlsx', disguised);
    await expectRejected(await post(token, id), '文件不是有效的 Excel（.xlsx）文件');
  });

  it('an old .xls spreadsheet', async () => {
    const token = await enterpriseToken(ctx.app);
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(4096),
    ]);
    const xls = await upload(ctx.app, token, '名单.xls', ole);
    await expectRejected(await post(token, xls), '不支持旧版 .xls 文件，请另存为 .xlsx 后上传');
  });

  it('more rows than one batch may hold', async () => {
    const token = await enterpriseToken(ctx.app);
    const template = await createTemplate(ctx.app, token, { blanks: [NAME_ONLY] });
    const rows = Array.from({ length: SHEET_MAX_ROWS + 1 }, (_, i) => [String(i + 1), `学员${i + 1}`]);
    const sheet = await upload(ctx.app, token, '名单.xlsx', await xlsx(['序号', '*姓名'], rows));
    const res = await api<UploadRejection>(ctx.app, 'POST', '/api/customCertificateBatchUploadRecords', {
      token,
      body: { name: '批次', custom_certificate_template_id: template._id, file_id: sheet },
    });
    await expectRejected(res, `一次最多导入 ${SHEET_MAX_ROWS} 行，请分批上传`);
  });

  it('a photos zip with too many files, or too much content once unpacked', async () => {
    const token = await enterpriseToken(ctx.app);
    const sheet = await upload(ctx.app, token, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const tiny = Buffer.from('x');
    const crowded = await upload(
      ctx.app,
      token,
      'photos.zip',
      rawZip(Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `${i}.jpg`, data: tiny }))),
    );
    await expectRejected(
      await post(token, sheet, crowded),
      `照片压缩包中的文件不能超过 ${ZIP_MAX_ENTRIES} 个`,
    );
    // Two entries whose directory claims 2.2 GB each: refused from the directory, nothing unpacked.
    const bomb = await upload(
      ctx.app,
      token,
      'bomb.zip',
      rawZip([
        { name: `${idCard(1)}.jpg`, data: Buffer.alloc(1000), claimedSize: 2_200_000_000 },
        { name: 'b.jpg', data: Buffer.alloc(1000), claimedSize: 2_200_000_000 },
      ]),
    );
    expect(2 * 2_200_000_000).toBeGreaterThan(ZIP_MAX_TOTAL_BYTES);
    await expectRejected(await post(token, sheet, bomb), '照片压缩包解压后超过 4G，请分批上传');
  });

  it('a photos zip with ../ or absolute paths', async () => {
    const token = await enterpriseToken(ctx.app);
    const sheet = await upload(ctx.app, token, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const evil = await upload(
      ctx.app,
      token,
      'photos.zip',
      rawZip([
        { name: `${idCard(1)}.jpg`, data: jpeg(40, 50) },
        { name: '../../etc/evil.jpg', data: jpeg(40, 50) },
        { name: '/abs/evil2.jpg', data: jpeg(40, 50) },
      ]),
    );
    const res = await post(token, sheet, evil);
    await expectRejected(res, '照片压缩包中含有不安全的路径：../../etc/evil.jpg');
    expect(res.body.data.errors.map((e) => e.message)).toEqual([
      '照片压缩包中含有不安全的路径：../../etc/evil.jpg',
      '照片压缩包中含有不安全的路径：/abs/evil2.jpg',
    ]);
  });

  it('a photos zip that is not a zip inside, and two photos with the same name', async () => {
    const token = await enterpriseToken(ctx.app);
    const sheet = await upload(ctx.app, token, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const broken = await upload(
      ctx.app,
      token,
      'photos.zip',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]),
    );
    await expectRejected(await post(token, sheet, broken), '照片压缩包已损坏或不是 ZIP 文件');
    const twice = await upload(
      ctx.app,
      token,
      'photos2.zip',
      rawZip([
        { name: `a/${idCard(1)}.jpg`, data: jpeg(40, 50) },
        { name: `b/${idCard(1)}.png`, data: jpeg(40, 50) },
      ]),
    );
    await expectRejected(await post(token, sheet, twice), '照片压缩包中有重名的照片');
  });

  it('a body without name, template or file answers the spec messages', async () => {
    const token = await enterpriseToken(ctx.app);
    const url = '/api/customCertificateBatchUploadRecords';
    const t = await createTemplate(ctx.app, token);
    const sheet = await upload(ctx.app, token, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const base = { name: '批次', custom_certificate_template_id: t._id, file_id: sheet };
    expect((await api(ctx.app, 'POST', url, { token, body: { ...base, name: ' ' } })).body.message).toBe(
      '请输入名称',
    );
    expect(
      (
        await api(ctx.app, 'POST', url, {
          token,
          body: { ...base, custom_certificate_template_id: undefined },
        })
      ).body.message,
    ).toBe('请选择证书模板');
    expect((await api(ctx.app, 'POST', url, { token, body: { ...base, file_id: '' } })).body.message).toBe(
      '请上传文件',
    );
  });
});

describe('an upload still being written', () => {
  it('is invisible until it commits, and removed once abandoned for an hour, with the photo files it stored', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await uploadBatch(token);
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const photoIds = (await certificateList(token, batch._id)).list.map(
      (c) => c.blanks.find((b) => b.name === 'photo')!.val,
    );
    expect(photoIds).toHaveLength(3);
    const filesLeft = async () =>
      (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n from files where id in ${photoIds}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    expect(await filesLeft()).toBe(3);
    // As the upload left it: the batch being written, its certificates drafts not yet rendered.
    await ctx.database.db.execute(
      sql`update custom_certificate_batches set status = ${UPLOADING}, created_at = now() - interval '2 hours' where id = ${batch._id}`,
    );
    await ctx.database.db.execute(
      sql`update certificates set status = 0, produce_status = 0, file_id = null where source_id = ${batch._id}`,
    );
    for (const url of ['', '/certificateList']) {
      const res = await api(ctx.app, 'GET', `/api/customCertificateBatchUploadRecords/${batch._id}${url}`, {
        token,
      });
      expect(res.status).toBe(404);
    }
    const list = await api<Paged<CustomCertificateBatch>>(
      ctx.app,
      'GET',
      '/api/customCertificateBatchUploadRecords',
      {
        token,
      },
    );
    expect(list.body.data.meta.total).toBe(0);
    await removeAbandonedUploads(ctx.database.db);
    expect(await countOf('custom_certificate_batches')).toBe(0);
    expect(await countOf('certificates')).toBe(0);
    expect(await filesLeft()).toBe(0);
  });
});

describe('GET /api/customCertificateBatchUploadRecords', () => {
  /** `n` finished batches of one new template, written directly; answers the token and the first batch's ids. */
  async function seedBatches(n: number) {
    const token = await enterpriseToken(ctx.app);
    const template = await createTemplate(ctx.app, token);
    const sheet = await upload(ctx.app, token, '学员名单.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const user = (await findUserByAccount(ctx.app.db, 'qiye'))!;
    const rows = await ctx.app.db
      .insert(customCertificateBatches)
      .values(
        Array.from({ length: n }, (_, i) => ({
          companyId: user.companyId!,
          templateId: template._id,
          template: { template_name: template.template_name } as CertificateTemplate,
          name: `批次${i}`,
          fileId: sheet,
          status: 1,
          total: 1,
          successCount: 1,
          createdBy: user.id,
        })),
      )
      .returning({ id: customCertificateBatches.id });
    return { token, id: rows[0].id, userId: user.id, sheet };
  }

  it("reads a page, its total and the template's, company's, creators' and sheets' names in one statement whatever the page size, a page read before in none", async () => {
    const { token } = await seedBatches(55);
    const { bySize, repeated } = await listStatements(
      ctx.app,
      token,
      '/api/customCertificateBatchUploadRecords',
    );
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it("a page read before shows a batch's progress, its creator's new name and its sheet's", async () => {
    const { token, id, userId, sheet } = await seedBatches(1);
    const rows = async (as = token) =>
      (
        await api<Paged<CustomCertificateBatch>>(ctx.app, 'GET', '/api/customCertificateBatchUploadRecords', {
          token: as,
        })
      ).body.data.list.map((b) => [
        b._id,
        b.certificate_handle_status,
        b.creator_name,
        b.file_info.originName,
        b.custom_certificate_template_info.company_name,
      ]);
    const company = '示例智能制造有限公司';
    expect(await rows()).toEqual([[id, 1, 'qiye', '学员名单.xlsx', company]]);
    await ctx.app.db
      .update(customCertificateBatches)
      .set({ status: 2 })
      .where(eq(customCertificateBatches.id, id));
    expect(await rows()).toEqual([[id, 2, 'qiye', '学员名单.xlsx', company]]);
    await ctx.app.db.update(users).set({ name: 'qiye2' }).where(eq(users.id, userId));
    await ctx.app.db.update(files).set({ originName: '名单.xlsx' }).where(eq(files.id, sheet));
    expect(await rows()).toEqual([[id, 2, 'qiye2', '名单.xlsx', company]]);
    // Another company's same query reads its own page.
    expect(await rows(await otherCompanyToken(ctx.app))).toEqual([]);
  });
});

describe('batch records, certificate list and details', () => {
  it('lists batches newest first with name and status filters and pagination', async () => {
    const token = await enterpriseToken(ctx.app);
    const template = await createTemplate(ctx.app, token);
    const a = await uploadBatch(token, { name: '一月批次', templateId: template._id });
    const b = await uploadBatch(token, { name: '二月批次', templateId: template._id, photos: null });
    await waitForBatch(ctx.app, token, createdId(a));
    const all = await api<Paged<CustomCertificateBatch>>(
      ctx.app,
      'GET',
      '/api/customCertificateBatchUploadRecords',
      {
        token,
      },
    );
    expect(all.body.data.list.map((r) => r.name)).toEqual(['二月批次', '一月批次']);
    expect(all.body.data.meta).toMatchObject({ total: 2, page: 1, per_page: 10 });
    const byName = await api<Paged<CustomCertificateBatch>>(
      ctx.app,
      'GET',
      `/api/customCertificateBatchUploadRecords?name=${encodeURIComponent('一月')}`,
      { token },
    );
    expect(byName.body.data.list.map((r) => r.name)).toEqual(['一月批次']);
    const failed = await api<Paged<CustomCertificateBatch>>(
      ctx.app,
      'GET',
      '/api/customCertificateBatchUploadRecords?certificate_handle_status=2',
      { token },
    );
    expect(failed.body.data.list.map((r) => r._id)).toEqual([createdId(b)]);
    const bad = await api(ctx.app, 'GET', '/api/customCertificateBatchUploadRecords?per_page=7', { token });
    expect(bad.status).toBe(400);
  });

  it('the certificate list pages by 10, searches by name, filters by status; the detail has batch and template', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = Array.from({ length: 12 }, (_, i) => personRow(i + 1, i === 4 ? '王小明' : `学员${i + 1}`));
    const res = await uploadBatch(token, { rows });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const page1 = await certificateList(token, batch._id);
    expect(page1.list).toHaveLength(10);
    expect(page1.meta).toMatchObject({ total: 12, per_page: 10, last_page: 2 });
    const page2 = await certificateList(token, batch._id, '?page=2');
    expect(page2.list.map((r) => r.row_number)).toEqual([12, 13]);
    const search = await certificateList(token, batch._id, `?name=${encodeURIComponent('小明')}`);
    expect(search.list.map((r) => r.row_number)).toEqual([6]);
    const detail = await api<CustomCertificateDetail>(
      ctx.app,
      'GET',
      `/api/customCertificates/${search.list[0]._id}`,
      {
        token,
      },
    );
    expect(detail.body.data).toMatchObject({
      _id: search.list[0]._id,
      batch_id: batch._id,
      batch_name: '2025年6月电工批次',
      template_name: '电工职业技能等级证书',
      company_name: '示例智能制造有限公司',
      custom_certificate_produce_status: 1,
    });
    expect(detail.body.data.generate_time_str).not.toBeNull();
  });

  it('downloads every generated PDF as one zip, by header or by the session cookie', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [1, 2, 3, 4].map((i) => personRow(i));
    rows[3][1] = '';
    const res = await uploadBatch(token, { rows });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const zip = await ctx.app.inject({
      method: 'GET',
      url: `/api/customCertificateBatchUploadRecords/${batch._id}/downloadCertificateZip`,
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(encodeURIComponent('2025年6月电工批次.zip'));
    const file = path.join(scratch, `${randomUUID()}.zip`);
    writeFileSync(file, zip.rawPayload);
    const { zip: archive, items } = await readZipDirectory(file);
    archive.close();
    expect(items.map((i) => i.name)).toEqual([
      `1_学员1_${idCard(1)}.pdf`,
      `2_学员2_${idCard(2)}.pdf`,
      `3_学员3_${idCard(3)}.pdf`,
    ]);
    expect(items.every((i) => i.entry.compressionMethod === 0)).toBe(true);
  });
});

describe('PATCH /api/customCertificates/{id}/reCreate', () => {
  async function failedBatch(token: string) {
    const rows = [1, 2].map((i) => personRow(i));
    rows[1][1] = '';
    const photos = [{ name: `${rows[0][2]}.jpg`, data: jpeg(120, 160) }];
    const res = await uploadBatch(token, { rows, photos });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const list = await certificateList(token, batch._id);
    return { batch, ok: list.list[0], failed: list.list[1] };
  }
  const reCreate = (token: string, id: string, blanks: { name: string; val: string }[]) =>
    api<CustomCertificateDetail>(ctx.app, 'PATCH', `/api/customCertificates/${id}/reCreate`, {
      token,
      body: { blanks },
    });

  it('asks for required text and images with the spec messages and changes nothing', async () => {
    const token = await enterpriseToken(ctx.app);
    const { batch, failed } = await failedBatch(token);
    const noName = await reCreate(token, failed._id, [{ name: 'name', val: '  ' }]);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('请填写 姓名');
    const noPhoto = await reCreate(token, failed._id, [{ name: 'name', val: '赵六' }]);
    expect(noPhoto.body.message).toBe('请上传 照片');
    const unknown = await reCreate(token, failed._id, [{ name: 'nope', val: 'x' }]);
    expect(unknown.body.message).toBe('证书字段「nope」不存在');
    const notImage = await upload(ctx.app, token, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const wrongPhoto = await reCreate(token, failed._id, [
      { name: 'name', val: '赵六' },
      { name: 'photo', val: notImage },
    ]);
    expect(wrongPhoto.body.message).toBe('请上传 照片（JPG/PNG 图片）');
    const bomb = await upload(ctx.app, token, 'big.png', pngClaiming(20_000, 20_000), 'image');
    const tooBig = await reCreate(token, failed._id, [
      { name: 'name', val: '赵六' },
      { name: 'photo', val: bomb },
    ]);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('照片尺寸过大（20000×20000 像素）');
    const list = await certificateList(token, batch._id);
    expect(list.list[1]).toMatchObject({
      custom_certificate_produce_status: 2,
      fail_reason: `请填写 姓名；缺少照片：照片压缩包中没有身份证号 ${idCard(2)} 的照片，应命名为 ${idCard(2)}.jpg/.jpeg/.png（表格第 3 行）`,
    });
  });

  it('regenerates a failed certificate with corrected values; the batch becomes 已完成', async () => {
    const token = await enterpriseToken(ctx.app);
    const { batch, ok, failed } = await failedBatch(token);
    expect(batch.certificate_handle_status).toBe(2);
    const photo = await upload(ctx.app, token, '照片.jpg', jpeg(120, 160), 'image');
    const res = await reCreate(token, failed._id, [
      { name: 'name', val: '赵六' },
      { name: 'photo', val: photo },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('重新生成证书成功！');
    expect(res.body.data).toMatchObject({ custom_certificate_produce_status: 1, fail_reason: null });
    expect(res.body.data.blanks.find((b) => b.name === 'name')?.val).toBe('赵六');
    expect(res.body.data.custom_certificate_file_info?.webPath).toMatch(/^\/api\/files\//);
    const after = await api<CustomCertificateBatch>(
      ctx.app,
      'GET',
      `/api/customCertificateBatchUploadRecords/${batch._id}`,
      {
        token,
      },
    );
    expect(after.body.data).toMatchObject({
      certificate_handle_status: 1,
      success_count: 2,
      failed_count: 0,
    });
    // Only failed certificates can be regenerated.
    const again = await reCreate(token, ok._id, [{ name: 'name', val: 'x' }]);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('只有生成失败的证书可以重新生成');
  });

  it('a regenerated certificate is issued: its QR code opens its public page and the library lists it', async () => {
    const token = await enterpriseToken(ctx.app);
    const { failed } = await failedBatch(token);
    const before = await api(ctx.app, 'GET', `/api/public/certificates/${failed._id}`);
    expect(before.status).toBe(404);
    const photo = await upload(ctx.app, token, '照片.jpg', jpeg(120, 160), 'image');
    const res = await reCreate(token, failed._id, [
      { name: 'name', val: '赵六' },
      { name: 'photo', val: photo },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.verify_path).toBe(`/information-link/${failed._id}`);
    const pub = await api<PublicCertificate>(ctx.app, 'GET', `/api/public/certificates/${failed._id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({
      _id: failed._id,
      holder_name: '赵六',
      valid: true,
      status_text: '有效',
    });
    const library = await api<Paged<CertificateRow>>(ctx.app, 'GET', '/api/certificates?keyword=赵六', {
      token,
    });
    expect(library.body.data.list.map((c) => c._id)).toEqual([failed._id]);
    expect(library.body.data.list[0]).toMatchObject({ source: 3, status: 1, has_file: true });
  });

  it('a render that fails again answers 400 with the reason and keeps the corrected values', async () => {
    const token = await enterpriseToken(ctx.app);
    const { failed } = await failedBatch(token);
    // A photo cut short: its header passes the upload's checks, its pixels fail the render.
    const photo = await upload(ctx.app, token, '照片.jpg', jpeg(120, 160).subarray(0, 8), 'image');
    const res = await reCreate(token, failed._id, [
      { name: 'name', val: '赵六' },
      { name: 'photo', val: photo },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('照片文件已损坏，无法读取');
    const detail = await api<CustomCertificateDetail>(
      ctx.app,
      'GET',
      `/api/customCertificates/${failed._id}`,
      {
        token,
      },
    );
    expect(detail.body.data).toMatchObject({
      custom_certificate_produce_status: 2,
      fail_reason: res.body.message,
    });
    expect(detail.body.data.blanks.find((b) => b.name === 'name')?.val).toBe('赵六');
  });
});

describe('GET /api/public/certificates/{id}', () => {
  it('shows a generated certificate without login, the ID number masked, the company as issuer', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await uploadBatch(token, { rows: [personRow(1, '张三')] });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [row] = (await certificateList(token, batch._id)).list;
    const pub = await api<PublicCertificate>(ctx.app, 'GET', `/api/public/certificates/${row._id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({
      _id: row._id,
      holder_name: '张三',
      id_card_masked: `${idCard(1).slice(0, 4)}**********${idCard(1).slice(-4)}`,
      issuer: '示例智能制造有限公司',
      issue_date: '2025年06月01日',
      template_name: '电工职业技能等级证书',
      valid: true,
      status_text: '有效',
      status: 1,
      certificate_no: personRow(1)[3],
      revoked_date: null,
      replaced_by_id: null,
    });
    expect(pub.body.data.fields).toContainEqual({ label: '职业技能等级', value: '四级/中级工' });
    expect(pub.body.data.fields.map((f) => f.label)).not.toContain('身份证号');
  });

  it('a generated certificate is in the certificate library at once: same id, source 3, valid, its PDF', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await uploadBatch(token, { rows: [personRow(1, '张三')] });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [row] = (await certificateList(token, batch._id)).list;
    const lib = await api<CertificateDetail>(ctx.app, 'GET', `/api/certificates/${row._id}`, { token });
    expect(lib.body.data).toMatchObject({
      _id: row._id,
      source: 3,
      source_text: '自定义证书',
      source_id: batch._id,
      holder_name: '张三',
      id_number: idCard(1),
      status: 1,
      has_file: true,
    });
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/certificates/${row._id}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the library shows the number, level and issue date a custom certificate prints, and finds it by its number', async () => {
    const token = await enterpriseToken(ctx.app);
    const printed = personRow(1, '张三');
    printed[3] = 'QA-2026-0001';
    printed[4] = '2026年3月1日';
    const res = await uploadBatch(token, { rows: [printed] });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [row] = (await certificateList(token, batch._id)).list;
    const found = await api<Paged<CertificateRow>>(ctx.app, 'GET', '/api/certificates?keyword=QA-2026-0001', {
      token,
    });
    expect(found.body.data.list).toHaveLength(1);
    expect(found.body.data.list[0]).toMatchObject({
      _id: row._id,
      certificate_no: 'QA-2026-0001',
      level: 4,
      level_name: '四级/中级工',
      occupation_name: '电工',
      work_type: '维修电工',
      issue_date: '2026-03-01',
    });
    const byNumber = await api<Paged<CertificateRow>>(
      ctx.app,
      'GET',
      '/api/certificates?certificate_no=QA-2026-0001',
      {
        token,
      },
    );
    expect(byNumber.body.data.list.map((c) => c._id)).toEqual([row._id]);
    // The public search finds it by the number it prints and the holder's name.
    const search = await api<{ _id: string }>(
      ctx.app,
      'GET',
      `/api/public/certificateSearch?certificate_no=QA-2026-0001&name=${encodeURIComponent('张三')}`,
    );
    expect(search.body.data).toEqual({ _id: row._id });
  });

  it('a certificate that failed (never issued) answers like an unknown one: no holder details', async () => {
    const token = await enterpriseToken(ctx.app);
    const rows = [personRow(1, '张三')];
    rows[0][3] = ''; // no 证书编号: fails
    const res = await uploadBatch(token, { rows });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [row] = (await certificateList(token, batch._id)).list;
    expect(row.custom_certificate_produce_status).toBe(2);
    const pub = await api(ctx.app, 'GET', `/api/public/certificates/${row._id}`);
    expect(pub.status).toBe(404);
    expect(pub.body).toEqual({ code: 404, message: '证书不存在或已失效', data: null });
  });

  it('an unknown or malformed id says the certificate does not exist', async () => {
    for (const id of ['0190a000-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await api(ctx.app, 'GET', `/api/public/certificates/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: '证书不存在或已失效', data: null });
    }
  });
});

describe('tenant boundary and roles', () => {
  it("another company's batch and certificates are 404 on every endpoint; its template cannot be used", async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await uploadBatch(token, { rows: [personRow(1)] });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [row] = (await certificateList(token, batch._id)).list;
    const other = await otherCompanyToken(ctx.app);
    const base = `/api/customCertificateBatchUploadRecords/${batch._id}`;
    for (const url of [
      base,
      `${base}/certificateList`,
      `${base}/downloadCertificateZip`,
      `/api/customCertificates/${row._id}`,
    ]) {
      const r = await api(ctx.app, 'GET', url, { token: other });
      expect([url, r.status]).toEqual([url, 404]);
    }
    const re = await api(ctx.app, 'PATCH', `/api/customCertificates/${row._id}/reCreate`, {
      token: other,
      body: { blanks: [{ name: 'name', val: 'x' }] },
    });
    expect(re.status).toBe(404);
    const theirSheet = await upload(ctx.app, other, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const post = await api(ctx.app, 'POST', '/api/customCertificateBatchUploadRecords', {
      token: other,
      body: {
        name: 'x',
        custom_certificate_template_id: batch.custom_certificate_template_id,
        file_id: theirSheet,
      },
    });
    expect(post.status).toBe(404);
    expect(post.body.message).toBe('证书模板不存在或已删除');
    const list = await api<Paged<CustomCertificateBatch>>(
      ctx.app,
      'GET',
      '/api/customCertificateBatchUploadRecords',
      {
        token: other,
      },
    );
    expect(list.body.data.meta.total).toBe(0);
  });

  it("another company's spreadsheet or photos zip cannot be used for a batch, nor its photo to regenerate", async () => {
    const token = await enterpriseToken(ctx.app);
    const other = await otherCompanyToken(ctx.app);
    const template = await createTemplate(ctx.app, token);
    const theirSheet = await upload(ctx.app, other, 'a.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const theirZip = await upload(
      ctx.app,
      other,
      'p.zip',
      rawZip([{ name: `${idCard(1)}.jpg`, data: jpeg(40, 50) }]),
    );
    const theirPhoto = await upload(ctx.app, other, 'p.jpg', jpeg(120, 160), 'image');
    const mySheet = await upload(ctx.app, token, 'b.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    const post = (file_id: string, photo_zip_file_id: string | null) =>
      api(ctx.app, 'POST', '/api/customCertificateBatchUploadRecords', {
        token,
        body: { name: '借用', custom_certificate_template_id: template._id, file_id, photo_zip_file_id },
      });
    for (const res of [await post(theirSheet, null), await post(mySheet, theirZip)]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('文件不存在或已删除');
    }
    expect(await countOf('custom_certificate_batches')).toBe(0);

    // A failed certificate of ours cannot take their photo.
    const rows = [personRow(1)];
    const res = await uploadBatch(token, { rows, photos: [], templateId: template._id });
    const batch = await waitForBatch(ctx.app, token, createdId(res));
    const [failed] = (await certificateList(token, batch._id)).list;
    const re = await api(ctx.app, 'PATCH', `/api/customCertificates/${failed._id}/reCreate`, {
      token,
      body: { blanks: [{ name: 'photo', val: theirPhoto }] },
    });
    expect(re.status).toBe(400);
    expect(re.body.message).toBe('请上传 照片（JPG/PNG 图片）');
    const after = (await certificateList(token, batch._id)).list[0];
    expect(after).toMatchObject({ custom_certificate_produce_status: 2, fail_reason: failed.fail_reason });
    expect(after.blanks.find((b) => b.name === 'photo')?.val).toBe('');
  });

  it('the management endpoints are for the enterprise role only', async () => {
    const { token } = await login(ctx.app, 'jigou');
    for (const [method, url] of [
      ['GET', '/api/customCertificateBatchUploadRecords'],
      ['POST', '/api/customCertificateBatchUploadRecords'],
      ['GET', '/api/customCertificates/0190a000-0000-7000-8000-000000000000'],
    ] as const) {
      const res = await api(ctx.app, method, url, { token, body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(403);
    }
  });
});
