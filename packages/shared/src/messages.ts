import { z } from 'zod';
import { paged } from './pagination.ts';

export { TemplateKey, type TemplateKeyValue } from './template-keys.ts';

/** One message of the message centre (spec §3 Message). */
export const message = z.object({
  _id: z.string(),
  message_category_name: z.string(),
  create_time_str: z.string(),
  content: z.string(),
  /** 0 unread, 1 read. */
  whether_read: z.literal([0, 1]),
  /** A downloadable file: GET it (signed in) for `data.url`. */
  url: z.string().nullable(),
  data: z.object({ _id: z.string().nullable(), template_key: z.string().nullable() }),
});
export type Message = z.infer<typeof message>;

export const messagePage = paged(message);
export type MessagePage = z.infer<typeof messagePage>;

export const unreadMessages = z.object({ list: z.array(message), count: z.number() });
export type UnreadMessages = z.infer<typeof unreadMessages>;

/** How many messages (or, for a notice, users) an action touched. */
export const affectedCount = z.object({ count: z.number() });
export type AffectedCount = z.infer<typeof affectedCount>;

/** `GET /api/message/{id}/file`: where the message's file downloads. */
export const messageFile = z.object({ url: z.string() });
export type MessageFile = z.infer<typeof messageFile>;

export const messageListQuery = z.object({
  whether_read: z
    .union([z.literal('0'), z.literal('1'), z.literal(''), z.literal(0), z.literal(1)], {
      error: '已读状态只能是 0 或 1',
    })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (Number(v) as 0 | 1))),
  page: z.coerce
    .number({ error: '页码应为正整数' })
    .int('页码应为正整数')
    .min(1, '页码应为正整数')
    .default(1),
  per_page: z.coerce
    .number({ error: '每页条数应为1-50的整数' })
    .int('每页条数应为1-50的整数')
    .min(1, '每页条数应为1-50的整数')
    .max(50, '每页条数应为1-50的整数')
    .default(10),
});

export const messageIdsBody = z.object({
  ids: z
    .array(z.string().uuid('消息不存在'), { error: 'ids 应为消息编号列表' })
    .max(1000, '一次最多处理1000条消息')
    .default([]),
});

/** A notice the platform sends (category 系统通知). */
export const noticeBody = z
  .object({
    target: z.enum(['user', 'company', 'all'], { error: '请选择发送对象' }),
    user_id: z.string().uuid('用户不存在').optional(),
    company_id: z.string().uuid('企业不存在').optional(),
    content: z
      .string({ error: '请输入通知内容' })
      .trim()
      .min(1, '请输入通知内容')
      .max(1000, '通知内容不能超过1000个字符'),
  })
  .superRefine((b, ctx) => {
    if (b.target === 'user' && !b.user_id)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: '请选择用户' });
    if (b.target === 'company' && !b.company_id)
      ctx.addIssue({ code: 'custom', path: ['company_id'], message: '请选择企业' });
  });
export type NoticeBody = z.infer<typeof noticeBody>;

/** WebSocket frames (spec §4 real-time channel). */
export type ServerFrame =
  | { type: 'init'; client_id: string }
  | { type: 'login'; data: { ok: boolean } }
  | { type: 'intervalData'; data: UnreadMessages }
  | { type: 'message'; data: UnreadMessages }
  | { type: 'logout'; data: { reason: string } };
export type ClientFrame = { type: 'login' } | { type: 'intervalData' };
