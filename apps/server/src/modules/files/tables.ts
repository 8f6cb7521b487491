import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/** An uploaded file: who uploaded it for which company, and where its content is (by hash). */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's company at upload time, or the company it was given to (`assignToCompany`): its members may read it. */
    companyId: uuid('company_id'),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    originName: text('origin_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/**
 * A signed, single-use upload permission (`GET /api/companies/stsToken`): only the token's hash is kept;
 * `used_at` is set by the one upload that spends it.
 */
export const uploadTokens = pgTable('upload_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
