import { changePhoneBody, changePhoneSmsQuery, checkOldPhoneBody } from '@skill-cert/shared/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { signJwt, verifyJwt } from '../../lib/jwt.ts';
import { consumeCode, sendCode } from '../verification/service.ts';
import { changePhone, findUserByPhone } from './service.ts';

const TICKET_SECONDS = 10 * 60;
const TICKET_KIND = 'changePhone';

/**
 * Changing the bound phone (spec §7): a code to the current phone (GET /api/changePhone/sms), checked by
 * POST /api/changePhone/checkSms, which answers a 10-minute ticket; then a code to the new phone
 * (GET /api/changePhone/sms?phone=&ticket=) and POST /api/changePhone.
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sms } = app;
  const secret = app.config.jwtSecret;
  const ticketFor = (userId: string) => signJwt({ sub: userId, sid: TICKET_KIND }, secret, TICKET_SECONDS);
  const assertTicket = (ticket: string | undefined, userId: string) => {
    const claims = ticket ? verifyJwt(ticket, secret) : null;
    if (!claims || claims.sub !== userId || claims.sid !== TICKET_KIND) throw badRequest('请先验证原手机号');
  };

  app.get('/api/changePhone/sms', { schema: { querystring: changePhoneSmsQuery } }, async (req) => {
    const user = req.auth.user;
    if (!req.query.phone) {
      await sendCode(db, sms, user.phone, 'changePhone');
      return ok(null, '验证码已发送至原手机号');
    }
    assertTicket(req.query.ticket, user.id);
    if (req.query.phone === user.phone) throw badRequest('新手机号不能与原手机号相同');
    if (await findUserByPhone(db, req.query.phone)) throw badRequest('该手机号已被其他账号使用');
    await sendCode(db, sms, req.query.phone, 'changePhone');
    return ok(null, '验证码已发送至新手机号');
  });

  app.post('/api/changePhone/checkSms', { schema: { body: checkOldPhoneBody } }, async (req) => {
    await consumeCode(db, req.auth.user.phone, 'changePhone', req.body.verify_code);
    return ok({ ticket: ticketFor(req.auth.userId) }, '原手机号验证成功');
  });

  app.post('/api/changePhone', { schema: { body: changePhoneBody } }, async (req) => {
    assertTicket(req.body.ticket, req.auth.userId);
    await consumeCode(db, req.body.phone, 'changePhone', req.body.verify_code);
    if (!(await changePhone(db, req.auth.userId, req.body.phone)))
      throw badRequest('该手机号已被其他账号使用');
    return ok({ phone: req.body.phone }, '手机号已更换');
  });
};
