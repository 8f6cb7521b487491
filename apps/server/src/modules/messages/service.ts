import type { Message, MessagePage, UnreadMessages } from '@skill-cert/shared/messages';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { unreadChanged } from '../../lib/userEvents.ts';
import { users } from '../users/tables.ts';
import { messages } from './tables.ts';

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
  return db
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
}

/**
 * Stores the message for every user matching `where` (everyone, a company) with INSERT ... SELECT; the
 * rows come back for live delivery (only what differs per row is returned).
 */
export async function insertMessagesWhere(
  db: DbOrTx,
  batchId: string,
  where: SQL | undefined,
  m: NewMessage,
): Promise<MessageRow[]> {
  const result = await db.execute<{ id: string; user_id: string; created_at: string | Date }>(sql`
    insert into ${messages} (id, user_id, batch_id, category_name, content, whether_read, template_key, related_id, file_id, extra)
    select uuid_generate_v7_compat(), ${users.id}, ${batchId}, ${m.category}, ${m.content}, 0, ${m.templateKey ?? null},
      ${m.relatedId ?? null}, ${m.fileId ?? null}, ${m.extra ? JSON.stringify(m.extra) : null}::jsonb
    from ${users} ${where ? sql`where ${where}` : sql``}
    returning id, user_id, created_at`);
  const rows = (result as unknown as { rows: { id: string; user_id: string; created_at: string | Date }[] })
    .rows;
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    batchId,
    categoryName: m.category,
    content: m.content,
    whetherRead: 0,
    templateKey: m.templateKey ?? null,
    relatedId: m.relatedId ?? null,
    fileId: m.fileId ?? null,
    extra: m.extra ?? null,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  }));
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
