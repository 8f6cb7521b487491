import { envelope, noData } from '@skill-cert/shared/envelope';
import type { MessagePage, UnreadMessages } from '@skill-cert/shared/messages';
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
import { UserReadCache } from '../../lib/read-cache.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { onMessagesStored, onUnreadChanged } from '../../lib/user-events.ts';
import { findUserById } from '../users/service.ts';
import { systemNotice } from './messenger.ts';
import { deleteMessages, listMessages, markRead, ownMessage, unreadMessages } from './service.ts';

const idParams = z.object({ id: z.string().uuid('消息不存在或已删除') });

/** The message centre (spec §7 Messages) and the real-time bind. A user only ever touches their own messages. */

/** One's own inbox and socket: nothing an administrator answers for, so not in the audit log. */
const OWN_INBOX = { skip: true } as const;
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // The list pages and the unread messages each user read, kept until that user's messages change.
  const embedded = app.database.kind === 'pglite';
  const lists = new UserReadCache<MessagePage>(embedded);
  const unread = new UserReadCache<UnreadMessages>(embedded);
  const forget = (userId: string) => {
    lists.forget(userId);
    unread.forget(userId);
  };
  const unsubscribe = [onMessagesStored(forget), onUnreadChanged(forget)];
  app.addHook('onClose', async () => {
    for (const u of unsubscribe) u();
  });

  app.get(
    '/api/message',
    {
      config: { access: SIGNED_IN },
      schema: { response: { 200: envelope(messagePage) }, querystring: messageListQuery },
    },
    async (req) => {
      const { userId } = req.auth;
      const q = req.query;
      return ok(
        await lists.get(userId, `${q.whether_read ?? ''}:${q.page}:${q.per_page}`, () =>
          listMessages(db, userId, q),
        ),
      );
    },
  );

  app.get(
    '/api/message/unreadMessage',
    { schema: { response: { 200: envelope(unreadMessagesSchema) } }, config: { access: SIGNED_IN } },
    async (req) => ok(await unread.get(req.auth.userId, '', () => unreadMessages(db, req.auth.userId))),
  );

  app.post(
    '/api/message/readMany',
    {
      config: { access: SIGNED_IN, audit: OWN_INBOX },
      schema: { response: { 200: envelope(affectedCount) }, body: messageIdsBody },
    },
    async (req) => {
      const n = await markRead(db, req.auth.userId, req.body.ids);
      return ok({ count: n }, req.body.ids.length ? '设为已读成功' : '全部设为已读成功');
    },
  );

  app.post(
    '/api/message/deleteMany',
    {
      config: { access: SIGNED_IN, audit: OWN_INBOX },
      schema: { response: { 200: envelope(affectedCount) }, body: messageIdsBody },
    },
    async (req) => {
      const n = await deleteMessages(db, req.auth.userId, req.body.ids);
      return ok({ count: n }, req.body.ids.length ? '删除消息成功' : '删除全部消息成功');
    },
  );

  app.delete(
    '/api/message/:id',
    {
      config: { access: SIGNED_IN, audit: OWN_INBOX },
      schema: { response: { 200: noData }, params: idParams },
    },
    async (req) => {
      if ((await deleteMessages(db, req.auth.userId, [req.params.id])) === 0)
        throw notFound('消息不存在或已删除');
      return ok(null, '删除消息成功');
    },
  );

  // A message's url: answers where its file can be downloaded (spec §7 "GET on a message's file url returns data.url").
  app.get(
    '/api/message/:id/file',
    { config: { access: SIGNED_IN }, schema: { response: { 200: envelope(messageFile) }, params: idParams } },
    async (req) => {
      const message = await ownMessage(db, req.auth.userId, req.params.id);
      if (!message.fileId) throw notFound('该消息没有可下载的文件');
      return ok({ url: `/api/files/${message.fileId}?download=1` });
    },
  );

  app.post(
    '/api/websocket/bindUser',
    {
      config: { access: SIGNED_IN, audit: OWN_INBOX },
      schema: {
        response: { 200: noData },
        body: z.object({ client_id: z.string({ error: '缺少 client_id' }).uuid('client_id 无效') }),
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
      schema: { response: { 200: envelope(affectedCount) }, body: noticeBody },
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
