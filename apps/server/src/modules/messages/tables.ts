import { index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/** Messages are per user; background jobs and the platform produce them (spec §3 Message, DOMAIN.md). */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryName: text('category_name').notNull(),
    content: text('content').notNull(),
    whetherRead: smallint('whether_read').notNull().default(0),
    templateKey: text('template_key'),
    /** The related object (certificate batch, evaluation, test plan, ...). */
    relatedId: text('related_id'),
    /** A file the user may download from the message. */
    fileId: uuid('file_id'),
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    /** One send to one or many users: live delivery finds the rows of a send by it. */
    batchId: uuid('batch_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.whetherRead, t.createdAt),
    index('messages_batch_idx').on(t.batchId),
  ],
);
