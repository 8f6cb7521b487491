import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../lib/id.ts';

/** Primary key: UUIDv7 string, time-ordered (DESIGN.md "Data"). */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
export const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());
