import { envelope, noData } from '@skill-cert/shared/envelope';
import { changePhoneBody, changePhoneSmsQuery, checkOldPhoneBody } from '@skill-cert/shared/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  consumeCode,
  issueTicket,
  isTicketValid,
  sendCode,
  spendTicket,
  type TicketBinding,
} from '../verification/service.ts';
import { changePhone, findUserByPhone } from './service.ts';

const TICKET_MS = 10 * 60_000;
const NEED_OLD_PHONE = '请先验证原手机号';
const PHONE_TAKEN = '该手机号已被其他账号使用';

/**
 * Changing the bound phone (spec §7): a code to the current phone (GET /api/changePhone/sms), checked by
 * POST /api/changePhone/checkSms, which answers a ticket (10 minutes, single-use, bound to the user and the
 * phone checked); then a code to the new phone (GET /api/changePhone/sms?phone=&ticket=) and POST /api/changePhone.
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sms } = app;
  const binding = (user: { id: string; phone: string }): TicketBinding => ({
    userId: user.id,
    purpose: 'changePhone',
    phone: user.phone,
  });

  app.get(
    '/api/changePhone/sms',
    { schema: { querystring: changePhoneSmsQuery, response: { 200: noData } } },
    async (req) => {
      const user = req.auth.user;
      if (!req.query.phone) {
        await sendCode(db, sms, user.phone, 'changePhone');
        return ok(null, '验证码已发送至原手机号');
      }
      if (!req.query.ticket || !(await isTicketValid(db, req.query.ticket, binding(user))))
        throw badRequest(NEED_OLD_PHONE);
      if (req.query.phone === user.phone) throw badRequest('新手机号不能与原手机号相同');
      if (await findUserByPhone(db, req.query.phone)) throw badRequest(PHONE_TAKEN);
      await sendCode(db, sms, req.query.phone, 'changePhone');
      return ok(null, '验证码已发送至新手机号');
    },
  );

  app.post(
    '/api/changePhone/checkSms',
    { schema: { body: checkOldPhoneBody, response: { 200: envelope(z.object({ ticket: z.string() })) } } },
    async (req) => {
      const user = req.auth.user;
      await consumeCode(db, user.phone, 'changePhone', req.body.verify_code);
      return ok({ ticket: await issueTicket(db, binding(user), TICKET_MS) }, '原手机号验证成功');
    },
  );

  app.post(
    '/api/changePhone',
    { schema: { body: changePhoneBody, response: { 200: envelope(z.object({ phone: z.string() })) } } },
    async (req) => {
      const user = req.auth.user;
      if (!(await isTicketValid(db, req.body.ticket, binding(user)))) throw badRequest(NEED_OLD_PHONE);
      await consumeCode(db, req.body.phone, 'changePhone', req.body.verify_code);
      // The ticket is spent with the change: a failed change leaves it usable, a done one cannot be replayed.
      await db.transaction(async (tx) => {
        if (!(await spendTicket(tx, req.body.ticket, binding(user)))) throw badRequest(NEED_OLD_PHONE);
        if (!(await changePhone(tx, user.id, req.body.phone))) throw badRequest(PHONE_TAKEN);
      });
      return ok({ phone: req.body.phone }, '手机号已更换');
    },
  );
};
