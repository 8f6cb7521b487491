import { randomBytes } from 'node:crypto';
import type { LoginResult, UserInfo } from '@skill-cert/shared/auth';
import {
  LOGIN_BACKOFF_AFTER_FAILURES_PER_IP,
  LOGIN_BACKOFF_FIRST_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_CODE_TTL_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
} from '@skill-cert/shared/constants';
import { and, count, eq, exists, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import { sessionRevoked, userChanged } from '../../lib/user-events.ts';
import {
  companyActiveSql,
  companyRoleOf,
  companyRoleSql,
  companyTypeSql,
  toCompanyRole,
} from '../companies/service.ts';
import {
  findUserById,
  prepareActiveUserLookup,
  roleTypeIdsOf,
  settleActiveRoleType,
  toUserInfo,
  type UserRow,
} from '../users/service.ts';
import { loginCodes, loginFailures, sessions } from './tables.ts';

export interface TokenSigner {
  ttlMinutes: number;
  sign(userId: string, sessionId: string): Promise<string>;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

const DISABLED_MESSAGE = '账号已被停用，请联系管理员';

/** Opens a session for a user who has proven who they are, and builds the login answer (spec §3). */
export async function issueLogin(
  db: DbOrTx,
  tokens: TokenSigner,
  user: UserRow,
  meta: ClientMeta,
): Promise<LoginResult> {
  if (user.status !== 1) throw new AppError(403, DISABLED_MESSAGE);
  await settleActiveRoleType(db, user);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      expiresAt: new Date(Date.now() + tokens.ttlMinutes * 60_000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return loginResult(db, tokens, user.id, session.id);
}

async function loginResult(
  db: DbOrTx,
  tokens: TokenSigner,
  userId: string,
  sessionId: string,
): Promise<LoginResult> {
  const info = await currentUserInfo(db, userId);
  if (!info) throw new AppError(401, '您已退出，请重新登录!');
  const token = await tokens.sign(userId, sessionId);
  return { ...info, token, token_type: 'Bearer', access_token: token, expires_in: tokens.ttlMinutes };
}

/** `GET /api/user` and the login answer's user: role types held and the company role (spec §3). */
export async function currentUserInfo(db: DbOrTx, userId: string): Promise<UserInfo | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return toUserInfo(user, await roleTypeIdsOf(db, userId), await companyRoleOf(db, userId, user.companyId));
}

export interface SessionUser {
  user: UserRow;
  roleTypeIds: number[];
  /** 1 管理员, 2 成员 in `user.companyId`; null without one. */
  companyRole: 1 | 2 | null;
  /** Whether `user.companyId` is active (not frozen); null without a company (or when it is gone). */
  companyActive: boolean | null;
  /** `user.companyId`'s type (1 企业, 2 社会培训评价组织); null without a company. */
  companyType: number | null;
}

/**
 * The user behind a token's session, with the role types held, in one prepared query; nothing when the
 * session is revoked or expired or the user is disabled. Runs on every authenticated request.
 */
export function createSessionLookup(
  db: Db,
): (sessionId: string, userId: string) => Promise<SessionUser | undefined> {
  const query = prepareActiveUserLookup(db, 'auth_session_user', {
    also: (userId) =>
      sql`exists (select 1 from ${sessions} where ${sessions.id} = ${sql.placeholder('sessionId')}
        and ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
    companyRole: companyRoleSql,
    companyActive: companyActiveSql,
    companyType: companyTypeSql,
  });
  return async (sessionId, userId) => {
    const [row] = await query.execute({ sessionId, userId });
    return (
      row && {
        user: row.user,
        roleTypeIds: row.roleTypeIds ?? [],
        companyRole: toCompanyRole(row.companyRole),
        companyActive: row.companyActive ?? null,
        companyType: row.companyType ?? null,
      }
    );
  };
}

/** `GET /api/refresh`: extends the session and signs a new token for it. */
export async function refreshSession(
  db: DbOrTx,
  tokens: TokenSigner,
  userId: string,
  sessionId: string,
): Promise<LoginResult> {
  const user = await findUserById(db, userId);
  if (user?.status !== 1) throw new AppError(401, '您已退出，请重新登录!');
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + tokens.ttlMinutes * 60_000) })
    .where(eq(sessions.id, sessionId));
  return loginResult(db, tokens, userId, sessionId);
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  sessionRevoked(sessionId);
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  userChanged(userId);
}

const LOCKED_MESSAGE = `登录失败次数过多，请${LOGIN_FAILURE_WINDOW_MS / 60_000}分钟后再试`;

/**
 * Before a password is checked, in one read of the recent failures: refuses the attempt once the account has too
 * many, and answers how long an attempt from this address waits: nothing up to
 * LOGIN_BACKOFF_AFTER_FAILURES_PER_IP recent failures, then 0.5 s doubling per further failure, capped. The
 * address is slowed, never refused: behind a proxy without TRUST_PROXY every user shares one address.
 */
export async function loginGate(db: DbOrTx, account: string, ip: string): Promise<{ backoffMs: number }> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const [recent] = await db
    .select({
      byAccount: sql<number>`count(*) filter (where ${loginFailures.account} = ${account})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.createdAt, since),
        or(eq(loginFailures.account, account), eq(loginFailures.ip, ip)),
      ),
    );
  if (recent.byAccount >= LOGIN_MAX_FAILURES_PER_ACCOUNT) throw tooManyRequests(LOCKED_MESSAGE);
  const over = recent.byIp - LOGIN_BACKOFF_AFTER_FAILURES_PER_IP;
  if (over < 0) return { backoffMs: 0 };
  return { backoffMs: Math.min(LOGIN_BACKOFF_FIRST_MS * 2 ** Math.min(over, 20), LOGIN_BACKOFF_MAX_MS) };
}

/**
 * Records a failed password and answers what to tell the user: from the third failure in the window on,
 * how many tries are left before the account is locked, then that it is locked.
 */
export async function recordLoginFailure(db: DbOrTx, account: string, ip: string): Promise<string> {
  await db.insert(loginFailures).values({ account, ip });
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const [failed] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.createdAt, since)));
  const left = LOGIN_MAX_FAILURES_PER_ACCOUNT - failed.n;
  if (left <= 0) return `用户名或密码错误，${LOCKED_MESSAGE}`;
  if (failed.n >= 3) return `用户名或密码错误，还可尝试${left}次`;
  return '用户名或密码错误';
}

/**
 * The key failures count under: the account, whichever name or phone was typed for it (five wrong
 * passwords as qiye and five more as its phone were ten tries); an unknown name counts as typed.
 */
export const loginFailureKey = (typed: string, user: { id: string } | null | undefined): string =>
  user ? `user:${user.id}` : `name:${typed.trim().toLowerCase()}`;

export async function clearLoginFailures(db: DbOrTx, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}

/** A single-use code that `/auth-redirect?code=` exchanges for a session within 5 minutes. */
export async function createLoginCode(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<{ code: string; expires_in: number }> {
  const code = randomBytes(24).toString('base64url');
  await db
    .insert(loginCodes)
    .values({ code, userId, sessionId, expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS) });
  return { code, expires_in: LOGIN_CODE_TTL_MS / 1000 };
}

/**
 * Consumes a login code; returns its user. Used, expired and unknown codes are refused alike, and so is a code
 * whose issuing session was revoked since (logout, a password change or reset): ending a session ends its codes.
 */
export async function consumeLoginCode(db: DbOrTx, code: string): Promise<UserRow> {
  const liveSession = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, loginCodes.sessionId), isNull(sessions.revokedAt)));
  const [row] = await db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(loginCodes.code, code),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, new Date()),
        exists(liveSession),
      ),
    )
    .returning({ userId: loginCodes.userId });
  const user = row && (await findUserById(db, row.userId));
  if (!user) throw badRequest('登录码无效或已过期，请重新登录');
  return user;
}
