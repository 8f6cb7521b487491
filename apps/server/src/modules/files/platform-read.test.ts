import type { CompanyInfo } from '@skill-cert/shared/companies';
import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { RoleType } from '@skill-cert/shared/roles';
import { describe, expect, it } from 'vitest';
import { secondEnterprise, uploadAs } from '../../../test/fixtures/companies.ts';
import { api, login, samples, useTestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { createUser } from '../users/service.ts';

const ctx = useTestApp();

const NOT_FOUND = { code: 404, message: '文件不存在或已删除', data: null };
const UNKNOWN_ID = '0190a000-0000-7000-8000-000000000000';

/** Everything a submitted filing needs, with one attachment. */
const filing = (attachment: string, submit: boolean) => ({
  scopes: [{ occupation_code: '6-31-01-03', levels: [4] }],
  evaluation_basis: 1,
  sites: [{ name: '一号实训楼', region_code: '330106', address: '文三路 100 号' }],
  examiners: [
    { name: '张考评', id_number: '110101198001010010', phone: '13912345678', qualification: '电工' },
  ],
  supervisors: [
    { name: '李督导', id_number: '330106199002150020', phone: '13912345678', qualification: '电工' },
  ],
  attachment_ids: [attachment],
  submit,
});

/** Tenant files: a company's licence; of the demo company a submitted filing's attachment, a draft's, and an unlinked upload. */
async function tenantFiles() {
  // A company's licence: xinqiye founds a second company with one (as on /join).
  const second = await secondEnterprise(ctx);
  const info = await api<CompanyInfo>(ctx.app, 'GET', `/api/companies/${second.companyId}`, {
    token: second.token,
  });
  const licence = info.body.data.licence_file?.file_id as string;
  expect(licence).toEqual(expect.any(String));
  const { token } = await login(ctx.app, 'qiye');
  const attachment = await uploadAs(ctx, token, '附件.pdf', samples.pdf);
  const draftAttachment = await uploadAs(ctx, token, '草稿附件.pdf', samples.pdf);
  const unlinked = await uploadAs(ctx, token, '证书照片.png', samples.png);
  for (const [file, submit] of [
    [attachment, true],
    [draftAttachment, false],
  ] as const) {
    const res = await api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', {
      token,
      body: filing(file, submit),
    });
    expect(res.body.code, res.body.message).toBe(200);
  }
  return { licence, attachment, draftAttachment, unlinked };
}

/** A file GET: the status, and the envelope when it is refused. */
async function read(token: string, id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/files/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.statusCode === 200 ? null : res.json() };
}

describe('a platform user reads a tenant file only through a granted permission that needs it', () => {
  it('企业管理 (platform:company:list) reads a company licence and a submitted filing file, nothing else', async () => {
    const f = await tenantFiles();
    const { token } = await login(ctx.app, 'yunying');
    expect((await read(token, f.licence)).status).toBe(200);
    expect((await read(token, f.attachment)).status).toBe(200);
    expect((await read(token, f.draftAttachment)).body).toEqual(NOT_FOUND);
    expect((await read(token, f.unlinked)).body).toEqual(NOT_FOUND);
  });

  it('a platform user without a role reads no tenant file', async () => {
    const f = await tenantFiles();
    await createUser(ctx.app.db, {
      name: 'wujuese',
      phone: '13911112222',
      password: DEMO_PASSWORD,
      roleTypeIds: [RoleType.PLATFORM],
    });
    const { token } = await login(ctx.app, 'wujuese');
    for (const id of [f.licence, f.attachment, f.unlinked])
      expect((await read(token, id)).body).toEqual(NOT_FOUND);
  });

  it('even 超级管理员 reads no tenant file that no platform permission needs (photos, sheets, certificates)', async () => {
    const f = await tenantFiles();
    const { token } = await login(ctx.app, 'pingtai');
    expect((await read(token, f.attachment)).status).toBe(200);
    expect((await read(token, f.unlinked)).body).toEqual(NOT_FOUND);
  });

  it('an unknown and a forbidden file answer alike', async () => {
    const f = await tenantFiles();
    const { token } = await login(ctx.app, 'jigou');
    const forbidden = await read(token, f.unlinked);
    const unknown = await read(token, UNKNOWN_ID);
    expect(forbidden).toEqual(unknown);
    expect(unknown.body).toEqual(NOT_FOUND);
  });
});
