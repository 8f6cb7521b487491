import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** 审核中心's settings per kind (shared reviews.ts ReviewKind): a kind without a row has one step. */
export const reviewSettings = pgTable('review_settings', {
  kind: text('kind').primaryKey(),
  /** 初审 / 复审: the final decision needs a second reviewer after a first 通过. */
  twoStep: boolean('two_step').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * The 初审 (first 通过) of an item under two-step review, for the submission it was about (`submitted_at`): a
 * resubmission after a rejection is a new submission, which no earlier 初审 counts for.
 */
export const reviewFirstSteps = pgTable(
  'review_first_steps',
  {
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
