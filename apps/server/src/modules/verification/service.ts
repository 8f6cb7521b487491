import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MS,
  SMS_MAX_WRONG_TRIES,
  SMS_RESEND_INTERVAL_MS,
} from '@skill-cert/shared/constants';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { smsCodes, verificationTickets } from './tables.ts';

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

/** What a ticket is bound to: its user, the flow and the phone whose code was checked. */
export interface TicketBinding {
  userId: string;
  purpose: SmsPurpose;
  phone: string;
}

const ticketHash = (token: string) => createHash('sha256').update(`ticket:${token}`).digest('hex');

const liveTicket = (token: string, b: TicketBinding, now: Date) =>
  and(
    eq(verificationTickets.tokenHash, ticketHash(token)),
    eq(verificationTickets.userId, b.userId),
    eq(verificationTickets.purpose, b.purpose),
    eq(verificationTickets.phone, b.phone),
    isNull(verificationTickets.usedAt),
    gt(verificationTickets.expiresAt, now),
  );

/** Issues a single-use ticket for the next step of a flow, valid `ttlMs`. */
export async function issueTicket(
  db: DbOrTx,
  b: TicketBinding,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Used and expired tickets are worth nothing: sweep them while issuing.
  await db.delete(verificationTickets).where(lt(verificationTickets.expiresAt, now));
  await db.insert(verificationTickets).values({
    tokenHash: ticketHash(token),
    userId: b.userId,
    purpose: b.purpose,
    phone: b.phone,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** Whether the ticket is unused, unexpired and bound to exactly this user, flow and phone. */
export async function isTicketValid(db: DbOrTx, token: string, b: TicketBinding, now = new Date()) {
  const [row] = await db
    .select({ hash: verificationTickets.tokenHash })
    .from(verificationTickets)
    .where(liveTicket(token, b, now));
  return Boolean(row);
}

/** Spends the ticket; false when it is not valid (one conditional UPDATE: of two racing uses one wins). */
export async function spendTicket(db: DbOrTx, token: string, b: TicketBinding, now = new Date()) {
  const rows = await db
    .update(verificationTickets)
    .set({ usedAt: now })
    .where(liveTicket(token, b, now))
    .returning({ hash: verificationTickets.tokenHash });
  return rows.length > 0;
}
