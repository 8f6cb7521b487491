import type { LoginResult } from '@skill-cert/shared/auth';
import type { CompanyInvitation, MemberRow } from '@skill-cert/shared/companies';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, secondEnterprise } from '../../../test/fixtures/companies.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount, roleTypeIdsOf } from '../users/service.ts';

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

  it('searches members and join requests by name or phone, with % and _ taken literally', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const members = async (keyword: string) =>
      (
        await api<{ list: MemberRow[] }>(
          ctx.app,
          'GET',
          `/api/companies/members?keyword=${encodeURIComponent(keyword)}`,
          { token },
        )
      ).body.data.list.map((m) => m.name);
    expect(await members('0005')).toEqual(['duojuese']);
    expect(await members('QIYE')).toEqual(['qiye']);
    expect(await members('%')).toEqual([]);
    expect(await members('_')).toEqual([]);
    const applicant = await login(ctx.app, 'xinqiye');
    await api(ctx.app, 'POST', '/api/companies/join', { token: applicant.token, body: { code: 'DEMO2026' } });
    const requests = async (keyword: string) =>
      (
        await api<{ list: { user_name: string }[] }>(
          ctx.app,
          'GET',
          `/api/companies/joinRequests?keyword=${encodeURIComponent(keyword)}`,
          { token },
        )
      ).body.data.list.map((r) => r.user_name);
    expect(await requests('xinqi')).toEqual(['xinqiye']);
    expect(await requests('%')).toEqual([]);
    expect(await requests('xin_iye')).toEqual([]);
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

  it('an existing account without a company is invited, not added: it joins only when the person accepts', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'xinqiye', phone: '13800000006' },
    });
    expect(res.body).toMatchObject({
      code: 200,
      message: '已向该用户发送邀请，对方接受后加入企业',
      data: { invited: true },
    });
    expect((await findUserByAccount(ctx.app.db, 'xinqiye'))?.companyId).toBeNull();
    const again = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'xinqiye', phone: '13800000006' },
    });
    expect(again.body).toEqual({ code: 400, message: '已邀请该用户，请等待对方接受', data: null });

    const person = await login(ctx.app, 'xinqiye');
    const mine = await api<CompanyInvitation[]>(ctx.app, 'GET', '/api/companies/myInvitations', {
      token: person.token,
    });
    expect(mine.body.data).toEqual([expect.objectContaining({ company_name: expect.any(String) })]);
    const accepted = await api(
      ctx.app,
      'POST',
      `/api/companies/myInvitations/${mine.body.data[0]._id}/accept`,
      {
        token: person.token,
      },
    );
    expect(accepted.body.message).toBe('已加入企业');
    const joined = await findUserByAccount(ctx.app.db, 'xinqiye');
    expect(joined?.companyId).toBe(mine.body.data[0].company_id);
    const members = await api<{ list: MemberRow[] }>(ctx.app, 'GET', '/api/companies/members', { token });
    expect(members.body.data.list.map((m) => m.name)).toContain('xinqiye');
  });

  it('a declined invitation adds no one, and only the invited person can decide it', async () => {
    const { token } = await login(ctx.app, 'qiye');
    await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'xinqiye', phone: '13800000006' },
    });
    const person = await login(ctx.app, 'xinqiye');
    const [invitation] = (
      await api<CompanyInvitation[]>(ctx.app, 'GET', '/api/companies/myInvitations', { token: person.token })
    ).body.data;
    const stranger = await registerUser(ctx, 'lubianren', '13911117777');
    const foreign = await api(ctx.app, 'POST', `/api/companies/myInvitations/${invitation._id}/accept`, {
      token: stranger.token,
    });
    expect(foreign.body).toEqual({ code: 404, message: '邀请不存在或已失效', data: null });
    const declined = await api(ctx.app, 'POST', `/api/companies/myInvitations/${invitation._id}/decline`, {
      token: person.token,
    });
    expect(declined.body.message).toBe('已拒绝邀请');
    // The administrator who invited is told.
    const told = await api<{ list: { content: string }[] }>(ctx.app, 'GET', '/api/message', { token });
    expect(told.body.data.list.map((m) => m.content)).toContain('xinqiye 已拒绝加入本企业的邀请');
    const late = await api(ctx.app, 'POST', `/api/companies/myInvitations/${invitation._id}/accept`, {
      token: person.token,
    });
    expect(late.status).toBe(404);
    expect((await findUserByAccount(ctx.app.db, 'xinqiye'))?.companyId).toBeNull();
  });

  it('refuses an account that belongs to another company', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const taken = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'jigou', phone: '13800000003' },
    });
    expect(taken.body.message).toBe('该手机号的用户已加入其他企业');
  });

  it('adds only enterprise accounts: a platform operator or an examiner is refused and left untouched', async () => {
    const { token } = await login(ctx.app, 'qiye');
    for (const [name, phone] of [
      ['yunying', '13800000007'],
      ['kaoping', '13800000004'],
    ]) {
      const res = await api(ctx.app, 'POST', '/api/companies/members', { token, body: { name, phone } });
      expect(res.body, name).toEqual({
        code: 400,
        message: '该手机号已注册为非企业端账号，不能直接添加为成员',
        data: null,
      });
      const user = await findUserByAccount(ctx.app.db, name);
      expect(user?.companyId).toBeNull();
      expect(await roleTypeIdsOf(ctx.app.db, user!.id)).not.toContain(1);
    }
  });

  it("accepting an invitation withdraws the person's pending request elsewhere", async () => {
    const b = await secondEnterprise(ctx);
    const code = await api<{ initiate_code: string }>(ctx.app, 'GET', '/api/companies/getInitiateCode', {
      token: b.token,
    });
    const person = await registerUser(ctx, 'qiuzhizhe', '13911114444');
    await api(ctx.app, 'POST', '/api/companies/join', {
      token: person.token,
      body: { code: code.body.data.initiate_code },
    });
    const { token } = await login(ctx.app, 'qiye');
    await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'qiuzhizhe', phone: '13911114444' },
    });
    // Invited, the person's request to B still waits: nothing is decided for them.
    const waiting = await api<{ status: number }>(ctx.app, 'GET', '/api/companies/myJoinRequest', {
      token: person.token,
    });
    expect(waiting.body.data.status).toBe(0);
    const [invitation] = (
      await api<CompanyInvitation[]>(ctx.app, 'GET', '/api/companies/myInvitations', { token: person.token })
    ).body.data;
    await api(ctx.app, 'POST', `/api/companies/myInvitations/${invitation._id}/accept`, {
      token: person.token,
    });
    const mine = await api<{ status: number }>(ctx.app, 'GET', '/api/companies/myJoinRequest', {
      token: person.token,
    });
    expect(mine.body.data.status).toBe(3);
  });

  it('names bad input on add, and refuses an existing member', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '13911112222' }, '请输入姓名'],
      [{ name: '张', phone: '13911112222' }, '姓名应为2-32个字符'],
      [{ name: '张 三', phone: '13911112222' }, '姓名只能包含中文、字母、数字或 _ . -'],
      [{ name: '张三' }, '请输入手机号'],
      [{ name: '张三', phone: '1391111222' }, '手机号格式不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await api(ctx.app, 'POST', '/api/companies/members', { token, body });
      expect(res.body, message).toEqual({ code: 400, message, data: null });
    }
    const again = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'duojuese', phone: '13800000005' },
    });
    expect(again.body).toEqual({ code: 400, message: '该用户已是本企业成员', data: null });
    const nameTaken = await api(ctx.app, 'POST', '/api/companies/members', {
      token,
      body: { name: 'pingtai', phone: '13911115555' },
    });
    expect(nameTaken.body.message).toBe('该姓名已被其他账号用作用户名，请加以区分（如 张三2）');
  });

  it('two administrators adding the same new name at once: one account, the other answered with 400', async () => {
    const b = await secondEnterprise(ctx);
    const { token } = await login(ctx.app, 'qiye');
    const results = await Promise.all([
      api(ctx.app, 'POST', '/api/companies/members', {
        token,
        body: { name: '同名者', phone: '13911116661' },
      }),
      api(ctx.app, 'POST', '/api/companies/members', {
        token: b.token,
        body: { name: '同名者', phone: '13911116662' },
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect([
      '该姓名已被其他账号用作用户名，请加以区分（如 张三2）',
      '该名称已被其他账号用作用户名，请加以区分（如 张三2）',
    ]).toContain(results.find((r) => r.status === 400)?.body.message);
  });

  it('removing, promoting or sending the hand-over code to a non-member is 404; promoting yourself is refused', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const outsider = await findUserByAccount(ctx.app.db, 'xinqiye');
    const unknown = '0190a8f0-0000-7000-8000-000000000000';
    for (const id of [outsider!.id, unknown]) {
      expect((await api(ctx.app, 'DELETE', `/api/companies/members/${id}`, { token })).body).toEqual({
        code: 404,
        message: '成员不存在',
        data: null,
      });
      expect(
        (await api(ctx.app, 'POST', '/api/newAdmin/sms', { token, body: { user_id: id } })).body.message,
      ).toBe('成员不存在');
      expect(
        (
          await api(ctx.app, 'POST', `/api/companies/members/${id}/makeAdmin`, {
            token,
            body: { verify_code: '123456' },
          })
        ).body.message,
      ).toBe('成员不存在');
    }
    expect(ctx.sms.sent).toHaveLength(0);
    const self = await findUserByAccount(ctx.app.db, 'qiye');
    const selfSms = await api(ctx.app, 'POST', '/api/newAdmin/sms', { token, body: { user_id: self!.id } });
    expect(selfSms.body).toEqual({ code: 400, message: '您已是管理员，请选择其他成员', data: null });
    const selfAdmin = await api(ctx.app, 'POST', `/api/companies/members/${self!.id}/makeAdmin`, {
      token,
      body: { verify_code: '123456' },
    });
    expect(selfAdmin.body).toEqual({ code: 400, message: '您已是管理员，请选择其他成员', data: null });
    expect((await api(ctx.app, 'GET', '/api/companies/getInitiateCode', { token })).body.code).toBe(200);
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
    const other = await secondEnterprise(ctx);
    const duo = await findUserByAccount(ctx.app.db, 'duojuese');
    expect(
      (await api(ctx.app, 'DELETE', `/api/companies/members/${duo!.id}`, { token: other.token })).body,
    ).toEqual({ code: 404, message: '成员不存在', data: null });
    expect((await findUserByAccount(ctx.app.db, 'duojuese'))?.companyId).not.toBeNull();
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

  /** Old phone code → ticket. */
  async function ticketOf(token: string, oldPhone: string): Promise<string> {
    await api(ctx.app, 'GET', '/api/changePhone/sms', { token });
    const checked = await api<{ ticket: string }>(ctx.app, 'POST', '/api/changePhone/checkSms', {
      token,
      body: { verify_code: ctx.sms.lastCode(oldPhone) },
    });
    expect(checked.body.code).toBe(200);
    return checked.body.data.ticket;
  }
  /** kaoping has checked the old phone and has a code sent to `newPhone`: ready for POST /api/changePhone. */
  async function readyToChange(newPhone = '13977778888') {
    const { token } = await login(ctx.app, 'kaoping');
    const ticket = await ticketOf(token, '13800000004');
    await api(ctx.app, 'GET', `/api/changePhone/sms?phone=${newPhone}&ticket=${ticket}`, { token });
    return { token, ticket, code: ctx.sms.lastCode(newPhone)! };
  }
  /** Lets the next code to any phone go out now (the 60 s rule). */
  const aMinuteLater = () =>
    ctx.database.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds'`);

  it('the ticket is single-use: after one change it opens neither a code to a new phone nor a second change', async () => {
    const { token, ticket, code } = await readyToChange();
    const changed = await api(ctx.app, 'POST', '/api/changePhone', {
      token,
      body: { phone: '13977778888', verify_code: code, ticket },
    });
    expect(changed.body.code).toBe(200);
    await aMinuteLater();
    const send = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13966665555&ticket=${ticket}`, {
      token,
    });
    expect(send.body).toEqual({ code: 400, message: '请先验证原手机号', data: null });
    expect(ctx.sms.lastCode('13966665555')).toBeUndefined();
    const replay = await api(ctx.app, 'POST', '/api/changePhone', {
      token,
      body: { phone: '13966665555', verify_code: '123456', ticket },
    });
    expect(replay.body.message).toBe('请先验证原手机号');
    expect((await findUserByAccount(ctx.app.db, 'kaoping'))?.phone).toBe('13977778888');
  });

  it("the ticket is bound to its user and the phone it was checked for: another user's ticket is refused", async () => {
    const examiner = await login(ctx.app, 'kaoping');
    const ticket = await ticketOf(examiner.token, '13800000004');
    const other = await login(ctx.app, 'yunying');
    const res = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13977778888&ticket=${ticket}`, {
      token: other.token,
    });
    expect(res.body).toEqual({ code: 400, message: '请先验证原手机号', data: null });
  });

  it('a ticket expires after 10 minutes', async () => {
    const { token } = await login(ctx.app, 'kaoping');
    const ticket = await ticketOf(token, '13800000004');
    await ctx.database.db.execute(
      sql`update verification_tickets set expires_at = now() - interval '1 second'`,
    );
    const res = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13977778888&ticket=${ticket}`, {
      token,
    });
    expect(res.body.message).toBe('请先验证原手机号');
  });

  it('a new phone taken by another account after its code was sent is refused, and the ticket opens no other phone', async () => {
    const { token, ticket, code } = await readyToChange();
    // Meanwhile an administrator adds someone with that phone.
    const admin = await login(ctx.app, 'qiye');
    await api(ctx.app, 'POST', '/api/companies/members', {
      token: admin.token,
      body: { name: '抢先者', phone: '13977778888' },
    });
    const res = await api(ctx.app, 'POST', '/api/changePhone', {
      token,
      body: { phone: '13977778888', verify_code: code, ticket },
    });
    expect(res.body).toEqual({ code: 400, message: '该手机号已被其他账号使用', data: null });
    expect((await findUserByAccount(ctx.app.db, 'kaoping'))?.phone).toBe('13800000004');
    await aMinuteLater();
    const retry = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13966665555&ticket=${ticket}`, {
      token,
    });
    expect(retry.body.message).toBe('本次验证已用于另一个新手机号，请重新验证原手机号');
  });

  it('one ticket texts one new phone: a second number is refused and gets no code', async () => {
    const { token, ticket } = await readyToChange('13977778888');
    await aMinuteLater();
    for (const phone of ['13966665555', '13955554444']) {
      const res = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=${phone}&ticket=${ticket}`, {
        token,
      });
      expect(res.body).toEqual({
        code: 400,
        message: '本次验证已用于另一个新手机号，请重新验证原手机号',
        data: null,
      });
      expect(ctx.sms.lastCode(phone)).toBeUndefined();
    }
    const other = await api(ctx.app, 'POST', '/api/changePhone', {
      token,
      body: { phone: '13966665555', verify_code: '123456', ticket },
    });
    expect(other.body.message).toBe('请先验证原手机号');
  });

  it('one ticket sends its new phone at most 3 codes', async () => {
    const { token, ticket } = await readyToChange('13977778888');
    const send = () =>
      api(ctx.app, 'GET', `/api/changePhone/sms?phone=13977778888&ticket=${ticket}`, { token });
    // A minute later for the codes and the ticket alike (the ticket's sends are those since it was issued).
    const later = async () => {
      await aMinuteLater();
      await ctx.database.db.execute(
        sql`update verification_tickets set created_at = created_at - interval '61 seconds'`,
      );
    };
    for (let i = 0; i < 2; i++) {
      await later();
      expect((await send()).body.code).toBe(200);
    }
    await later();
    expect((await send()).body).toEqual({
      code: 429,
      message: '验证码已发送3次，请重新验证原手机号',
      data: null,
    });
    expect(ctx.sms.sent.filter((m) => m.phone === '13977778888')).toHaveLength(3);
  });

  it('asking a code for a registered phone spends the ticket on it: probing numbers costs an old-phone check each', async () => {
    const { token } = await login(ctx.app, 'kaoping');
    const ticket = await ticketOf(token, '13800000004');
    const taken = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13800000001&ticket=${ticket}`, {
      token,
    });
    expect(taken.body.message).toBe('该手机号已被其他账号使用');
    const next = await api(ctx.app, 'GET', `/api/changePhone/sms?phone=13800000002&ticket=${ticket}`, {
      token,
    });
    expect(next.body.message).toBe('本次验证已用于另一个新手机号，请重新验证原手机号');
  });

  it('a phone change racing an administrator who adds that phone: one account gets it, the other 400', async () => {
    const { token, ticket, code } = await readyToChange();
    const admin = await login(ctx.app, 'qiye');
    const [changed, added] = await Promise.all([
      api(ctx.app, 'POST', '/api/changePhone', {
        token,
        body: { phone: '13977778888', verify_code: code, ticket },
      }),
      api(ctx.app, 'POST', '/api/companies/members', {
        token: admin.token,
        body: { name: '抢先者', phone: '13977778888' },
      }),
    ]);
    expect([changed.status, added.status].sort()).toEqual([200, 400]);
    const loser = changed.status === 400 ? changed : added;
    expect([
      '该手机号已被其他账号使用',
      '该手机号的用户已加入其他企业',
      '该手机号已注册为非企业端账号，不能直接添加为成员',
    ]).toContain(loser.body.message);
    const holders = await ctx.database.db.execute(sql`select name from users where phone = '13977778888'`);
    expect((holders as unknown as { rows: unknown[] }).rows).toHaveLength(1);
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
