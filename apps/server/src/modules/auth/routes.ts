import { setTimeout as sleep } from 'node:timers/promises';
import {
  changePasswordBody,
  loginCodeBody,
  loginCodeIssued,
  loginResult,
  passwordLoginBody,
  phoneLoginBody,
  registerBody,
  resetPasswordBody,
  smsRequestBody,
} from '@skill-cert/shared/auth';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import {
  createUser,
  findUserByAccount,
  findUserById,
  findUserByPhone,
  isNameTaken,
  setPassword,
  verifyPassword,
} from '../users/service.ts';
import { consumeCode, sendCode } from '../verification/service.ts';
import {
  clearLoginFailures,
  consumeLoginCode,
  createLoginCode,
  issueLogin,
  loginFailureKey,
  loginGate,
  recordLoginFailure,
  refreshSession,
  revokeAllSessions,
  revokeSession,
} from './service.ts';

const publicRoute = { public: true };
/** A code that was never texted (an unregistered phone) is refused as a wrong one. */
const WRONG_CODE = '验证码错误';
export const NO_PASSWORD_MESSAGE = '您尚未设置密码，请通过“忘记密码”设置';

/** Login, registration, password and session endpoints (spec §7 "Auth and user"). */
export const authRoutes: FastifyPluginAsyncZod<{ wait?: (ms: number) => Promise<void> }> = async (
  app,
  opts,
) => {
  const wait = opts.wait ?? ((ms: number) => sleep(ms));
  const { db, tokens } = app;
  // SMS sends share one per-address budget (all SMS routes), on top of the 60 s per phone rule.
  const smsRoute = { config: publicRoute, onRequest: app.smsAddressLimit };
  // An answer with a token is never kept for a repeated Idempotency-Key (plugins/idempotency.ts): a repeat signs in anew.
  const signIn = { ...publicRoute, idempotency: false as const };
  const meta = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });

  app.post(
    '/api/login',
    {
      config: { ...signIn, audit: { label: '密码登录', signIn: (b) => String(b.name ?? '') } },
      schema: { response: { 200: envelope(loginResult) }, body: passwordLoginBody },
    },
    async (req) => {
      const { name, password } = req.body;
      const user = await findUserByAccount(db, name);
      if (user) req.auditSubject = { id: user.id, name: user.name };
      const key = loginFailureKey(name, user);
      // Many failures from this address slow every attempt from it down; a correct password still signs in.
      const { backoffMs } = await loginGate(db, key, req.ip);
      if (backoffMs > 0) await wait(backoffMs);
      // Checked for an unknown account too (against a stand-in hash): it answers as slowly as a wrong password.
      const matches = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !matches) throw badRequest(await recordLoginFailure(db, key, req.ip));
      await clearLoginFailures(db, key);
      return ok(await issueLogin(db, tokens, user, meta(req)), '登录成功');
    },
  );

  // The public SMS answers are the same for registered and unregistered phones (docs/decisions.md): login and
  // reset record a code for an unregistered phone without texting it, and their next step refuses it as a
  // wrong code; registration texts the code either way and says the phone is taken only after it is checked.
  app.post(
    '/api/phone/login/sms',
    { ...smsRoute, schema: { response: { 200: noData }, body: smsRequestBody } },
    async (req) => {
      const registered = Boolean(await findUserByPhone(db, req.body.phone));
      await sendCode(db, app, req.body.phone, 'login', { deliver: registered });
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/api/phone/login',
    {
      config: { ...signIn, audit: { label: '短信验证码登录', signIn: (b) => String(b.phone ?? '') } },
      schema: { response: { 200: envelope(loginResult) }, body: phoneLoginBody },
    },
    async (req) => {
      const { phone, verify_code } = req.body;
      const user = await findUserByPhone(db, phone);
      if (user) req.auditSubject = { id: user.id, name: user.name };
      await consumeCode(db, phone, 'login', verify_code);
      if (!user) throw badRequest(WRONG_CODE);
      return ok(await issueLogin(db, tokens, user, meta(req)), '登录成功');
    },
  );

  app.post(
    '/api/register/sms',
    { ...smsRoute, schema: { response: { 200: noData }, body: smsRequestBody } },
    async (req) => {
      await sendCode(db, app, req.body.phone, 'register');
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/api/register',
    { config: signIn, schema: { response: { 200: envelope(loginResult) }, body: registerBody } },
    async (req) => {
      const { name, phone, email, password, verify_code } = req.body;
      if (await isNameTaken(db, name)) throw badRequest('用户名已被使用');
      await consumeCode(db, phone, 'register', verify_code);
      // Only the phone's owner, who has its code, learns that it is registered.
      if (await findUserByPhone(db, phone)) throw badRequest('该手机号已注册，请直接登录');
      // A new account is an enterprise user without a company: it lands on /join.
      const user = await createUser(db, { name, phone, email, password, roleTypeIds: [RoleType.ENTERPRISE] });
      return ok(await issueLogin(db, tokens, user, meta(req)), '注册成功');
    },
  );

  app.post(
    '/api/resetPassword/sms',
    { ...smsRoute, schema: { response: { 200: noData }, body: smsRequestBody } },
    async (req) => {
      const registered = Boolean(await findUserByPhone(db, req.body.phone));
      await sendCode(db, app, req.body.phone, 'resetPassword', { deliver: registered });
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/api/resetPassword',
    { config: publicRoute, schema: { response: { 200: noData }, body: resetPasswordBody } },
    async (req) => {
      const { phone, verify_code, password } = req.body;
      const user = await findUserByPhone(db, phone);
      await consumeCode(db, phone, 'resetPassword', verify_code);
      if (!user) throw badRequest(WRONG_CODE);
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, password);
        await revokeAllSessions(tx, user.id);
      });
      await clearLoginFailures(db, loginFailureKey(user.name, user));
      return ok(null, '密码已重置，请使用新密码登录');
    },
  );

  app.patch(
    '/api/login',
    { config: { access: SIGNED_IN }, schema: { response: { 200: noData }, body: changePasswordBody } },
    async (req) => {
      const user = await findUserById(db, req.auth.userId);
      // An account added by phone (staff) signs in by SMS code and has no password to check against.
      if (user && !user.passwordHash) throw badRequest(NO_PASSWORD_MESSAGE);
      if (!user || !(await verifyPassword(user.passwordHash, req.body.old_password)))
        throw badRequest('原密码错误');
      if (req.body.old_password === req.body.password) throw badRequest('新密码不能与原密码相同');
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, req.body.password);
        await revokeAllSessions(tx, user.id);
      });
      return ok(null, '密码已修改，请重新登录');
    },
  );

  app.post(
    '/api/loginCode',
    {
      // The code is the secret: no account is typed.
      config: { ...signIn, audit: { label: '登录码登录', signIn: () => '' } },
      schema: { response: { 200: envelope(loginResult) }, body: loginCodeBody },
    },
    async (req) => {
      const user = await consumeLoginCode(db, req.body.code);
      req.auditSubject = { id: user.id, name: user.name };
      return ok(await issueLogin(db, tokens, user, meta(req)), '登录成功');
    },
  );

  // Issues a code for /auth-redirect?code=..., e.g. to open the back-office from another app or browser.
  app.post(
    '/api/loginCode/issue',
    {
      schema: { response: { 200: envelope(loginCodeIssued) } },
      config: { access: SIGNED_IN, idempotency: false },
    },
    async (req) => ok(await createLoginCode(db, req.auth.userId, req.auth.sessionId)),
  );

  app.delete(
    '/api/logout',
    { schema: { response: { 200: noData } }, config: { access: SIGNED_IN } },
    async (req) => {
      await revokeSession(db, req.auth.sessionId);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/api/refresh',
    { schema: { response: { 200: envelope(loginResult) } }, config: { access: SIGNED_IN } },
    async (req) => ok(await refreshSession(db, tokens, req.auth.userId, req.auth.sessionId)),
  );
};
