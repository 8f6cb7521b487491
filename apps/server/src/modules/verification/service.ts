import { createHash, randomInt } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MS,
  SMS_MAX_WRONG_TRIES,
  SMS_RESEND_INTERVAL_MS,
} from '@skill-cert/shared/constants';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { smsCodes } from './tables.ts';

export type SmsPurpose = 'login' | 'register' | 'resetPassword' | 'changePhone' | 'newAdmin';

const purposeText: Record<SmsPurpose, string> = {
  login: '登录',
  register: '注册',
  resetPassword: '重置密码',
  changePhone: '更换手机号',
  newAdmin: '变更管理员',
};

const hashCode = (phone: string, purpose: string, code: string) =>
  createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

/** Sends a 6-digit code valid 5 minutes; at most one send per phone per 60 s. */
export async function sendCode(
  db: DbOrTx,
  sms: SmsProvider,
  phone: string,
  purpose: SmsPurpose,
): Promise<void> {
  const [last] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const waitMs = last ? last.createdAt.getTime() + SMS_RESEND_INTERVAL_MS - Date.now() : 0;
  if (waitMs > 0) throw tooManyRequests(`验证码发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`);
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await db.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: hashCode(phone, purpose, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
  });
  const minutes = SMS_CODE_TTL_MS / 60_000;
  await sms.send({
    phone,
    purpose,
    code,
    text: `您的${purposeText[purpose]}验证码为 ${code}，${minutes}分钟内有效，请勿泄露给他人。`,
  });
}

/** Checks and consumes the latest code; a code is void after 5 wrong tries. Throws a 400 with the reason. */
export async function consumeCode(
  db: DbOrTx,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<void> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) throw badRequest('验证码错误或未获取，请先获取验证码');
  if (row.wrongTries >= SMS_MAX_WRONG_TRIES) throw badRequest('验证码错误次数过多，请重新获取');
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest('验证码已过期，请重新获取');
  if (row.codeHash !== hashCode(phone, purpose, code)) {
    const [updated] = await db
      .update(smsCodes)
      .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
      .where(eq(smsCodes.id, row.id))
      .returning({ wrongTries: smsCodes.wrongTries });
    if (updated.wrongTries >= SMS_MAX_WRONG_TRIES) throw badRequest('验证码错误次数过多，请重新获取');
    throw badRequest('验证码错误');
  }
  // Conditional update: of two requests racing with the same code, only one consumes it.
  const consumed = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (consumed.length === 0) throw badRequest('验证码已使用，请重新获取');
}
