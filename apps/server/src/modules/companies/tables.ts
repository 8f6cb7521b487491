import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';

/** A tenant: an enterprise or an institution. The onboarding issue adds its remaining fields. */
export const companies = pgTable('companies', {
  id: idColumn(),
  name: text('name').notNull(),
  creditCode: text('credit_code').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
