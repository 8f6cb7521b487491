import type { LoginResult } from '@skill-cert/shared/auth';
import type { CompanyInfo, JoinRequestRow } from '@skill-cert/shared/company';
import type { MessagePage } from '@skill-cert/shared/messages';
import { describe, expect, it } from 'vitest';
import { api, login, multipartFile, samples, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';

const ctx = useTestApp();

async function uploadImage(token: string): Promise<string> {
  const { payload, headers } = multipartFile('营业执照.png', samples.png);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload?type=image',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json().data.file_id;
}

const companyBody = (licence: string) => ({
  name: '杭州新创科技有限公司',
  credit_code: '91350100M000100Y43',
  region_code: '330106',
  address: '文三路 100 号',
  contact_name: '李四',
  contact_phone: '13912345678',
  licence_file_id: licence,
});

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
    expect(msg.body.data.list[0].content).toBe('您加入「示例智能制造有限公司」的申请已通过');
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

  it('a member who is not the administrator cannot change settings or see join requests', async () => {
    const { token } = await login(ctx.app, 'duojuese'); // member of the demo company
    await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token, body: { role: 1 } });
    const res = await api(ctx.app, 'PATCH', '/api/companies/updateSubName', {
      token,
      body: { sub_name: 'x' },
    });
    expect(res.body).toEqual({ code: 403, message: '仅企业管理员可以执行此操作', data: null });
    expect((await api(ctx.app, 'GET', '/api/companies/joinRequests', { token })).status).toBe(403);
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

  it("a user of one company cannot read another company's record or act on its join requests", async () => {
    const other = await findUserByAccount(ctx.app.db, 'jigou');
    const { token } = await login(ctx.app, 'qiye');
    expect((await api(ctx.app, 'GET', `/api/companies/${other!.companyId}`, { token })).status).toBe(404);
    const own = await api<CompanyInfo>(
      ctx.app,
      'GET',
      `/api/companies/${(await findUserByAccount(ctx.app.db, 'qiye'))!.companyId}`,
      { token },
    );
    expect(own.body.data.name).toBe('示例智能制造有限公司');
    // A join request to the institution, decided by the enterprise administrator: not found for them.
    const applicant = await login(ctx.app, 'xinqiye');
    await api(ctx.app, 'POST', '/api/companies/join', { token: applicant.token, body: { code: 'JGDM2026' } });
    const mine = await api<JoinRequestRow>(ctx.app, 'GET', '/api/companies/myJoinRequest', {
      token: applicant.token,
    });
    const res = await api(ctx.app, 'POST', `/api/companies/joinRequests/${mine.body.data._id}/approve`, {
      token,
    });
    expect(res.status).toBe(404);
    expect(
      (await api<JoinRequestRow>(ctx.app, 'GET', '/api/companies/myJoinRequest', { token: applicant.token }))
        .body.data.status,
    ).toBe(0);
  });

  it('the platform may read any company record', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const other = await findUserByAccount(ctx.app.db, 'jigou');
    expect(
      (await api<CompanyInfo>(ctx.app, 'GET', `/api/companies/${other!.companyId}`, { token })).body.data
        .name,
    ).toBe('示例职业技能培训评价中心');
  });
});
