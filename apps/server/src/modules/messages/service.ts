import { createHash } from 'node:crypto';
import type { Message, MessagePage, UnreadMessages } from '@skill-cert/shared/messages';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { messagesStored, unreadChanged } from '../../lib/user-events.ts';
import { allUserIds, userIdsOf } from '../users/service.ts';
import { messageSends, messages } from './tables.ts';

export type MessageRow = typeof messages.$inferSelect;

/** How many unread messages `unreadMessage` and live pushes carry along with the count. */
export const UNREAD_LIST_SIZE = 10;

export const messageFilePath = (id: string) => `/api/message/${id}/file`;

export function toMessage(m: MessageRow): Message {
  return {
    _id: m.id,
    message_category_name: m.categoryName,
    create_time_str: formatDateTime(m.createdAt),
    content: m.content,
    whether_read: m.whetherRead ? 1 : 0,
    url: m.fileId ? messageFilePath(m.id) : null,
    data: { _id: m.relatedId, template_key: m.templateKey },
  };
}

export interface NewMessage {
  category: string;
  content: string;
  templateKey?: string | null;
  relatedId?: string | null;
  fileId?: string | null;
  extra?: Record<string, unknown>;
}

/** Stores one message for each user in one statement; all rows share `batchId`. */
export async function insertMessages(
  db: DbOrTx,
  batchId: string,
  userIds: string[],
  m: NewMessage,
): Promise<MessageRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(messages)
    .values(
      userIds.map((userId) => ({
        userId,
        batchId,
        categoryName: m.category,
        content: m.content,
        templateKey: m.templateKey ?? null,
        relatedId: m.relatedId ?? null,
        fileId: m.fileId ?? null,
        extra: m.extra ?? null,
      })),
    )
    .returning();
  messagesStored(...userIds);
  return rows;
}

/**
 * The id of `userId`'s row of a send to many: the send's 48-bit time, then bits of a hash of the send and
 * the user (UUIDv7 layout). The live push and the stored row, even one written at a later start, agree.
 */
export function derivedMessageId(sendId: string, userId: string): string {
  const bytes = createHash('sha256').update(sendId).update(userId).digest().subarray(0, 16);
  Buffer.from(sendId.replaceAll('-', '').slice(0, 12), 'hex').copy(bytes, 0);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type SendRow = typeof messageSends.$inferSelect;
const sendMessage = (send: SendRow): NewMessage => ({
  category: send.categoryName,
  content: send.content,
  templateKey: send.templateKey,
  relatedId: send.relatedId,
  fileId: send.fileId,
  extra: send.extra ?? undefined,
});

/** Records a send to a company's users (or everyone, `companyId` null) before anyone is told. */
export async function recordSend(
  db: DbOrTx,
  sendId: string,
  companyId: string | null,
  m: NewMessage,
  createdAt: Date,
): Promise<SendRow> {
  const [send] = await db
    .insert(messageSends)
    .values({
      id: sendId,
      companyId,
      categoryName: m.category,
      content: m.content,
      templateKey: m.templateKey ?? null,
      relatedId: m.relatedId ?? null,
      fileId: m.fileId ?? null,
      extra: m.extra ?? null,
      createdAt,
    })
    .returning();
  return send;
}

/** The rows a send makes, one per recipient (the company's users, or everyone), with derived ids. */
export async function rowsOfSend(db: DbOrTx, send: SendRow): Promise<MessageRow[]> {
  const recipients = await userIdsOf(db, send.companyId);
  const m = sendMessage(send);
  return recipients.map((userId) => ({
    id: derivedMessageId(send.id, userId),
    userId,
    batchId: send.id,
    categoryName: m.category,
    content: m.content,
    whetherRead: 0,
    templateKey: m.templateKey ?? null,
    relatedId: m.relatedId ?? null,
    fileId: m.fileId ?? null,
    extra: m.extra ?? null,
    createdAt: send.createdAt,
  }));
}

/**
 * Writes a send's rows in one statement and marks the send done, in one transaction. Idempotent: rows
 * already there are kept, users deleted meanwhile are skipped.
 */
export async function storeSendRows(db: DbOrTx, send: SendRow, rows: MessageRow[]): Promise<void> {
  const list = (values: string[]) => `{${values.join(',')}}`;
  await db.transaction(async (tx) => {
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into ${messages} (id, user_id, batch_id, category_name, content, whether_read, template_key,
          related_id, file_id, extra, created_at)
        select t.id, t.user_id, ${send.id}, ${send.categoryName}, ${send.content}, 0, ${send.templateKey},
          ${send.relatedId}, ${send.fileId}, ${send.extra ? JSON.stringify(send.extra) : null}::jsonb,
          ${send.createdAt.toISOString()}::timestamptz
        from unnest(${list(rows.map((r) => r.id))}::uuid[], ${list(rows.map((r) => r.userId))}::uuid[])
          as t(id, user_id)
        where t.user_id in (${allUserIds(tx)})
        on conflict (id) do nothing`);
    }
    await tx.update(messageSends).set({ doneAt: new Date() }).where(eq(messageSends.id, send.id));
    messagesStored(...rows.map((r) => r.userId));
  });
}

/** Completes sends a stopped process recorded but did not finish writing (run at start). */
export async function completePendingSends(db: DbOrTx): Promise<number> {
  const pending = await db.select().from(messageSends).where(isNull(messageSends.doneAt));
  for (const send of pending) await storeSendRows(db, send, await rowsOfSend(db, send));
  return pending.length;
}

/** The rows of one send, for the users given (live delivery to the sockets of this instance). */
export async function batchMessages(db: DbOrTx, batchId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.batchId, batchId));
}

export async function listMessages(
  db: DbOrTx,
  userId: string,
  q: { whether_read?: 0 | 1; page: number; per_page: number },
): Promise<MessagePage> {
  const where = and(
    eq(messages.userId, userId),
    q.whether_read === undefined ? undefined : eq(messages.whetherRead, q.whether_read),
  );
  const [{ n }] = await db.select({ n: count() }).from(messages).where(where);
  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    list: rows.map(toMessage),
    meta: {
      count: n,
      total: n,
      page: q.page,
      per_page: q.per_page,
      last_page: Math.max(1, Math.ceil(n / q.per_page)),
    },
  };
}

export async function unreadMessages(db: DbOrTx, userId: string): Promise<UnreadMessages> {
  const where = and(eq(messages.userId, userId), eq(messages.whetherRead, 0));
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(messages).where(where),
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(UNREAD_LIST_SIZE),
  ]);
  return { list: rows.map(toMessage), count: n };
}

/** Unread counts of the given users (0 for a user without unread messages). */
export async function unreadCountsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: messages.userId, n: count() })
    .from(messages)
    .where(and(inArray(messages.userId, userIds), eq(messages.whetherRead, 0)))
    .groupBy(messages.userId);
  for (const r of rows) counts.set(r.userId, r.n);
  return counts;
}

/** Marks the user's messages read: the given ids, or all when none are given. Other users' ids are ignored. */
export async function markRead(db: DbOrTx, userId: string, ids: string[]): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ whetherRead: 1 })
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.whetherRead, 0),
        ids.length ? inArray(messages.id, ids) : undefined,
      ),
    )
    .returning({ id: messages.id });
  if (rows.length) unreadChanged(userId);
  return rows.length;
}

/** Deletes the user's messages: the given ids, or all when none are given. Other users' ids are ignored. */
export async function deleteMessages(db: DbOrTx, userId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(messages)
    .where(and(eq(messages.userId, userId), ids.length ? inArray(messages.id, ids) : undefined))
    .returning({ id: messages.id });
  if (rows.length) unreadChanged(userId);
  return rows.length;
}

export async function ownMessage(db: DbOrTx, userId: string, id: string): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, userId)));
  if (!row) throw notFound('消息不存在或已删除');
  return row;
}
