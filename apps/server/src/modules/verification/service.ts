import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_MS, SMS_MAX_WRONG_TRIES } from '@skill-cert/shared/constants';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
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

/** What sending a code needs of the app: where texts go and how long a phone waits for the next code. */
export interface CodeSender {
  sms: SmsProvider;
  config: Pick<AppConfig, 'smsResendSeconds'>;
}

/**
 * Sends a 6-digit code valid 5 minutes; at most one send per phone per `smsResendSeconds` (60 s unless configured).
 * With `deliver: false` the code is recorded exactly as a sent one (the interval, the wrong tries) but no text goes
 * out: a public flow answers the same for a phone it must not text (login or reset for an unregistered phone) as
 * for one it texts.
 */
export async function sendCode(
  db: DbOrTx,
  { sms, config }: CodeSender,
  phone: string,
  purpose: SmsPurpose,
  { deliver = true }: { deliver?: boolean } = {},
): Promise<void> {
  const [last] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const waitMs = last ? last.createdAt.getTime() + config.smsResendSeconds * 1000 - Date.now() : 0;
  if (waitMs > 0) throw tooManyRequests(`验证码发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`);
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await db.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: hashCode(phone, purpose, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
  });
  if (!deliver) return;
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

/**
 * What a ticket is bound to: its user, the flow and the phone whose code was checked, or, once the flow's next
 * step has chosen one, the phone it goes on with (`rebindTicket`).
 */
export interface TicketBinding {
  userId: string;
  purpose: SmsPurpose | 'changePhoneTo';
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

/** The binding of a user's unused, unexpired ticket; null when it has none. */
export async function liveTicketBinding(
  db: DbOrTx,
  token: string,
  userId: string,
  now = new Date(),
): Promise<TicketBinding | null> {
  const [row] = await db
    .select({ purpose: verificationTickets.purpose, phone: verificationTickets.phone })
    .from(verificationTickets)
    .where(
      and(
        eq(verificationTickets.tokenHash, ticketHash(token)),
        eq(verificationTickets.userId, userId),
        isNull(verificationTickets.usedAt),
        gt(verificationTickets.expiresAt, now),
      ),
    );
  return row ? { userId, purpose: row.purpose as TicketBinding['purpose'], phone: row.phone } : null;
}

/** Whether the ticket is unused, unexpired and bound to exactly this user, flow and phone. */
export async function isTicketValid(db: DbOrTx, token: string, b: TicketBinding, now = new Date()) {
  const [row] = await db
    .select({ hash: verificationTickets.tokenHash })
    .from(verificationTickets)
    .where(liveTicket(token, b, now));
  return Boolean(row);
}

/**
 * Moves a valid ticket from one binding to another (same user), once: the phone change's ticket is bound to the
 * first new phone it asks a code for. False when the ticket is not valid under `from`.
 */
export async function rebindTicket(
  db: DbOrTx,
  token: string,
  from: TicketBinding,
  to: TicketBinding,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(verificationTickets)
    .set({ purpose: to.purpose, phone: to.phone })
    .where(and(liveTicket(token, from, now), eq(verificationTickets.userId, to.userId)))
    .returning({ hash: verificationTickets.tokenHash });
  return rows.length > 0;
}

/** Codes sent to `phone` for `purpose` since the ticket was issued (a ticket's budget of sends). */
export async function codesSentSinceTicket(
  db: DbOrTx,
  token: string,
  phone: string,
  purpose: SmsPurpose,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .innerJoin(verificationTickets, eq(verificationTickets.tokenHash, ticketHash(token)))
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        gte(smsCodes.createdAt, verificationTickets.createdAt),
      ),
    );
  return row?.n ?? 0;
}

/** Voids every unused ticket of a user's flow (a finished phone change ends the others). */
export async function voidTickets(
  db: DbOrTx,
  userId: string,
  purposes: TicketBinding['purpose'][],
): Promise<void> {
  await db
    .delete(verificationTickets)
    .where(and(eq(verificationTickets.userId, userId), inArray(verificationTickets.purpose, purposes)));
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
