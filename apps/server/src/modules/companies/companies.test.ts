import type { LoginResult } from '@skill-cert/shared/auth';
import type { CompanyInfo, JoinRequestRow } from '@skill-cert/shared/companies';
import type { MessagePage } from '@skill-cert/shared/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  registerUser,
  secondCompanyBody,
  secondEnterprise,
  uploadAs,
} from '../../../test/fixtures/companies.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';

const ctx = useTestApp();

const uploadImage = (token: string) => uploadAs(ctx, token);
const companyBody = secondCompanyBody;

/** Signs in duojuese, a plain member of the demo enterprise, as 企业端. */
async function demoMember(): Promise<string> {
  const { token } = await login(ctx.app, 'duojuese');
  await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token, body: { role: 1 } });
  return token;
}

/** A member added by phone signs in by SMS code (they have no password). */
async function smsLogin(phone: string): Promise<LoginResult> {
  await api(ctx.app, 'POST', '/api/phone/login/sms', { body: { phone } });
  const res = await api<LoginResult>(ctx.app, 'POST', '/api/phone/login', {
    body: { phone, verify_code: ctx.sms.lastCode(phone) },
  });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

describe('POST /api/companies', () => {
  it('creates the company; the creator becomes its administrator and lands on /record-application', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    const res = await api<CompanyInfo>(ctx.app, 'POST', '/api/companies', {
      token,
      body: companyBody(await uploadImage(token)),
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '杭州新创科技有限公司',
      region_names: ['浙江省', '杭州市', '西湖区'],
      status: 1,
    });
    const me = await api<LoginResult>(ctx.app, 'GET', '/api/user', { token });
    expect(me.body.data.company_id).toBe(res.body.data._id);
    const code = await api<{ initiate_code: string }>(ctx.app, 'GET', '/api/companies/getInitiateCode', {
      token,
    });
    expect(code.body.data.initiate_code).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('refuses a wrong credit code with the field named', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    const body = { ...companyBody(await uploadImage(token)), credit_code: '91350100M000100Y44' };
    const res = await api(ctx.app, 'POST', '/api/companies', { token, body });
    expect(res.body).toEqual({ code: 400, message: '统一社会信用代码不正确，请核对', data: null });
  });

  it('refuses a missing licence and a credit code already registered', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    const { licence_file_id: _, ...noLicence } = companyBody('x');
    expect((await api(ctx.app, 'POST', '/api/companies', { token, body: noLicence })).body.message).toBe(
      '请上传营业执照',
    );
    const dup = { ...companyBody(await uploadImage(token)), credit_code: '91110108MA01DEM200' };
    expect((await api(ctx.app, 'POST', '/api/companies', { token, body: dup })).body.message).toBe(
      '该统一社会信用代码已注册，请联系该企业管理员邀请您加入',
    );
  });

  it('refuses a region that is not a real county or city', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    for (const region_code of ['999999', '330000', 'abc']) {
      const res = await api(ctx.app, 'POST', '/api/companies', {
        token,
        body: { ...companyBody(await uploadImage(token)), region_code },
      });
      expect(res.body, region_code).toEqual({ code: 400, message: '请选择所在地区', data: null });
    }
    expect((await findUserByAccount(ctx.app.db, 'xinqiye'))?.companyId).toBeNull();
  });

  it("refuses another user's upload as the licence", async () => {
    const other = await login(ctx.app, 'qiye');
    const foreign = await uploadImage(other.token);
    const { token } = await login(ctx.app, 'xinqiye');
    const res = await api(ctx.app, 'POST', '/api/companies', { token, body: companyBody(foreign) });
    expect(res.body).toEqual({ code: 400, message: '请重新上传营业执照', data: null });
    expect((await findUserByAccount(ctx.app.db, 'xinqiye'))?.companyId).toBeNull();
  });

  it("the licence becomes the company's file: a second member and a new administrator read it", async () => {
    const b = await secondEnterprise(ctx);
    await api(ctx.app, 'POST', '/api/companies/members', {
      token: b.token,
      body: { name: '第二成员', phone: '13911110011' },
    });
    const member = await smsLogin('13911110011');
    const company = await api<CompanyInfo>(ctx.app, 'GET', `/api/companies/${b.companyId}`, {
      token: member.token,
    });
    const licence = company.body.data.licence_file!;
    const read = (token: string) =>
      ctx.app.inject({ method: 'GET', url: licence.webPath, headers: { authorization: `Bearer ${token}` } });
    expect((await read(member.token)).statusCode).toBe(200);
    // The creator hands the administrator role over and leaves: the new administrator still reads it.
    await ctx.database.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds'`);
    const sent = await api(ctx.app, 'POST', '/api/newAdmin/sms', {
      token: b.token,
      body: { user_id: member._id },
    });
    expect(sent.body.code).toBe(200);
    await api(ctx.app, 'POST', `/api/companies/members/${member._id}/makeAdmin`, {
      token: b.token,
      body: { verify_code: ctx.sms.lastCode('13911110011') },
    });
    expect(
      (await api(ctx.app, 'DELETE', `/api/companies/members/${b.admin._id}`, { token: member.token })).body
        .code,
    ).toBe(200);
    expect((await read(member.token)).statusCode).toBe(200);
    // A user of another company still may not.
    expect((await read((await login(ctx.app, 'qiye')).token)).statusCode).toBe(404);
  });

  it('a double submit (two concurrent identical requests) creates one company and answers the other with 400', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    const body = companyBody(await uploadImage(token));
    const results = await Promise.all([
      api(ctx.app, 'POST', '/api/companies', { token, body }),
      api(ctx.app, 'POST', '/api/companies', { token, body }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.message).toBe(
      '该统一社会信用代码已注册，请联系该企业管理员邀请您加入',
    );
    const platform = await login(ctx.app, 'pingtai');
    const list = await api<{ list: CompanyInfo[] }>(
      ctx.app,
      'GET',
      '/api/platform/companies?keyword=91350100M000100Y43',
      {
        token: platform.token,
      },
    );
    expect(list.body.data.list).toHaveLength(1);
  });

  it('two concurrent creations by one user with different credit codes leave the user in one company', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    const licence = await uploadImage(token);
    const results = await Promise.all([
      api<CompanyInfo>(ctx.app, 'POST', '/api/companies', { token, body: companyBody(licence) }),
      api<CompanyInfo>(ctx.app, 'POST', '/api/companies', {
        token,
        body: { ...companyBody(licence), name: '杭州另一家公司', credit_code: '91350100MA0000001P' },
      }),
    ]);
    const okOnes = results.filter((r) => r.body.code === 200);
    expect(okOnes).toHaveLength(1);
    const refused = results.find((r) => r.body.code !== 200)!;
    expect([400, 403]).toContain(refused.status);
    const user = await findUserByAccount(ctx.app.db, 'xinqiye');
    expect(user?.companyId).toBe(okOnes[0].body.data._id);
    const platform = await login(ctx.app, 'pingtai');
    const all = await api<{ meta: { total: number } }>(ctx.app, 'GET', '/api/platform/companies', {
      token: platform.token,
    });
    expect(all.body.data.meta.total).toBe(3);
  });

  it('two users racing for one credit code: one company, the other told the code is registered', async () => {
    const first = await login(ctx.app, 'xinqiye');
    const second = await registerUser(ctx, 'dierge', '13911110021');
    const results = await Promise.all([
      api(ctx.app, 'POST', '/api/companies', {
        token: first.token,
        body: companyBody(await uploadImage(first.token)),
      }),
      api(ctx.app, 'POST', '/api/companies', {
        token: second.token,
        body: companyBody(await uploadImage(second.token)),
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body).toEqual({
      code: 400,
      message: '该统一社会信用代码已注册，请联系该企业管理员邀请您加入',
      data: null,
    });
  });

  it('refuses a user who already has a company', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', '/api/companies', {
      token,
      body: companyBody(await uploadImage(token)),
    });
    expect(res.status).toBe(403);
  });
});

describe('joining by invite code', () => {
  it('request → administrator approves → the user belongs to the company and is told', async () => {
    const applicant = await login(ctx.app, 'xinqiye');
    const asked = await api(ctx.app, 'POST', '/api/companies/join', {
      token: applicant.token,
      body: { code: 'demo2026' },
    });
    expect(asked.body).toMatchObject({ code: 200, message: '申请已提交，请等待企业管理员审核' });
    const mine = await api<JoinRequestRow>(ctx.app, 'GET', '/api/companies/myJoinRequest', {
      token: applicant.token,
    });
    expect(mine.body.data).toMatchObject({
      status: 0,
      status_text: '待审核',
      company_name: '示例智能制造有限公司',
    });
    const admin = await login(ctx.app, 'qiye');
    const list = await api<{ list: JoinRequestRow[] }>(
      ctx.app,
      'GET',
      '/api/companies/joinRequests?status=0',
      { token: admin.token },
    );
    expect(list.body.data.list.map((r) => r.user_name)).toEqual(['xinqiye']);
    const approved = await api(ctx.app, 'POST', `/api/companies/joinRequests/${mine.body.data._id}/approve`, {
      token: admin.token,
    });
    expect(approved.body.code).toBe(200);
    const me = await api<LoginResult>(ctx.app, 'GET', '/api/user', { token: applicant.token });
    expect(me.body.data.company_id).toBe(admin.company_id);
    const msg = await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: applicant.token });
    expect(msg.body.data.list[0]).toMatchObject({
      content: '您加入「示例智能制造有限公司」的申请已通过',
      data: { template_key: 'join_request_approved' },
    });
  });

  it('a rejected request carries the reason to the applicant', async () => {
    const applicant = await login(ctx.app, 'xinqiye');
    await api(ctx.app, 'POST', '/api/companies/join', { token: applicant.token, body: { code: 'DEMO2026' } });
    const mine = await api<JoinRequestRow>(ctx.app, 'GET', '/api/companies/myJoinRequest', {
      token: applicant.token,
    });
    const admin = await login(ctx.app, 'qiye');
    const missing = await api(ctx.app, 'POST', `/api/companies/joinRequests/${mine.body.data._id}/reject`, {
      token: admin.token,
      body: {},
    });
    expect(missing.body.message).toBe('请输入驳回原因');
    await api(ctx.app, 'POST', `/api/companies/joinRequests/${mine.body.data._id}/reject`, {
      token: admin.token,
      body: { reason: '非本公司员工' },
    });
    const after = await api<JoinRequestRow>(ctx.app, 'GET', '/api/companies/myJoinRequest', {
      token: applicant.token,
    });
    expect(after.body.data).toMatchObject({ status: 2, status_text: '已驳回', reason: '非本公司员工' });
  });

  it('the applicant can withdraw a pending request, and cannot ask twice', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    await api(ctx.app, 'POST', '/api/companies/join', { token, body: { code: 'DEMO2026' } });
    const twice = await api(ctx.app, 'POST', '/api/companies/join', { token, body: { code: 'DEMO2026' } });
    expect(twice.body.message).toBe('您已有待审核的加入申请，请等待审核或先撤回');
    expect((await api(ctx.app, 'DELETE', '/api/companies/myJoinRequest', { token })).body.message).toBe(
      '已撤回加入申请',
    );
    expect(
      (await api<JoinRequestRow>(ctx.app, 'GET', '/api/companies/myJoinRequest', { token })).body.data.status,
    ).toBe(3);
  });

  it('withdrawing with nothing pending is refused', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    const res = await api(ctx.app, 'DELETE', '/api/companies/myJoinRequest', { token });
    expect(res.body).toEqual({ code: 400, message: '您没有待审核的加入申请', data: null });
  });

  it('a frozen company cannot be joined', async () => {
    const platform = await login(ctx.app, 'pingtai');
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    await api(ctx.app, 'POST', `/api/platform/companies/${companyId}/freeze`, { token: platform.token });
    const { token } = await login(ctx.app, 'xinqiye');
    const res = await api(ctx.app, 'POST', '/api/companies/join', { token, body: { code: 'DEMO2026' } });
    expect(res.body).toEqual({ code: 400, message: '该企业已被冻结，暂不能加入', data: null });
    expect((await api(ctx.app, 'GET', '/api/companies/myJoinRequest', { token })).body.data).toBeNull();
  });

  it('a request is decided once: approving twice, or after rejecting, is refused', async () => {
    const applicant = await login(ctx.app, 'xinqiye');
    const asked = await api<{ _id: string }>(ctx.app, 'POST', '/api/companies/join', {
      token: applicant.token,
      body: { code: 'DEMO2026' },
    });
    const id = asked.body.data._id;
    const admin = await login(ctx.app, 'qiye');
    const both = await Promise.all([
      api(ctx.app, 'POST', `/api/companies/joinRequests/${id}/approve`, { token: admin.token }),
      api(ctx.app, 'POST', `/api/companies/joinRequests/${id}/approve`, { token: admin.token }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.body.code === 400)?.body.message).toBe('该申请已处理');
    const reject = await api(ctx.app, 'POST', `/api/companies/joinRequests/${id}/reject`, {
      token: admin.token,
      body: { reason: '晚了' },
    });
    expect(reject.body).toEqual({ code: 400, message: '该申请已处理', data: null });
    const messages = await api<MessagePage>(ctx.app, 'GET', '/api/message', { token: applicant.token });
    expect(messages.body.data.list.filter((m) => m.content.includes('申请已通过'))).toHaveLength(1);
  });

  it('approving a user who meanwhile created their own company is refused and changes nothing', async () => {
    const applicant = await login(ctx.app, 'xinqiye');
    const asked = await api<{ _id: string }>(ctx.app, 'POST', '/api/companies/join', {
      token: applicant.token,
      body: { code: 'DEMO2026' },
    });
    const own = await api<CompanyInfo>(ctx.app, 'POST', '/api/companies', {
      token: applicant.token,
      body: companyBody(await uploadImage(applicant.token)),
    });
    expect(own.body.code).toBe(200);
    const admin = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', `/api/companies/joinRequests/${asked.body.data._id}/approve`, {
      token: admin.token,
    });
    expect(res.body).toEqual({ code: 400, message: '该申请已撤回', data: null });
    expect((await findUserByAccount(ctx.app.db, 'xinqiye'))?.companyId).toBe(own.body.data._id);
    const members = await api<{ list: { name: string }[] }>(ctx.app, 'GET', '/api/companies/members', {
      token: admin.token,
    });
    expect(members.body.data.list.map((m) => m.name)).not.toContain('xinqiye');
  });

  it('a wrong code, or joining switched off, is refused', async () => {
    const { token } = await login(ctx.app, 'xinqiye');
    expect(
      (await api(ctx.app, 'POST', '/api/companies/join', { token, body: { code: 'NOPE' } })).body.message,
    ).toBe('邀请码不正确，请向企业管理员确认');
    const admin = await login(ctx.app, 'qiye');
    const off = await api<{ initiate_status: number }>(
      ctx.app,
      'GET',
      '/api/companies/switchInitiateStatus',
      { token: admin.token },
    );
    expect(off.body).toMatchObject({ message: '已关闭加入申请', data: { initiate_status: 0 } });
    expect(
      (await api(ctx.app, 'POST', '/api/companies/join', { token, body: { code: 'DEMO2026' } })).body.message,
    ).toBe('该企业已关闭加入申请，请联系企业管理员');
  });
});

describe('settings and tenant boundary', () => {
  it('the administrator changes contact info, short name, English name and logo', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect(
      (
        await api<CompanyInfo>(ctx.app, 'PATCH', '/api/companies/updateSubName', {
          token,
          body: { sub_name: '示例智造' },
        })
      ).body.data.sub_name,
    ).toBe('示例智造');
    expect(
      (
        await api<CompanyInfo>(ctx.app, 'PATCH', '/api/companies/updateEnName', {
          token,
          body: { en_name: 'Demo Manufacturing Co., Ltd.' },
        })
      ).body.data.en_name,
    ).toBe('Demo Manufacturing Co., Ltd.');
    const contact = await api<CompanyInfo>(ctx.app, 'PATCH', '/api/companies/updateContactInfo', {
      token,
      body: { contact_name: '赵六', contact_phone: '010-62345678', contact_email: 'hr@demo.cn' },
    });
    expect(contact.body.data).toMatchObject({
      contact_name: '赵六',
      contact_phone: '010-62345678',
      contact_email: 'hr@demo.cn',
    });
    const logo = await uploadImage(token);
    expect(
      (
        await api<CompanyInfo>(ctx.app, 'PATCH', '/api/companies/updateLogo', {
          token,
          body: { logo_file_id: logo },
        })
      ).body.data.logo_file?.file_id,
    ).toBe(logo);
  });

  it('a member who is not the administrator cannot change any setting, the invite code or see join requests', async () => {
    const token = await demoMember();
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    const before = await api<CompanyInfo>(ctx.app, 'GET', `/api/companies/${companyId}`, { token });
    const logo = await uploadImage(token);
    const refused: [string, string, unknown?][] = [
      ['PATCH', '/api/companies/updateSubName', { sub_name: '成员改的' }],
      ['PATCH', '/api/companies/updateContactInfo', { contact_name: '成员', contact_phone: '13912345678' }],
      ['PATCH', '/api/companies/updateEnName', { en_name: 'Member Co' }],
      ['PATCH', '/api/companies/updateLogo', { logo_file_id: logo }],
      ['GET', '/api/companies/getInitiateCode'],
      ['GET', '/api/companies/switchInitiateStatus'],
      ['GET', '/api/companies/joinRequests'],
    ];
    for (const [method, path, body] of refused) {
      const res = await api(ctx.app, method as 'GET', path, { token, body });
      expect(res.body, path).toEqual({ code: 403, message: '仅企业管理员可以执行此操作', data: null });
    }
    const after = await api<CompanyInfo>(ctx.app, 'GET', `/api/companies/${companyId}`, { token });
    expect(after.body.data).toEqual(before.body.data);
  });

  it("a logo uploaded by a member is the company's and every member sees it", async () => {
    const member = await demoMember();
    const { token } = await login(ctx.app, 'qiye');
    const logo = await uploadImage(token);
    await api(ctx.app, 'PATCH', '/api/companies/updateLogo', { token, body: { logo_file_id: logo } });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${logo}`,
      headers: { authorization: `Bearer ${member}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it("refuses another company's file as the logo", async () => {
    const b = await secondEnterprise(ctx);
    const foreign = await uploadImage(b.token);
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'PATCH', '/api/companies/updateLogo', {
      token,
      body: { logo_file_id: foreign },
    });
    expect(res.body).toEqual({ code: 400, message: '请重新上传企业标志', data: null });
  });

  it('names bad settings input', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect(
      (
        await api(ctx.app, 'PATCH', '/api/companies/updateContactInfo', {
          token,
          body: { contact_name: '赵六', contact_phone: '123' },
        })
      ).body.message,
    ).toBe('联系电话格式不正确');
    expect(
      (await api(ctx.app, 'PATCH', '/api/companies/updateEnName', { token, body: { en_name: '中文' } })).body
        .message,
    ).toBe('英文名称只能包含英文字母、数字和常用符号');
  });

  it('a member reads their own company record (for /profile)', async () => {
    const token = await demoMember();
    const own = await api<CompanyInfo>(
      ctx.app,
      'GET',
      `/api/companies/${(await findUserByAccount(ctx.app.db, 'qiye'))!.companyId}`,
      { token },
    );
    expect(own.body.data).toMatchObject({ name: '示例智能制造有限公司', type: 1, type_text: '企业' });
  });

  it('the platform with 企业管理 (platform:company:list) may read any company record', async () => {
    const other = await findUserByAccount(ctx.app.db, 'jigou');
    for (const name of ['pingtai', 'yunying']) {
      const { token } = await login(ctx.app, name);
      expect(
        (await api<CompanyInfo>(ctx.app, 'GET', `/api/companies/${other!.companyId}`, { token })).body.data,
        name,
      ).toMatchObject({ name: '示例职业技能培训评价中心', type: 2, type_text: '培训评价机构' });
    }
  });

  it('a platform user without platform:company:list cannot read a company record', async () => {
    const admin = await login(ctx.app, 'pingtai');
    const operator = await findUserByAccount(ctx.app.db, 'yunying');
    // 运营人员 loses its roles: still 平台端, but holds no permission.
    const stripped = await api(ctx.app, 'PUT', `/api/users/${operator!.id}/roles`, {
      token: admin.token,
      body: { role_ids: [] },
    });
    expect(stripped.body.code).toBe(200);
    const { token } = await login(ctx.app, 'yunying');
    const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
    const res = await api(ctx.app, 'GET', `/api/companies/${companyId}`, { token });
    expect(res.body).toEqual({ code: 403, message: '没有权限执行此操作', data: null });
  });
});
