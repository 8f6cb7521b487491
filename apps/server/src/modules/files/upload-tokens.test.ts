import type { UploadPermission } from '@skill-cert/shared/companies';
import { describe, expect, it } from 'vitest';
import { api, login, multipartFile, samples, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';
import { issueUploadToken, spendUploadToken, UPLOAD_TOKEN_TTL_SECONDS } from './upload-tokens.ts';

const ctx = useTestApp();

async function uploadSigned(url: string, name = '资料.pdf', content: Buffer = samples.pdf) {
  const { payload, headers } = multipartFile(name, content);
  const res = await ctx.app.inject({ method: 'POST', url, payload, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/companies/stsToken', () => {
  it('gives a company member a signed single-use upload URL that works without the Authorization header', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api<UploadPermission>(ctx.app, 'GET', '/api/companies/stsToken', { token });
    expect(res.body.code).toBe(200);
    const permission = res.body.data;
    expect(permission).toMatchObject({ method: 'POST', field: 'file', expire_seconds: 300 });
    expect(permission.upload_url).toMatch(/^\/api\/files\/upload\/signed\/[\w-]{40,}$/);
    expect(new Date(permission.expires_at).getTime()).toBeGreaterThan(Date.now());

    const first = await uploadSigned(permission.upload_url);
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ originName: '资料.pdf', mime: 'application/pdf' });

    // The uploader's company may read the file through the normal, authenticated route.
    const read = await ctx.app.inject({
      method: 'GET',
      url: first.body.data.webPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('a signed URL is single-use: the second upload is refused with 403', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { body } = await api<UploadPermission>(ctx.app, 'GET', '/api/companies/stsToken', { token });
    expect((await uploadSigned(body.data.upload_url)).body.code).toBe(200);
    const again = await uploadSigned(body.data.upload_url);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 403, message: '上传链接无效、已过期或已使用，请重新获取' });
  });

  it('a signed URL is refused once its 5 minutes are over, and stores nothing', async () => {
    const qiye = (await findUserByAccount(ctx.app.db, 'qiye'))!;
    const sixMinutesAgo = new Date(Date.now() - (UPLOAD_TOKEN_TTL_SECONDS + 60) * 1000);
    const permission = await issueUploadToken(ctx.app.db, qiye.id, qiye.companyId, sixMinutesAgo);
    const res = await uploadSigned(permission.upload_url);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: '上传链接无效、已过期或已使用，请重新获取', data: null });
  });

  it('a token is spendable up to its expiry and once only (spendUploadToken with a clock)', async () => {
    const qiye = (await findUserByAccount(ctx.app.db, 'qiye'))!;
    const issuedAt = new Date('2026-03-01T08:00:00Z');
    const token = (await issueUploadToken(ctx.app.db, qiye.id, qiye.companyId, issuedAt)).upload_url
      .split('/')
      .pop()!;
    const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);
    expect(await spendUploadToken(ctx.app.db, token, at(UPLOAD_TOKEN_TTL_SECONDS))).toBeNull();
    expect(await spendUploadToken(ctx.app.db, token, at(UPLOAD_TOKEN_TTL_SECONDS - 1))).toEqual({
      userId: qiye.id,
      companyId: qiye.companyId,
    });
    expect(await spendUploadToken(ctx.app.db, token, at(UPLOAD_TOKEN_TTL_SECONDS - 1))).toBeNull();
  });

  it('an unknown or forged token is refused with 403', async () => {
    const res = await uploadSigned(`/api/files/upload/signed/${'x'.repeat(43)}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('上传链接无效、已过期或已使用，请重新获取');
  });

  it('the content check still applies to a signed upload', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const { body } = await api<UploadPermission>(ctx.app, 'GET', '/api/companies/stsToken', { token });
    const res = await uploadSigned(body.data.upload_url, 'a.pdf', Buffer.from('plain text, not a pdf'));
    expect(res.status).toBe(400);
  });

  it('is refused to a user without a company, a non-enterprise role and an anonymous caller', async () => {
    const nobody = await login(ctx.app, 'xinqiye');
    expect((await api(ctx.app, 'GET', '/api/companies/stsToken', { token: nobody.token })).status).toBe(403);
    const platform = await login(ctx.app, 'pingtai');
    expect((await api(ctx.app, 'GET', '/api/companies/stsToken', { token: platform.token })).status).toBe(
      403,
    );
    expect((await api(ctx.app, 'GET', '/api/companies/stsToken', {})).status).toBe(401);
  });
});
