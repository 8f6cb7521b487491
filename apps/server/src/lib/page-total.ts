import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of `table` matching `where`, counted: a scalar subquery to select beside a page's rows, so the page
 * and its total are one statement (PostgreSQL runs it once, apart from the rows). `where`'s columns name `table`,
 * which the subquery's own FROM binds.
 */
export const totalOf = (table: PgTable, where: SQL | undefined): SQL<number> =>
  sql<number>`(select count(*)::int from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);
