import { index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A send to many users (a company, everyone), recorded before anyone is told: the per-user rows are
 * written after the live push, with ids derived from the send and the user, so a send interrupted
 * between the two is completed at the next start with the same ids (`completePendingSends`).
 */
export const messageSends = pgTable('message_sends', {
  id: uuid('id').primaryKey(),
  /** null: everyone; else that company's users. */
  companyId: uuid('company_id'),
  categoryName: text('category_name').notNull(),
  content: text('content').notNull(),
  templateKey: text('template_key'),
  relatedId: text('related_id'),
  fileId: uuid('file_id'),
  extra: jsonb('extra').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});
