import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../test/harness.ts';
import { companies } from '../modules/companies/tables.ts';
import { users } from '../modules/users/tables.ts';
import { DUPLICATE_MESSAGE, uniqueViolationMessage } from './errors.ts';

const ctx = useTestApp();

/** The error the database driver (PGlite or PostgreSQL, through drizzle) throws for `write`. */
async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error('the write did not fail');
}

describe('unique violations (23505) become a 400 with a Chinese message', () => {
  it('names the field where the constraint tells it: phone, login name, credit code', async () => {
    const db = ctx.app.db;
    const phone = await failureOf(() => db.insert(users).values({ name: 'someone', phone: '13800000001' }));
    expect(uniqueViolationMessage(phone)).toBe('该手机号已被其他账号使用');
    const name = await failureOf(() => db.insert(users).values({ name: 'qiye', phone: '13911119999' }));
    expect(uniqueViolationMessage(name)).toBe('该名称已被其他账号用作用户名，请加以区分（如 张三2）');
    const code = await failureOf(() =>
      db.insert(companies).values({ name: '重复', creditCode: '91110108MA01DEM200' }),
    );
    expect(uniqueViolationMessage(code)).toBe('该统一社会信用代码已注册，请联系该企业管理员邀请您加入');
  });

  it('answers the general message for another constraint, and nothing for other errors', async () => {
    const invite = await failureOf(() =>
      ctx.app.db.insert(companies).values({ name: '重复邀请码', initiateCode: 'DEMO2026' }),
    );
    expect(uniqueViolationMessage(invite)).toBe(DUPLICATE_MESSAGE);
    expect(DUPLICATE_MESSAGE).toBe('该记录已存在，请勿重复提交');
    const notNull = await failureOf(() =>
      ctx.app.db.insert(users).values({ name: null as unknown as string, phone: '13911119998' }),
    );
    expect(uniqueViolationMessage(notNull)).toBeNull();
    expect(uniqueViolationMessage(new Error('boom'))).toBeNull();
  });
});

describe('a NUL character (U+0000) is a 400 naming the field, never a 500', () => {
  it('in a login name', async () => {
    const res = await api(ctx.app, 'POST', '/api/login', { body: { name: 'qiye\u0000', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: '「name」不能包含空字符', data: null });
  });

  it('in a list keyword, a nested row and a key', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const list = await api(ctx.app, 'GET', '/api/recordApplications?keyword=%00', { token });
    expect(list.body).toEqual({ code: 400, message: '「keyword」不能包含空字符', data: null });
    const nested = await api(ctx.app, 'POST', '/api/recordApplications', {
      token,
      body: { sites: [{ name: '一号\u0000楼' }] },
    });
    expect(nested.body.message).toBe('「sites[0].name」不能包含空字符');
    const key = await api(ctx.app, 'POST', '/api/recordApplications', { token, body: { 'a\u0000': 1 } });
    expect(key.status).toBe(400);
  });
});

describe('every 400 is Chinese, names the field and echoes at most a short excerpt', () => {
  it('a wrong type names the field and the type in Chinese', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'PATCH', `/api/customCertificates/${randomUUID()}/reCreate`, {
      token,
      body: { blanks: [{ name: '姓名', val: true }] },
    });
    expect(res.body).toEqual({ code: 400, message: '「blanks[0].val」应为文本', data: null });
  });

  it('a number past the safe integers names the field and the limit, without "int"', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'GET', '/api/companies/joinRequests?status=1e30', { token });
    expect(res.body).toEqual({ code: 400, message: '「status」不能大于 9007199254740991', data: null });
  });

  it('a value that is not a number names the field, not "期望 数字，实际接收 数字"', async () => {
    const { token } = await login(ctx.app, 'pingtai');
    const res = await api(ctx.app, 'GET', '/api/menus?portal=abc', { token });
    expect(res.body.message).toBe('请选择所属端');
    const bad = await api(ctx.app, 'GET', `/api/files/${randomUUID()}?download=2`, { token });
    expect(bad.body).toEqual({ code: 400, message: '「download」只能是以下之一：0、1', data: null });
  });

  it('a whole part of the wrong shape is named by the part', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', '/api/message/readMany', {
      token,
      body: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.body).toEqual({ code: 400, message: '请求内容应为对象', data: null });
  });

  it('an unknown dictionary name of 100 KB is echoed as a short excerpt', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api(ctx.app, 'POST', '/api/dict', { token, body: { 'params[]': 'x'.repeat(100_000) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`字典不存在：${'x'.repeat(20)}…`);
  });
});

describe('a __proto__ key in a JSON body', () => {
  it('is dropped like any unknown field, not refused as "not valid JSON"', async () => {
    for (const key of ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: `{${key},"name":"qiye","password":"Demo@2026"}`,
      });
      expect(res.json().message).toBe('登录成功');
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    }
  });
});
