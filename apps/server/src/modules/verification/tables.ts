import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/** SMS verification codes; only a hash of the code is stored. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: idColumn(),
    phone: text('phone').notNull(),
    /** login, register, resetPassword, changePhone, newAdmin ... */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Proof that a user passed one SMS step, for the next step of the same flow (the phone change's ticket): only
 * the token's hash is kept; bound to the user and the phone that was checked; `used_at` makes it single-use.
 */
export const verificationTickets = pgTable(
  'verification_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_tickets_user_idx').on(t.userId)],
);
