import type { JoinRequestRow } from '@skill-cert/shared/companies';
import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type SecondEnterprise, secondEnterprise } from '../../../test/fixtures/companies.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { companyMembers } from './tables.ts';

const ctx = useTestApp();

type Call = [InjectOptions['method'], string, unknown?];

/** A sample of enterprise member routes from each module behind the door (and custom certificates beside it). */
const memberRoutes: Call[] = [
  ['GET', '/api/companies/members'],
  ['GET', '/api/companies/getInitiateCode'],
  ['GET', '/api/companies/stsToken'],
  ['PATCH', '/api/companies/updateSubName', { sub_name: '示例' }],
  ['GET', '/api/companies/joinRequests'],
  ['GET', '/api/recordApplications'],
  ['POST', '/api/recordApplications', {}],
  ['GET', '/api/recordApplications/0190b6a4-0000-7000-8000-000000000001'],
  ['GET', '/api/customCertificateTemplates'],
  ['GET', '/api/defaultBlanks'],
];

const call = (token: string, [method, url, body]: Call) => api(ctx.app, method, url, { token, body });

describe('the enterprise door', () => {
  it.each(memberRoutes)(
    '%s %s: an enterprise user without a company gets 403 您还没有加入企业',
    async (...c) => {
      const { token } = await login(ctx.app, 'xinqiye');
      const res = await call(token, c);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, message: '您还没有加入企业' });
    },
  );

  it.each(memberRoutes)('%s %s: another role type gets 403 仅企业端可以执行此操作', async (...c) => {
    const { token } = await login(ctx.app, 'pingtai');
    const res = await call(token, c);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, message: '仅企业端可以执行此操作' });
  });

  it.each(memberRoutes)(
    '%s %s: a member of a frozen company gets the acknowledge notice 61',
    async (...c) => {
      const qiye = await login(ctx.app, 'qiye');
      const platform = await login(ctx.app, 'pingtai');
      const freeze = await api(ctx.app, 'POST', `/api/platform/companies/${qiye.company_id}/freeze`, {
        token: platform.token,
      });
      expect(freeze.body.code).toBe(200);
      const res = await call(qiye.token, c);
      expect(res.body).toMatchObject({
        code: 61,
        message: '您所在的企业已被平台冻结，暂不能使用该功能，请联系平台管理员',
      });
    },
  );

  it('a member who read a page just before the freeze gets 61 on the next request, and the page after the unfreeze', async () => {
    const qiye = await login(ctx.app, 'qiye');
    const platform = await login(ctx.app, 'pingtai');
    const members = () => api(ctx.app, 'GET', '/api/companies/members', { token: qiye.token });
    expect((await members()).body.code).toBe(200);
    const status = (action: 'freeze' | 'unfreeze') =>
      api(ctx.app, 'POST', `/api/platform/companies/${qiye.company_id}/${action}`, { token: platform.token });
    expect((await status('freeze')).body.code).toBe(200);
    expect((await members()).body.code).toBe(61);
    expect((await status('unfreeze')).body.code).toBe(200);
    expect((await members()).body.code).toBe(200);
  });

  it('a user whose membership row is gone is refused like one without a company', async () => {
    const qiye = await login(ctx.app, 'qiye');
    await ctx.app.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, qiye.company_id!), eq(companyMembers.userId, qiye._id)));
    ctx.app.sessionCache.forgetUser(qiye._id);
    for (const c of memberRoutes.filter(
      ([, url]) => !url.includes('customCertificate') && !url.includes('Blanks'),
    )) {
      const res = await call(qiye.token, c);
      expect(res.body, `${c[0]} ${c[1]}`).toMatchObject({ code: 403, message: '您还没有加入企业' });
    }
  });

  it('the /join routes stay open to an enterprise user without a company', async () => {
    const fresh = await registerUser(ctx, 'xinyonghu', '13911112222');
    const mine = await api(ctx.app, 'GET', '/api/companies/myJoinRequest', { token: fresh.token });
    expect(mine.body).toMatchObject({ code: 200, data: null });
    const qiye = await login(ctx.app, 'qiye');
    const code = await api<{ initiate_code: string }>(ctx.app, 'GET', '/api/companies/getInitiateCode', {
      token: qiye.token,
    });
    const join = await api(ctx.app, 'POST', '/api/companies/join', {
      token: fresh.token,
      body: { code: code.body.data.initiate_code },
    });
    expect(join.body.code, join.body.message).toBe(200);
    const withdraw = await api(ctx.app, 'DELETE', '/api/companies/myJoinRequest', { token: fresh.token });
    expect(withdraw.body).toMatchObject({ code: 200, message: '已撤回加入申请' });
  });
});

describe("the enterprise door between two companies: B's ids are not found for A", () => {
  let b: SecondEnterprise;
  let tokenA: string;
  let bRecordId: string;
  let bRequestId: string;

  beforeEach(async () => {
    b = await secondEnterprise(ctx);
    tokenA = (await login(ctx.app, 'qiye')).token;
    const record = await api<RecordApplicationDetail>(ctx.app, 'POST', '/api/recordApplications', {
      token: b.token,
      body: {},
    });
    expect(record.body.code).toBe(200);
    bRecordId = record.body.data._id;
    const code = await api<{ initiate_code: string }>(ctx.app, 'GET', '/api/companies/getInitiateCode', {
      token: b.token,
    });
    const applicant = await registerUser(ctx, 'shenqingren', '13922223333');
    await api(ctx.app, 'POST', '/api/companies/join', {
      token: applicant.token,
      body: { code: code.body.data.initiate_code },
    });
    const requests = await api<{ list: JoinRequestRow[] }>(ctx.app, 'GET', '/api/companies/joinRequests', {
      token: b.token,
    });
    bRequestId = requests.body.data.list[0]._id;
  });

  it.each<[string, (ids: { record: string; request: string; admin: string }) => Call, string]>([
    ['record detail', (i) => ['GET', `/api/recordApplications/${i.record}`], '备案申请不存在'],
    ['record change', (i) => ['PATCH', `/api/recordApplications/${i.record}`, {}], '备案申请不存在'],
    ['record submit', (i) => ['POST', `/api/recordApplications/${i.record}/submit`], '备案申请不存在'],
    ['record delete', (i) => ['DELETE', `/api/recordApplications/${i.record}`], '备案申请不存在'],
    [
      'join request approval',
      (i) => ['POST', `/api/companies/joinRequests/${i.request}/approve`],
      '申请不存在',
    ],
    [
      'join request rejection',
      (i) => ['POST', `/api/companies/joinRequests/${i.request}/reject`, { reason: '不认识' }],
      '申请不存在',
    ],
    ['member removal', (i) => ['DELETE', `/api/companies/members/${i.admin}`], '成员不存在'],
    ['administrator code', (i) => ['POST', '/api/newAdmin/sms', { user_id: i.admin }], '成员不存在'],
    ['company record', () => ['GET', `/api/companies/${b.companyId}`], '企业不存在'],
  ])('%s', async (_, callOf, message) => {
    const res = await call(tokenA, callOf({ record: bRecordId, request: bRequestId, admin: b.admin._id }));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, message });
    // B still sees its own.
    const own = await api(ctx.app, 'GET', `/api/recordApplications/${bRecordId}`, { token: b.token });
    expect(own.body.code).toBe(200);
  });
});
