import { envelope, noData } from '@skill-cert/shared/envelope';
import { changePhoneBody, changePhoneSmsQuery, checkOldPhoneBody } from '@skill-cert/shared/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import {
  codesSentSinceTicket,
  consumeCode,
  issueTicket,
  isTicketValid,
  liveTicketBinding,
  rebindTicket,
  sendCode,
  spendTicket,
  type TicketBinding,
  voidTickets,
} from '../verification/service.ts';
import { changePhone, findUserByPhone } from './service.ts';

const TICKET_MS = 10 * 60_000;
const NEED_OLD_PHONE = '请先验证原手机号';
const PHONE_TAKEN = '该手机号已被其他账号使用';
const ONE_NEW_PHONE = '本次验证已用于另一个新手机号，请重新验证原手机号';
/** Codes one ticket may send to its new phone (each void after 5 wrong tries). */
const TICKET_MAX_SENDS = 3;

/**
 * Changing the bound phone (spec §7): a code to the current phone (GET /api/changePhone/sms), checked by
 * POST /api/changePhone/checkSms, which answers a ticket (10 minutes, single-use, bound to the user and the
 * phone checked); then a code to the new phone (GET /api/changePhone/sms?phone=&ticket=) and POST /api/changePhone.
 * The ticket is bound to the first new phone it asks a code for and sends it at most 3 codes: one check of the
 * old phone texts one new phone, a few times (one ticket had texted 25 unrelated numbers).
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const binding = (user: { id: string; phone: string }): TicketBinding => ({
    userId: user.id,
    purpose: 'changePhone',
    phone: user.phone,
  });
  const boundTo = (user: { id: string }, phone: string): TicketBinding => ({
    userId: user.id,
    purpose: 'changePhoneTo',
    phone,
  });

  app.get(
    '/api/changePhone/sms',
    {
      config: { access: SIGNED_IN },
      onRequest: app.smsAddressLimit,
      schema: { response: { 200: noData }, querystring: changePhoneSmsQuery },
    },
    async (req) => {
      const user = req.auth.user;
      const { phone, ticket } = req.query;
      if (!phone) {
        await sendCode(db, app, user.phone, 'changePhone');
        return ok(null, '验证码已发送至原手机号');
      }
      const live = ticket ? await liveTicketBinding(db, ticket, user.id) : null;
      const fresh = live?.purpose === 'changePhone' && live.phone === user.phone;
      if (!ticket || !(fresh || live?.purpose === 'changePhoneTo')) throw badRequest(NEED_OLD_PHONE);
      if (phone === user.phone) throw badRequest('新手机号不能与原手机号相同');
      if (!fresh && live?.phone !== phone) throw badRequest(ONE_NEW_PHONE);
      // The first new phone asked for binds the ticket, whether or not it can be used: probing which phones
      // are registered costs a check of the old phone each.
      if (fresh && !(await rebindTicket(db, ticket, binding(user), boundTo(user, phone))))
        throw badRequest(ONE_NEW_PHONE);
      if (await findUserByPhone(db, phone)) throw badRequest(PHONE_TAKEN);
      if ((await codesSentSinceTicket(db, ticket, phone, 'changePhone')) >= TICKET_MAX_SENDS)
        throw tooManyRequests(`验证码已发送${TICKET_MAX_SENDS}次，请重新验证原手机号`);
      await sendCode(db, app, phone, 'changePhone');
      return ok(null, '验证码已发送至新手机号');
    },
  );

  app.post(
    '/api/changePhone/checkSms',
    {
      config: { access: SIGNED_IN },
      schema: { response: { 200: envelope(z.object({ ticket: z.string() })) }, body: checkOldPhoneBody },
    },
    async (req) => {
      const user = req.auth.user;
      await consumeCode(db, user.phone, 'changePhone', req.body.verify_code);
      return ok({ ticket: await issueTicket(db, binding(user), TICKET_MS) }, '原手机号验证成功');
    },
  );

  app.post(
    '/api/changePhone',
    {
      config: { access: SIGNED_IN },
      schema: { response: { 200: envelope(z.object({ phone: z.string() })) }, body: changePhoneBody },
    },
    async (req) => {
      const user = req.auth.user;
      const bound = boundTo(user, req.body.phone);
      if (!(await isTicketValid(db, req.body.ticket, bound))) throw badRequest(NEED_OLD_PHONE);
      await consumeCode(db, req.body.phone, 'changePhone', req.body.verify_code);
      // The ticket is spent with the change: a failed change leaves it usable, a done one cannot be replayed.
      await db.transaction(async (tx) => {
        if (!(await spendTicket(tx, req.body.ticket, bound))) throw badRequest(NEED_OLD_PHONE);
        if (!(await changePhone(tx, user.id, req.body.phone))) throw badRequest(PHONE_TAKEN);
        // Other checks of the old phone end with the change: they vouched for a phone the account no longer has.
        await voidTickets(tx, user.id, ['changePhone', 'changePhoneTo']);
      });
      return ok({ phone: req.body.phone }, '手机号已更换');
    },
  );
};
