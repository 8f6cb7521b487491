import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';

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
