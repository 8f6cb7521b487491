import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests sent with an `Idempotency-Key` (plugins/idempotency.ts): one row per caller and key, holding the first
 * request's fingerprint and, once it has answered, its status and JSON answer; `status_code` null while it runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` for a signed-in caller, `client:<address>` otherwise. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path with its query and the body. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
