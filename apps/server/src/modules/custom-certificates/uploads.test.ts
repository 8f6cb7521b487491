import { PHOTO_ZIP_MAX_BYTES, PHOTO_ZIP_SIZE_MESSAGE } from '@skill-cert/shared/custom-certificates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jpeg, rawZip } from '../../../test/fixtures/certificate-engine.ts';
import { enterpriseToken } from '../../../test/fixtures/custom-certificates.ts';
import { multipartFile, useTestApp } from '../../../test/harness.ts';
import { ARCHIVE_UPLOAD_MAX_BYTES, uploadLimitOf } from '../files/file-type.ts';

const ctx = useTestApp();

const MB = 1024 * 1024;

async function send(token: string, filename: string, content: Buffer, type = 'any') {
  const { payload, headers } = multipartFile(filename, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/files/upload?type=${type}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; message: string; data: { size: number } },
  };
}

const fileCount = async () =>
  (
    (await ctx.database.db.execute(sql`select count(*)::int as n from files`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

describe("upload limits of a batch's files", () => {
  it('a photos zip may pass 50 MB (up to 2 GB); an image or a spreadsheet stops at 50 MB with 413', async () => {
    const token = await enterpriseToken(ctx.app);
    // 10,000 photos of ~6 KB make a ~60 MB zip: more than any other upload may be.
    const photo = jpeg(120, 160);
    const padding = Buffer.alloc(51 * MB - photo.length * 2);
    const zip = rawZip([
      { name: 'a.jpg', data: photo },
      { name: 'b.jpg', data: photo },
      { name: 'padding.bin', data: padding },
    ]);
    expect(zip.length).toBeGreaterThan(50 * MB);
    const accepted = await send(token, '照片.zip', zip);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.size).toBe(zip.length);

    const before = await fileCount();
    const bigImage = Buffer.concat([photo, Buffer.alloc(50 * MB)]);
    const image = await send(token, '照片.jpg', bigImage, 'image');
    expect(image).toEqual({
      status: 413,
      body: { code: 413, message: '上传的文件大小不能超过 50M!', data: null },
    });
    const sheetHead = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('[Content_Types].xml xl/workbook.xml'),
    ]);
    const bigSheet = Buffer.concat([sheetHead, Buffer.alloc(50 * MB)]);
    const sheet = await send(token, '名单.xlsx', bigSheet);
    expect(sheet.status).toBe(413);
    expect(sheet.body.message).toBe('上传的文件大小不能超过 50M!');
    expect(await fileCount()).toBe(before);
  });

  it('the web app checks the same photos zip limit the server holds', () => {
    expect(PHOTO_ZIP_MAX_BYTES).toBe(ARCHIVE_UPLOAD_MAX_BYTES);
    expect(uploadLimitOf('zip')).toEqual({
      bytes: ARCHIVE_UPLOAD_MAX_BYTES,
      message: PHOTO_ZIP_SIZE_MESSAGE,
    });
    expect(uploadLimitOf('xlsx').bytes).toBe(50 * MB);
    expect(uploadLimitOf('png').bytes).toBe(50 * MB);
  });
});
