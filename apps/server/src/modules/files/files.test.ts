import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import { describe, expect, it } from 'vitest';
import { api, login, multipartFile, samples, useTestApp } from '../../../test/harness.ts';
import { detectFileKind, uploadLimitOf } from './file-type.ts';
import { findFiles, recordManyFiles } from './service.ts';

const ctx = useTestApp();

const fileCount = async () =>
  (
    (await ctx.database.db.execute('select count(*)::int as n from files' as never)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

async function upload(token: string | undefined, filename: string, content: Buffer, query = '') {
  const { payload, headers } = multipartFile(filename, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/files/upload${query}`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/files/upload', () => {
  it('answers code, message and data with file_id and webPath', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await upload(token, '营业执照.png', samples.png, '?type=image');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      message: '上传成功',
      data: { originName: '营业执照.png', mime: 'image/png' },
    });
    expect(res.body.data.file_id).toEqual(expect.any(String));
    expect(res.body.data.webPath).toBe(`/api/files/${res.body.data.file_id}`);
  });

  it('checks the type by content: text renamed to .png is refused with the spec message', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await upload(token, 'fake.png', samples.text, '?type=image');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: '请上传 JPG/PNG/JPEG 格式图片!', data: null });
  });

  it('refuses a PDF where an image is asked for, and accepts it as a document', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect((await upload(token, 'a.pdf', samples.pdf, '?type=image')).body.code).toBe(400);
    expect((await upload(token, 'a.pdf', samples.pdf)).body.data.mime).toBe('application/pdf');
  });

  it('refuses a file over 50 MB with 413 and stores nothing', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const big = Buffer.concat([samples.png, Buffer.alloc(UPLOAD_MAX_BYTES + 10)]);
    const res = await upload(token, 'big.png', big, '?type=image');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, message: '上传的文件大小不能超过 50M!', data: null });
    const rows = await ctx.database.db.execute('select count(*)::int as n from files' as never);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('needs a token', async () => {
    const res = await upload(undefined, 'a.png', samples.png);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('refuses an empty file and a request without a file', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect((await upload(token, 'empty.png', Buffer.alloc(0))).body.message).toBe('上传的文件是空的');
    const res = await api(ctx.app, 'POST', '/api/files/upload', { token, body: { a: 1 } });
    expect(res.body).toEqual({ code: 400, message: '请使用 multipart/form-data 上传文件', data: null });
  });

  it('a body cut off before its closing boundary answers 400 and stores nothing', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { payload, headers } = multipartFile('照片.png', Buffer.concat([samples.png, Buffer.alloc(8192)]));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: payload.subarray(0, payload.length - 5000),
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '上传的文件不完整，请重新上传', data: null });
    expect(await fileCount()).toBe(0);
  });

  it('two files in one upload are refused: 一次只能上传一个文件', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const first = multipartFile('a.png', samples.png);
    const boundary = first.headers['content-type'].split('boundary=')[1];
    const part = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([
      part('a.png', samples.png),
      part('b.png', samples.png),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...first.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '一次只能上传一个文件', data: null });
    expect(await fileCount()).toBe(0);
  });
});

describe('GET /api/files/:id', () => {
  it('serves the content to its owner, by header or by the session cookie', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { body } = await upload(token, '照片.png', samples.png);
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url: body.data.webPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-type']).toBe('image/png');
    expect(byHeader.rawPayload.equals(samples.png)).toBe(true);
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: body.data.webPath,
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(byCookie.statusCode).toBe(200);
  });

  it('serves it to a member of the same company; a user of another gets the 404 of an unknown file', async () => {
    const owner = await login(ctx.app, 'qiye');
    const { body } = await upload(owner.token, 'a.png', samples.png);
    const colleague = await login(ctx.app, 'duojuese'); // same demo company
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: body.data.webPath,
          headers: { authorization: `Bearer ${colleague.token}` },
        })
      ).statusCode,
    ).toBe(200);
    const stranger = await login(ctx.app, 'jigou');
    const res = await api(ctx.app, 'GET', body.data.webPath, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: '文件不存在或已删除', data: null });
  });

  it('does not take the cookie on anything but a file GET', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown file', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect(
      (await api(ctx.app, 'GET', '/api/files/0190a000-0000-7000-8000-000000000000', { token })).status,
    ).toBe(404);
  });
});

describe('recordManyFiles and findFiles', () => {
  it('record many files in one statement: MIME type from the kind, names cut to 255 characters or file.{kind}', async () => {
    const me = await login(ctx.app, 'qiye');
    const ids = ['0192f7a4-1c2b-7d3e-9f00-000000000001', '0192f7a4-1c2b-7d3e-9f00-000000000002'];
    const id3 = '0192f7a4-1c2b-7d3e-9f00-000000000003';
    const base = { ownerId: me._id, companyId: null, sha256: 'a'.repeat(64), size: 10 };
    await recordManyFiles(ctx.database.db, [
      { ...base, id: ids[0], kind: 'pdf', originName: `${'证'.repeat(300)}.pdf` },
      { ...base, id: ids[1], kind: 'jpg', originName: '' },
    ]);
    const found = await findFiles(ctx.database.db, [...ids, id3]);
    const byId = new Map(found.map((f) => [f.id, f]));
    expect(found).toHaveLength(2);
    expect(byId.get(ids[0])).toMatchObject({
      kind: 'pdf',
      mime: 'application/pdf',
      originName: '证'.repeat(255),
    });
    expect(byId.get(ids[1])).toMatchObject({ kind: 'jpg', mime: 'image/jpeg', originName: 'file.jpg' });
    expect(await findFiles(ctx.database.db, [])).toEqual([]);
  });
});

describe('file kind by magic bytes', () => {
  it('recognises images, PDF, Office Open XML and legacy Office, and nothing else', () => {
    expect(detectFileKind(samples.png)).toBe('png');
    expect(detectFileKind(samples.jpg)).toBe('jpg');
    expect(detectFileKind(samples.pdf)).toBe('pdf');
    expect(detectFileKind(Buffer.from('GIF89a....'))).toBe('gif');
    expect(
      detectFileKind(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....word/document.xml')]),
      ),
    ).toBe('docx');
    expect(
      detectFileKind(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....xl/workbook.xml')]),
      ),
    ).toBe('xlsx');
    expect(detectFileKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.xls')).toBe(
      'xls',
    );
    expect(detectFileKind(samples.text, 'x.png')).toBeNull();
  });

  it('a zip whose head names no Office part is an Office file by its name, with the 50 MB limit, else a zip', () => {
    const bareZip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....docProps/app.xml'),
    ]);
    expect(detectFileKind(bareZip, '名单.xlsx')).toBe('xlsx');
    expect(detectFileKind(bareZip, 'report.DOCX')).toBe('docx');
    expect(uploadLimitOf(detectFileKind(bareZip, '名单.xlsx')).message).toBe('上传的文件大小不能超过 50M!');
    expect(detectFileKind(bareZip, '照片.zip')).toBe('zip');
    expect(uploadLimitOf(detectFileKind(bareZip, '照片.zip')).message).toBe('上传的压缩包大小不能超过 2G!');
  });
});
