import type { LoginResult } from '@skill-cert/shared/auth';
import type { MemberRow } from '@skill-cert/shared/company';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';

const ctx = useTestApp();

describe('staff (/user-list)', () => {
  it('lists members with name, phone, company role and joined time', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api<{ list: MemberRow[] }>(ctx.app, 'GET', '/api/companies/members', { token });
    expect(res.body.data.list.map((m) => [m.name, m.role_text])).toEqual([
      ['qiye', '管理员'],
      ['duojuese', '成员'],
    ]);
    expect(res.body.data.list[0].joined_time_str).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('adds a new person by name and phone: an account is created and can sign in by SMS code', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: '张三', phone: '13911112222' },
    });
    expect(res.body.message).toBe('添加成功');
    await api(ctx.app, 'POST', '/api/phone/login/sms', { body: { phone: '13911112222' } });
    const signedIn = await api<LoginResult>(ctx.app, 'POST', '/api/phone/login', {
      body: { phone: '13911112222', verify_code: ctx.sms.lastCode('13911112222') },
    });
    expect(signedIn.body.data).toMatchObject({
      name: '张三',
      company_id: expect.any(String),
      active_role_type_id: 1,
    });
  });

  it('adds an existing account without a company; refuses one that belongs elsewhere', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect(
      (
        await api(ctx.app, 'POST', '/api/companies/members', {
          token,
          body: { name: 'xinqiye', phone: '13800000006' },
        })
      ).body.code,
    ).toBe(200);
    const taken = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'jigou', phone: '13800000003' },
    });
    expect(taken.body.message).toBe('该手机号的用户已加入其他企业');
  });

  it('removes a member after the administrator asks; never the last administrator', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const duo = await findUserByAccount(ctx.app.db, 'duojuese');
    expect((await api(ctx.app, 'DELETE', `/api/companies/members/${duo!.id}`, { token })).body.message).toBe(
      '已移除',
    );
    const self = await findUserByAccount(ctx.app.db, 'qiye');
    const last = await api(ctx.app, 'DELETE', `/api/companies/members/${self!.id}`, { token });
    expect(last.body.message).toBe('不能移除企业唯一的管理员，请先将管理员移交给其他成员');
  });

  it('a member cannot add or remove members; another company cannot touch them', async () => {
    const member = await login(ctx.app, 'duojuese');
    await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token: member.token, body: { role: 1 } });
    expect(
      (
        await api(ctx.app, 'POST', '/api/companies/members', {
          token: member.token,
          body: { name: 'x1', phone: '13911113333' },
        })
      ).status,
    ).toBe(403);
    const other = await login(ctx.app, 'jigou');
    const duo = await findUserByAccount(ctx.app.db, 'duojuese');
    expect(
      (await api(ctx.app, 'DELETE', `/api/companies/members/${duo!.id}`, { token: other.token })).status,
    ).toBe(403);
  });

  it('hands the administrator role over with a code sent to the new administrator', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const duo = await findUserByAccount(ctx.app.db, 'duojuese');
    const sent = await api(ctx.app, 'POST', '/api/newAdmin/sms', { token, body: { user_id: duo!.id } });
    expect(sent.body.message).toBe('验证码已发送至 138****0005');
    const wrong = await api(ctx.app, 'POST', `/api/companies/members/${duo!.id}/makeAdmin`, {
      token,
      body: { verify_code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const done = await api(ctx.app, 'POST', `/api/companies/members/${duo!.id}/makeAdmin`, {
      token,
      body: { verify_code: ctx.sms.lastCode('13800000005') },
    });
    expect(done.body.message).toBe('管理员已移交');
    const list = await api<{ list: MemberRow[] }>(ctx.app, 'GET', '/api/companies/members', { token });
    expect(list.body.data.list.find((m) => m.name === 'duojuese')?.role).toBe(1);
    expect((await api(ctx.app, 'GET', '/api/companies/getInitiateCode', { token })).status).toBe(403);
  });
});

describe('changing the bound phone', () => {
  it('old phone code → ticket → new phone code → changed', async () => {
    const { token } = await login(ctx.app, 'kaoping');
    expect((await api(ctx.app, 'GET', '/api/changePhone/sms', { token })).body.message).toBe(
      '验证码已发送至原手机号',
    );
    const checked = await api<{ ticket: string }>(ctx.app, 'POST', '/api/changePhone/checkSms', {
      token,
      body: { verify_code: ctx.sms.lastCode('13800000004') },
    });
    const ticket = checked.body.data.ticket;
    expect(
      (await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13977778888&ticket=${ticket}`, { token })).body
        .message,
    ).toBe('验证码已发送至新手机号');
    const changed = await api(ctx.app, 'POST', '/api/changePhone', {
      token,
      body: { phone: '13977778888', verify_code: ctx.sms.lastCode('13977778888'), ticket },
    });
    expect(changed.body).toMatchObject({ code: 200, message: '手机号已更换' });
    expect((await api<LoginResult>(ctx.app, 'GET', '/api/user', { token })).body.data.phone).toBe(
      '13977778888',
    );
  });

  it('refuses a phone used by another account, and the new-phone step without a ticket', async () => {
    const { token } = await login(ctx.app, 'kaoping');
    expect(
      (await api(ctx.app, 'GET', '/api/changePhone/sms?phone=13977778888', { token })).body.message,
    ).toBe('请先验证原手机号');
    await api(ctx.app, 'GET', '/api/changePhone/sms', { token });
    const { ticket } = (
      await api<{ ticket: string }>(ctx.app, 'POST', '/api/changePhone/checkSms', {
        token,
        body: { verify_code: ctx.sms.lastCode('13800000004') },
      })
    ).body.data;
    const used = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13800000001&ticket=${ticket}`, {
      token,
    });
    expect(used.body.message).toBe('该手机号已被其他账号使用');
    const forged = await api(ctx.app, 'POST', '/api/changePhone', {
      token,
      body: { phone: '13977778888', verify_code: '123456', ticket: 'x.y.z' },
    });
    expect(forged.body.message).toBe('请先验证原手机号');
  });
});
