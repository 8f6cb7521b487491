import { envelope, noData } from '@skill-cert/shared/envelope';
import {
  affectedCount,
  messageFile,
  messageIdsBody,
  messageListQuery,
  messagePage,
  noticeBody,
  unreadMessages as unreadMessagesSchema,
} from '@skill-cert/shared/messages';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findUserById } from '../users/service.ts';
import { systemNotice } from './messenger.ts';
import { deleteMessages, listMessages, markRead, ownMessage, unreadMessages } from './service.ts';

const idParams = z.object({ id: z.string().uuid('消息不存在或已删除') });

/** The message centre (spec §7 Messages) and the real-time bind. A user only ever touches their own messages. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/message',
    { schema: { querystring: messageListQuery, response: { 200: envelope(messagePage) } } },
    async (req) => ok(await listMessages(db, req.auth.userId, req.query)),
  );

  app.get(
    '/api/message/unreadMessage',
    { schema: { response: { 200: envelope(unreadMessagesSchema) } } },
    async (req) => ok(await unreadMessages(db, req.auth.userId)),
  );

  app.post(
    '/api/message/readMany',
    { schema: { body: messageIdsBody, response: { 200: envelope(affectedCount) } } },
    async (req) => {
      const n = await markRead(db, req.auth.userId, req.body.ids);
      return ok({ count: n }, req.body.ids.length ? '设为已读成功' : '全部设为已读成功');
    },
  );

  app.post(
    '/api/message/deleteMany',
    { schema: { body: messageIdsBody, response: { 200: envelope(affectedCount) } } },
    async (req) => {
      const n = await deleteMessages(db, req.auth.userId, req.body.ids);
      return ok({ count: n }, req.body.ids.length ? '删除消息成功' : '删除全部消息成功');
    },
  );

  app.delete('/api/message/:id', { schema: { params: idParams, response: { 200: noData } } }, async (req) => {
    if ((await deleteMessages(db, req.auth.userId, [req.params.id])) === 0)
      throw notFound('消息不存在或已删除');
    return ok(null, '删除消息成功');
  });

  // A message's url: answers where its file can be downloaded (spec §7 "GET on a message's file url returns data.url").
  app.get(
    '/api/message/:id/file',
    { schema: { params: idParams, response: { 200: envelope(messageFile) } } },
    async (req) => {
      const message = await ownMessage(db, req.auth.userId, req.params.id);
      if (!message.fileId) throw notFound('该消息没有可下载的文件');
      return ok({ url: `/api/files/${message.fileId}?download=1` });
    },
  );

  app.post(
    '/api/websocket/bindUser',
    {
      schema: {
        body: z.object({ client_id: z.string({ error: '缺少 client_id' }).uuid('client_id 无效') }),
        response: { 200: noData },
      },
    },
    async (req) => {
      await app.realtime.bind(req.body.client_id, req.auth.userId, req.auth.sessionId);
      return ok(null, '绑定成功');
    },
  );

  // The platform sends a notice (系统通知) to one user, one company or everyone.
  app.post(
    '/api/notices',
    {
      preHandler: app.requirePermission(RoleType.PLATFORM, 'system:notice:send'),
      schema: { body: noticeBody, response: { 200: envelope(affectedCount) } },
    },
    async (req) => {
      const { target, user_id, company_id, content } = req.body;
      const message = systemNotice(content);
      let count: number;
      if (target === 'user') {
        if (!(await findUserById(db, user_id!))) throw badRequest('用户不存在');
        count = await app.messenger.toUsers([user_id!], message);
      } else if (target === 'company') {
        count = await app.messenger.toCompany(company_id!, message);
        if (count === 0) throw badRequest('该企业没有可接收通知的用户');
      } else {
        count = await app.messenger.toEveryone(message);
      }
      return ok({ count }, `已发送给 ${count} 位用户`);
    },
  );
};
