import type { UploadPermission } from '@skill-cert/shared/companies';
import {
  type CompanyInfo,
  CompanyRole,
  type JoinRequestRow,
  type MemberRow,
} from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  registerUser,
  type SecondEnterprise,
  secondEnterprise,
  uploadAs,
} from '../../../test/fixtures/companies.ts';
import { api, login, multipartFile, samples, useTestApp } from '../../../test/harness.ts';
import { companyScope } from '../../lib/company-scope.ts';
import { findUserByAccount } from '../users/service.ts';
import { findCompany, toCompanyInfo } from './companies.ts';
import { listJoinRequests } from './join-requests.ts';
import { listMembers } from './members.ts';

const ctx = useTestApp();

/**
 * Every company, staff and join-request endpoint keeps each company to itself. The caller
 * is the administrator of the demo enterprise (A); the other company (B) is a real second enterprise with
 * its own member, pending join request and logo, so a refusal can only come from the company check.
 */
describe('tenant boundary between two enterprises', () => {
  let b: SecondEnterprise;
  let bMemberId: string;
  let bRequestId: string;
  let bLogoId: string;
  let tokenA: string;
  let companyA: string;

  /** Everything of B a request could change: its record, its members, its join requests. */
  const snapshotB = async () => ({
    company: toCompanyInfo((await findCompany(ctx.app.db, b.companyId))!),
    members: (
      await listMembers(ctx.app.db, companyScope(b.companyId, CompanyRole.ADMIN), { page: 1, per_page: 50 })
    ).list,
    requests: (
      await listJoinRequests(ctx.app.db, companyScope(b.companyId, CompanyRole.ADMIN), {
        page: 1,
        per_page: 50,
      })
    ).rows,
  });

  beforeEach(async () => {
    b = await secondEnterprise(ctx);
    const added = await api<{ user_id: string }>(ctx.app, 'POST', '/api/companies/members', {
      token: b.token,
      body: { name: '乙公司员工', phone: '13911110001' },
    });
    bMemberId = added.body.data.user_id;
    const applicant = await registerUser(ctx, 'yishenqing', '13911110002');
    const code = await api<{ initiate_code: string }>(ctx.app, 'GET', '/api/companies/getInitiateCode', {
      token: b.token,
    });
    const asked = await api<{ _id: string }>(ctx.app, 'POST', '/api/companies/join', {
      token: applicant.token,
      body: { code: code.body.data.initiate_code },
    });
    bRequestId = asked.body.data._id;
    bLogoId = await uploadAs(ctx, b.token, '乙公司标志.png');
    await api(ctx.app, 'PATCH', '/api/companies/updateLogo', {
      token: b.token,
      body: { logo_file_id: bLogoId },
    });
    const a = await login(ctx.app, 'qiye');
    tokenA = a.token;
    companyA = a.company_id!;
  });

  it("reading B's record by id is 404 for A's administrator and A's member", async () => {
    const member = await login(ctx.app, 'duojuese');
    await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token: member.token, body: { role: 1 } });
    for (const token of [tokenA, member.token]) {
      const res = await api(ctx.app, 'GET', `/api/companies/${b.companyId}`, { token });
      expect(res.body).toEqual({ code: 404, message: '企业不存在', data: null });
    }
    // There is no write by id: PATCH /api/companies/:id does not exist.
    const before = await snapshotB();
    const patch = await api(ctx.app, 'PATCH', `/api/companies/${b.companyId}`, {
      token: tokenA,
      body: { name: '被改名', sub_name: '被改名' },
    });
    expect(patch.status).toBe(404);
    expect(await snapshotB()).toEqual(before);
  });

  it('settings with B injected as company_id / id in the body or query change only A', async () => {
    const before = await snapshotB();
    const inject = `company_id=${b.companyId}&id=${b.companyId}`;
    const extra = { company_id: b.companyId, id: b.companyId, _id: b.companyId };
    const calls: [string, Record<string, unknown>, keyof CompanyInfo, unknown][] = [
      [
        'updateContactInfo',
        { contact_name: '甲联系人', contact_phone: '010-62345678' },
        'contact_name',
        '甲联系人',
      ],
      ['updateSubName', { sub_name: '甲简称' }, 'sub_name', '甲简称'],
      ['updateEnName', { en_name: 'Company A' }, 'en_name', 'Company A'],
    ];
    for (const [path, body, field, value] of calls) {
      const res = await api<CompanyInfo>(ctx.app, 'PATCH', `/api/companies/${path}?${inject}`, {
        token: tokenA,
        body: { ...body, ...extra },
      });
      expect(res.body.code, path).toBe(200);
      expect(res.body.data._id, path).toBe(companyA);
      expect(res.body.data[field], path).toBe(value);
    }
    const code = await api<{ initiate_code: string }>(
      ctx.app,
      'GET',
      `/api/companies/getInitiateCode?${inject}`,
      {
        token: tokenA,
      },
    );
    expect(code.body.data.initiate_code).toBe('DEMO2026');
    const switched = await api<{ initiate_status: number }>(
      ctx.app,
      'GET',
      `/api/companies/switchInitiateStatus?${inject}`,
      { token: tokenA },
    );
    expect(switched.body.data).toEqual({ initiate_code: 'DEMO2026', initiate_status: 0 });
    expect(await snapshotB()).toEqual(before);
  });

  it("B's logo file cannot become A's logo, and A cannot read it", async () => {
    const before = await snapshotB();
    const res = await api(ctx.app, 'PATCH', `/api/companies/updateLogo?company_id=${b.companyId}`, {
      token: tokenA,
      body: { logo_file_id: bLogoId, company_id: b.companyId },
    });
    expect(res.body).toEqual({ code: 400, message: '请重新上传企业标志', data: null });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${bLogoId}`,
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(read.statusCode).toBe(404);
    expect(await snapshotB()).toEqual(before);
    expect((await findCompany(ctx.app.db, companyA))?.logoFileId).toBeNull();
  });

  it("A's member list never holds B's people; B's member cannot be removed, promoted or sent a code", async () => {
    const before = await snapshotB();
    const list = await api<Paged<MemberRow>>(
      ctx.app,
      'GET',
      `/api/companies/members?company_id=${b.companyId}&keyword=${encodeURIComponent('乙公司')}`,
      { token: tokenA },
    );
    expect(list.body.data.list).toEqual([]);
    const all = await api<Paged<MemberRow>>(
      ctx.app,
      'GET',
      `/api/companies/members?company_id=${b.companyId}`,
      {
        token: tokenA,
      },
    );
    expect(all.body.data.list.map((m) => m.name).sort()).toEqual(['duojuese', 'qiye']);

    const removed = await api(
      ctx.app,
      'DELETE',
      `/api/companies/members/${bMemberId}?company_id=${b.companyId}`,
      {
        token: tokenA,
      },
    );
    expect(removed.body).toEqual({ code: 404, message: '成员不存在', data: null });
    const sms = await api(ctx.app, 'POST', '/api/newAdmin/sms', {
      token: tokenA,
      body: { user_id: bMemberId, company_id: b.companyId },
    });
    expect(sms.body).toMatchObject({ code: 404, message: '成员不存在' });
    expect(ctx.sms.lastCode('13911110001')).toBeUndefined();
    const promoted = await api(ctx.app, 'POST', `/api/companies/members/${bMemberId}/makeAdmin`, {
      token: tokenA,
      body: { verify_code: '123456', company_id: b.companyId },
    });
    expect(promoted.body).toMatchObject({ code: 404, message: '成员不存在' });
    // Nor B's administrator.
    expect(
      (await api(ctx.app, 'DELETE', `/api/companies/members/${b.admin._id}`, { token: tokenA })).status,
    ).toBe(404);
    expect(await snapshotB()).toEqual(before);
  });

  it('adding a member with B injected adds to A; a member of B cannot be added to A', async () => {
    const before = await snapshotB();
    const added = await api<{ user_id: string }>(
      ctx.app,
      'POST',
      `/api/companies/members?company_id=${b.companyId}`,
      {
        token: tokenA,
        body: { name: '甲新人', phone: '13911110003', company_id: b.companyId },
      },
    );
    expect(added.body.code).toBe(200);
    const newcomer = await findUserByAccount(ctx.app.db, '甲新人');
    expect(newcomer?.companyId).toBe(companyA);
    const stolen = await api(ctx.app, 'POST', '/api/companies/members', {
      token: tokenA,
      body: { name: '乙公司员工', phone: '13911110001' },
    });
    expect(stolen.body).toEqual({ code: 400, message: '该手机号的用户已加入其他企业', data: null });
    expect(await snapshotB()).toEqual(before);
  });

  it("B's join requests are not listed for A and cannot be approved or rejected by A", async () => {
    const before = await snapshotB();
    for (const status of ['', '&status=0']) {
      const list = await api<Paged<JoinRequestRow>>(
        ctx.app,
        'GET',
        `/api/companies/joinRequests?company_id=${b.companyId}${status}`,
        { token: tokenA },
      );
      expect(list.body.data.list.map((r) => r._id)).not.toContain(bRequestId);
      expect(list.body.data.list.every((r) => r.company_id === companyA)).toBe(true);
    }
    const approve = await api(ctx.app, 'POST', `/api/companies/joinRequests/${bRequestId}/approve`, {
      token: tokenA,
      body: { company_id: b.companyId },
    });
    expect(approve.body).toEqual({ code: 404, message: '申请不存在', data: null });
    const reject = await api(ctx.app, 'POST', `/api/companies/joinRequests/${bRequestId}/reject`, {
      token: tokenA,
      body: { reason: '不是本公司', company_id: b.companyId },
    });
    expect(reject.body).toEqual({ code: 404, message: '申请不存在', data: null });
    expect(await snapshotB()).toEqual(before);
    expect(before.requests.find((r) => r._id === bRequestId)?.status).toBe(0);
  });

  it("an upload URL asked for with B injected stores A's file, which B cannot read", async () => {
    const { body } = await api<UploadPermission>(
      ctx.app,
      'GET',
      `/api/companies/stsToken?company_id=${b.companyId}`,
      {
        token: tokenA,
      },
    );
    const { payload, headers } = multipartFile('资料.pdf', samples.pdf);
    const up = await ctx.app.inject({ method: 'POST', url: body.data.upload_url, payload, headers });
    const { webPath } = up.json().data;
    const read = (token: string) =>
      ctx.app.inject({ method: 'GET', url: webPath, headers: { authorization: `Bearer ${token}` } });
    expect((await read(b.token)).statusCode).toBe(404);
    const member = await login(ctx.app, 'duojuese');
    await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token: member.token, body: { role: 1 } });
    expect((await read(member.token)).statusCode).toBe(200);
  });

  it('the platform routes refuse enterprise administrators of either company', async () => {
    for (const token of [tokenA, b.token]) {
      expect((await api(ctx.app, 'GET', '/api/platform/companies', { token })).status).toBe(403);
      expect((await api(ctx.app, 'GET', `/api/platform/companies/${b.companyId}`, { token })).status).toBe(
        403,
      );
      expect(
        (await api(ctx.app, 'POST', `/api/platform/companies/${b.companyId}/freeze`, { token })).status,
      ).toBe(403);
    }
    expect((await findCompany(ctx.app.db, b.companyId))?.status).toBe(1);
  });
});
