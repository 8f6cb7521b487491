import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/** One row per issued token family; logout or a password change revokes it server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes exchanged by /auth-redirect for a session. */
export const loginCodes = pgTable('login_codes', {
  code: text('code').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The session that issued the code: revoking it (logout, password change) voids the code. */
  sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Failed login attempts, counted per account and per client address over a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: idColumn(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);
