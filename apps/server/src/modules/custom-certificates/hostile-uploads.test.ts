/**
 * Hostile files, each built here (never downloaded) and sent through the real routes by an
 * enterprise member. After each: refused with a Chinese message (never a 5xx), or the batch made with the hostile
 * photo's row failed and its reason; no temporary file left (ours, or one of exceljs in the system's temporary
 * folder); the data folder and the resident memory grown by a bounded amount.
 */
import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  CustomCertificateBatch,
  CustomCertificateRow,
  UploadRejection,
} from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_HEADER,
  deflatedZeros,
  idCard,
  jpeg,
  personRow,
  png,
  rawZip,
  xlsx,
} from '../../../test/fixtures/certificate-engine.ts';
import { pngClaiming } from '../../../test/fixtures/certificate-engine-render.ts';
import {
  defaultBlanks,
  enterpriseToken,
  postBatch,
  upload,
} from '../../../test/fixtures/custom-certificates.ts';
import { api, multipartFile, useTestApp } from '../../../test/harness.ts';

const ctx = useTestApp();
const MB = 1024 * 1024;

/** Bytes of the files under `dir` (0 when it does not exist). */
function diskUse(dir: string | undefined): number {
  if (!dir) return 0;
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  for (const name of names) {
    const st = statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (st?.isFile()) total += st.size;
  }
  return total;
}

/** What the checks after each hostile file compare with. */
let before: { disk: number; rss: number };
const dataDisk = () => diskUse(ctx.app.storage.localRoot) + diskUse(ctx.app.tempFiles.root);
/** Files the `tmp` package (exceljs's temporary files) made in the system's temporary folder for this process. */
const spilled = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`tmp-${process.pid}-`));

beforeEach(() => {
  before = { disk: dataDisk(), rss: process.memoryUsage().rss };
});

afterEach(() => {
  expect(readdirSync(ctx.app.tempFiles.root)).toEqual([]);
  expect(spilled()).toEqual([]);
  // The hostile uploads themselves are stored (a few MB); nothing they unpack is.
  expect(dataDisk() - before.disk).toBeLessThan(16 * MB);
  // Nor in memory: an unpacked 1 GiB would show as a gigabyte. The bound leaves room for what a first upload starts:
  // the sheet thread with exceljs is counted in this process's RSS (263 MB once on PostgreSQL, over a 256 MB bound).
  expect(process.memoryUsage().rss - before.rss).toBeLessThan(512 * MB);
});

const chinese = /[\u4e00-\u9fa5]/;

/** A refusal: 400 with a Chinese message, the problems in data.errors. */
function expectRefused(res: { status: number; body: { code: number; message: string } }, message: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(400);
  expect(res.body.message).toMatch(chinese);
  expect(res.body.message).toContain(message);
}

/** A sheet of one person (ID number idCard(1)) and `photos` as the zip: the POST's answer. */
async function batchWithPhotos(token: string, photos: Buffer) {
  const sheet = await upload(ctx.app, token, '名单.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
  const zip = await upload(ctx.app, token, '照片.zip', photos);
  return postBatch(ctx.app, token, sheet, zip);
}

async function failReasons(token: string, batchId: string) {
  const res = await api<Paged<CustomCertificateRow>>(
    ctx.app,
    'GET',
    `/api/customCertificateBatchUploadRecords/${batchId}/certificateList`,
    { token },
  );
  return res.body.data.list.map((r) => r.fail_reason);
}

/** An .xlsx made of the two parts it must have and a first worksheet as given (deflated, claiming a size). */
const sheetOf = (sheet: Buffer, claimedSize: number) =>
  rawZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, claimedSize, deflated: true },
  ]);

const sheetRefusal = '数据文件已损坏或过大（解压后超过 64M）';

describe('hostile spreadsheets', () => {
  it('a 1 MB .xlsx whose worksheet is 1 GiB of zeros declaring 5,000 bytes', async () => {
    const token = await enterpriseToken(ctx.app);
    const bomb = sheetOf(deflatedZeros(1024), 5000);
    expect(bomb.length).toBeLessThan(1.1 * MB);
    const res = await postBatch(ctx.app, token, await upload(ctx.app, token, '名单.xlsx', bomb), null);
    expectRefused(res, sheetRefusal);
    expect((res.body.data as UploadRejection).errors[0].column).toBe('数据文件');
  });

  it('an .xlsx whose worksheet honestly declares 100 MB', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await postBatch(
      ctx.app,
      token,
      await upload(ctx.app, token, '名单.xlsx', sheetOf(deflatedZeros(100), 100 * MB)),
      null,
    );
    expectRefused(res, sheetRefusal);
  });

  it('an .xlsx whose local header and central directory disagree on the worksheet size', async () => {
    const token = await enterpriseToken(ctx.app);
    const lying = rawZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: deflatedZeros(256),
        claimedSize: 5000,
        localClaimedSize: 256 * MB,
        deflated: true,
      },
    ]);
    expectRefused(
      await postBatch(ctx.app, token, await upload(ctx.app, token, '名单.xlsx', lying), null),
      sheetRefusal,
    );
  });
});

describe('hostile photo zips', () => {
  it('a photo of 1 GiB of zeros declaring 5,000 bytes (and 2 GB in its local header) fails its row only', async () => {
    const token = await enterpriseToken(ctx.app);
    const res = await batchWithPhotos(
      token,
      rawZip([
        {
          name: `${idCard(1)}.jpg`,
          data: deflatedZeros(1024),
          claimedSize: 5000,
          localClaimedSize: 2_000_000_000,
          deflated: true,
        },
      ]),
    );
    expect(res.status).toBe(200);
    const reasons = await failReasons(token, (res.body.data as CustomCertificateBatch)._id);
    expect(reasons).toEqual([`照片无法读取：${idCard(1)}.jpg（表格第 2 行）`]);
  });

  it('photos declaring more than 4 GB unpacked', async () => {
    const token = await enterpriseToken(ctx.app);
    const bomb = rawZip(
      [1, 2, 3].map((i) => ({
        name: `${idCard(i)}.jpg`,
        data: deflatedZeros(1),
        claimedSize: 1_500_000_000,
        deflated: true,
      })),
    );
    expectRefused(await batchWithPhotos(token, bomb), '照片压缩包解压后超过 4G，请分批上传');
  });

  it('zip-slip: a photo named ../../x.jpg', async () => {
    const token = await enterpriseToken(ctx.app);
    const slip = rawZip([
      { name: `${idCard(1)}.jpg`, data: jpeg(40, 50) },
      { name: '../../x.jpg', data: jpeg(40, 50) },
    ]);
    expectRefused(await batchWithPhotos(token, slip), '照片压缩包中含有不安全的路径：../../x.jpg');
  });

  it('a truncated photo and one claiming 39.6 megapixels fail their rows, refused before decoding', async () => {
    const token = await enterpriseToken(ctx.app);
    const sheet = await upload(
      ctx.app,
      token,
      '名单.xlsx',
      await xlsx(DEFAULT_HEADER, [personRow(1), personRow(2)]),
    );
    const photo = jpeg(120, 160);
    const zip = rawZip([
      { name: `${idCard(1)}.jpg`, data: photo.subarray(0, 8) },
      { name: `${idCard(2)}.png`, data: pngClaiming(7680, 5160) },
    ]);
    const res = await postBatch(ctx.app, token, sheet, await upload(ctx.app, token, '照片.zip', zip));
    expect(res.status).toBe(200);
    const reasons = await failReasons(token, (res.body.data as CustomCertificateBatch)._id);
    expect(reasons).toEqual([
      `照片已损坏，无法读取：${idCard(1)}.jpg（表格第 2 行）`,
      `照片尺寸过大（7680×5160 像素），请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传：${idCard(2)}.png（表格第 3 行）`,
    ]);
  });
});

describe('hostile images', () => {
  const background = async (token: string, bytes: Buffer, name = '底图.png') => {
    const fileId = await upload(ctx.app, token, name, bytes, 'image');
    return api(ctx.app, 'POST', '/api/customCertificateTemplates', {
      token,
      body: { template_name: '证书', background_file_id: fileId, blanks: defaultBlanks() },
    });
  };

  it('a background claiming 7680×5160 pixels (39.6 megapixels) is refused from its header, stating the limit', async () => {
    const token = await enterpriseToken(ctx.app);
    expectRefused(
      await background(token, pngClaiming(7680, 5160)),
      '证书底图尺寸过大（7680×5160 像素），请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传',
    );
  });

  it('truncated backgrounds: a JPEG and a PNG cut short', async () => {
    const token = await enterpriseToken(ctx.app);
    const cutJpeg = jpeg(800, 566).subarray(0, 2000);
    expectRefused(await background(token, cutJpeg, '底图.jpg'), '证书底图');
    const cutPng = png(800, 566);
    expectRefused(await background(token, cutPng.subarray(0, 40)), '证书底图');
  });

  it('a JPEG with a zip tail is a JPEG: no photos zip; a PNG with an HTML tail is served as a PNG, never sniffed', async () => {
    const token = await enterpriseToken(ctx.app);
    const jpegZip = Buffer.concat([jpeg(40, 50), rawZip([{ name: `${idCard(1)}.jpg`, data: jpeg(40, 50) }])]);
    const sheet = await upload(ctx.app, token, '名单.xlsx', await xlsx(DEFAULT_HEADER, [personRow(1)]));
    expectRefused(
      await postBatch(ctx.app, token, sheet, await upload(ctx.app, token, '照片.zip', jpegZip)),
      '照片压缩包应为 .zip 文件',
    );

    const pngHtml = Buffer.concat([png(20, 20), Buffer.from('<html><script>alert(1)</script></html>')]);
    const { payload, headers } = multipartFile('page.html', pngHtml);
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const served = await ctx.app.inject({
      method: 'GET',
      url: stored.json().data.webPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
