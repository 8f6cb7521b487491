import type { UploadPermission } from '@skill-cert/shared/companies';
import type { TicketJob, TicketOverview } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/fixtures/certificate-engine.ts';
import { inspectPdf } from '../../test/fixtures/certificate-engine-render.ts';
import { messageStored, ok, planUrl, registeringPlan } from '../../test/fixtures/institutions.ts';
import { api, login, multipartFile, samples, useTestApp } from '../../test/harness.ts';
import { useS3Server } from '../../test/s3-server.ts';
import { allowRendering } from '../../test/time-limits.ts';
import { S3Storage } from './s3-storage.ts';

// Renders admission tickets in worker threads: long work (test/time-limits.ts).
allowRendering();

// The bucket starts first: the app's storage reads its address at its first request.
const bucket = useS3Server();
const ctx = useTestApp({ objectStorage: bucket.settings });

async function readContentOf(stream: NodeJS.ReadableStream) {
  for await (const _ of stream);
}

async function upload(token: string, name: string, content: Buffer) {
  const { payload, headers } = multipartFile(name, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json() as { data: { file_id: string; webPath: string } };
}

describe('the app on S3-compatible object storage (STORAGE=s3)', () => {
  it('an upload lands in the bucket, and the download streams it back through the server', async () => {
    expect(ctx.app.storage).toBeInstanceOf(S3Storage);
    expect(ctx.app.storage.localRoot).toBeUndefined();
    const { token } = await login(ctx.app, 'qiye');
    const { data } = await upload(token, '营业执照.png', samples.png);
    const res = await ctx.app.inject({
      method: 'GET',
      url: data.webPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(samples.png)).toBe(true);
    const { createHash } = await import('node:crypto');
    const sha256 = createHash('sha256').update(samples.png).digest('hex');
    expect(await ctx.app.storage.exists(sha256)).toBe(true);
  });

  it('with download links on, a download answers 302 to a short-lived link that serves the same bytes and name', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { data } = await upload(token, '照片.png', samples.png);
    bucket.settings.downloadLinkSeconds = 60;
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: data.webPath,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      const link = res.headers.location as string;
      expect(link.startsWith(bucket.settings.endpoint!)).toBe(true);
      expect(link).toContain('X-Amz-Expires=60');
      const fetched = await fetch(link);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await fetched.arrayBuffer()).equals(samples.png)).toBe(true);
      // The link is the server's answer to a caller it let in: another company's user still gets 404.
      const other = await login(ctx.app, 'jigou');
      const refused = await ctx.app.inject({
        method: 'GET',
        url: data.webPath,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(refused.statusCode).toBe(404);
    } finally {
      bucket.settings.downloadLinkSeconds = 0;
    }
  });

  it('admission tickets render into the bucket: a room’s PDF and the zip download from it', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const ready = await registeringPlan(ctx.app, token, { n: 3, seats: 5, units: (i) => `单位${i}` });
    const planId = ready.plan._id;
    await ok(ctx.app, token, 'POST', planUrl(planId, '/seating'), { mode: 1 });
    const told = messageStored(ctx.app, TemplateKey.ADMISSION_TICKETS_DONE, planId, 120_000);
    const started = await api<TicketJob>(ctx.app, 'POST', planUrl(planId, '/tickets'), { token });
    if (started.body.code !== 200) told.stop();
    expect(started.body.code, started.body.message).toBe(200);
    await told.done;
    const overview = await ok<TicketOverview>(ctx.app, token, 'GET', planUrl(planId, '/tickets'));
    expect(overview.status_text, JSON.stringify(overview)).toBe('已生成');
    const room = overview.rooms[0];
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: planUrl(planId, `/tickets/rooms/${room.room_id}`),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await inspectPdf(pdf.rawPayload)).texts.join('');
    expect(text).toContain('准 考 证');
    const zip = await ctx.app.inject({
      method: 'GET',
      url: planUrl(planId, '/tickets/zip'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    expect(entries.size).toBe(overview.rooms.length);
    for (const bytes of entries.values()) expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stsToken answers the bucket’s presigned POST for one object of the company; the upload registered after becomes a file', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const permission = await ok<UploadPermission>(ctx.app, token, 'GET', '/api/companies/stsToken');
    expect(permission).toMatchObject({
      method: 'POST',
      field: 'file',
      expire_seconds: 300,
      max_bytes: 2 * 1024 * 1024 * 1024,
      register_url: expect.stringMatching(/^\/api\/files\/upload\/direct\/[\w-]{20,}$/),
    });
    expect(permission.upload_url.startsWith(bucket.settings.endpoint!)).toBe(true);
    // The policy names the one key, under the company's folder of uploads, and the size range.
    const policy = JSON.parse(Buffer.from(permission.fields!.Policy, 'base64').toString()) as {
      conditions: unknown[];
    };
    const key = permission.fields!.key;
    const companyId = (await ok<{ company_id: string }>(ctx.app, token, 'GET', '/api/user')).company_id;
    expect(key.startsWith(`${bucket.settings.prefix}uploads/${companyId}/`)).toBe(true);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$key', key],
        ['content-length-range', 1, 2 * 1024 * 1024 * 1024],
      ]),
    );

    const form = new FormData();
    for (const [name, value] of Object.entries(permission.fields!)) form.append(name, value);
    form.append('file', new Blob([samples.png]), 'x.png');
    expect((await fetch(permission.upload_url, { method: 'POST', body: form })).status).toBeLessThan(300);

    const registered = await ctx.app.inject({
      method: 'POST',
      url: permission.register_url!,
      payload: { name: '营业执照.png' },
    });
    expect(registered.statusCode).toBe(200);
    const file = registered.json().data as {
      file_id: string;
      webPath: string;
      originName: string;
      mime: string;
    };
    expect(file).toMatchObject({ originName: '营业执照.png', mime: 'image/png' });
    const back = await ctx.app.inject({
      method: 'GET',
      url: file.webPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(back.rawPayload.equals(samples.png)).toBe(true);
    // The waiting object is gone, and the permission is spent.
    const waiting = key.slice(`${bucket.settings.prefix}uploads/`.length);
    await expect(readContentOf(ctx.app.storage.directUpload!.open(waiting))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: permission.register_url!,
      payload: { name: 'a.png' },
    });
    expect([again.statusCode, again.json().message]).toEqual([
      403,
      '上传链接无效、已过期或已使用，请重新获取',
    ]);
  });

  it('a direct upload is checked by its content: text named .png is refused and nothing is kept; nothing uploaded is 400', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const files = async () =>
      (
        (await ctx.database.db.execute('select count(*)::int as n from files' as never)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    const before = await files();
    const permission = await ok<UploadPermission>(ctx.app, token, 'GET', '/api/companies/stsToken');
    const form = new FormData();
    for (const [name, value] of Object.entries(permission.fields!)) form.append(name, value);
    form.append('file', new Blob(['<script>alert(1)</script>']), 'x.png');
    await fetch(permission.upload_url, { method: 'POST', body: form });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: permission.register_url!,
      payload: { name: '照片.png' },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      '不支持的文件类型，请上传图片、PDF、Word、Excel 或 ZIP 文件',
    ]);
    expect(await files()).toBe(before);

    const unused = await ok<UploadPermission>(ctx.app, token, 'GET', '/api/companies/stsToken');
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: unused.register_url!,
      payload: { name: 'a.pdf' },
    });
    expect([nothing.statusCode, nothing.json().message]).toEqual([400, '没有收到上传的文件，请重新上传']);
    expect(await files()).toBe(before);
  });

  it('a direct upload registered as an image (?type=image) takes JPG/PNG only, as the image upload does', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const direct = async (content: Buffer, name: string) => {
      const permission = await ok<UploadPermission>(ctx.app, token, 'GET', '/api/companies/stsToken');
      const form = new FormData();
      for (const [field, value] of Object.entries(permission.fields!)) form.append(field, value);
      form.append('file', new Blob([content]), name);
      expect((await fetch(permission.upload_url, { method: 'POST', body: form })).status).toBeLessThan(300);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${permission.register_url}?type=image`,
        payload: { name },
      });
      return [res.statusCode, res.json().message, res.json().data?.mime];
    };
    expect(await direct(samples.pdf, '证明.pdf')).toEqual([400, '请上传 JPG/PNG/JPEG 格式图片!', undefined]);
    expect(await direct(samples.png, '照片.png')).toEqual([200, '上传成功', 'image/png']);
  });

  it('the pages may connect to the bucket and load images and previews from it (direct uploads, presigned links): its origin is in connect-src, img-src and frame-src', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    const directives = String(res.headers['content-security-policy']).split('; ');
    const origin = new URL(bucket.settings.endpoint!).origin;
    expect(directives).toContain(`connect-src 'self' blob: ws: wss: ${origin}`);
    expect(directives).toContain(`img-src 'self' data: blob: ${origin}`);
    expect(directives).toContain(`frame-src 'self' blob: ${origin}`);
    expect(directives).toContain("script-src 'self'");
  });

  it('/readyz counts the bucket as storage: ready while it answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toMatchObject({ checks: { storage: true } });
  });
});
