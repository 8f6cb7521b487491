import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
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
