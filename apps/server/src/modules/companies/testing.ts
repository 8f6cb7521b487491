import type { LoginResult } from '@skill-cert/shared/auth';
import type { CompanyInfo } from '@skill-cert/shared/company';
import { expect } from 'vitest';
import { api, login, multipartFile, samples, type TestContext } from '../../../test/harness.ts';

/** Test helpers for a second, real enterprise beside the demo one (tenant-boundary tests of several modules). */

/** Uploads a file as the user behind `token`; answers its id. */
export async function uploadAs(
  ctx: TestContext,
  token: string,
  name = '营业执照.png',
  content: Buffer = samples.png,
): Promise<string> {
  const { payload, headers } = multipartFile(name, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.json().code).toBe(200);
  return res.json().data.file_id;
}

/** The body of POST /api/companies for the second enterprise (a valid credit code). */
export const secondCompanyBody = (licenceFileId: string) => ({
  name: '杭州新创科技有限公司',
  credit_code: '91350100M000100Y43',
  region_code: '330106',
  address: '文三路 100 号',
  contact_name: '李四',
  contact_phone: '13912345678',
  licence_file_id: licenceFileId,
});

export interface SecondEnterprise {
  /** Its administrator, xinqiye (the demo user without a company), signed in. */
  admin: LoginResult;
  token: string;
  companyId: string;
}

/** xinqiye creates 杭州新创科技有限公司 through the API and is its administrator. */
export async function secondEnterprise(ctx: TestContext): Promise<SecondEnterprise> {
  const admin = await login(ctx.app, 'xinqiye');
  const res = await api<CompanyInfo>(ctx.app, 'POST', '/api/companies', {
    token: admin.token,
    body: secondCompanyBody(await uploadAs(ctx, admin.token)),
  });
  expect(res.body.code, res.body.message).toBe(200);
  return { admin, token: admin.token, companyId: res.body.data._id };
}

/** Registers a fresh enterprise user (no company) through the API; answers the login. */
export async function registerUser(ctx: TestContext, name: string, phone: string): Promise<LoginResult> {
  expect((await api(ctx.app, 'POST', '/api/register/sms', { body: { phone } })).body.code).toBe(200);
  const res = await api<LoginResult>(ctx.app, 'POST', '/api/register', {
    body: {
      name,
      phone,
      email: `${name}@example.cn`,
      password: 'Abc12345',
      verify_code: ctx.sms.lastCode(phone),
    },
  });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}
