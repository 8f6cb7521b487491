import { boolean, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';

/**
 * 审计日志: every change by a platform or institution user and every sign-in, append-only (a trigger refuses UPDATE
 * and DELETE, migration 0029). No foreign keys: a row outlives the user and company it names (their names are kept).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    createdAt: createdAt(),
    /** 1 a change, 2 a sign-in. */
    kind: smallint('kind').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    /** The role type active when the change was made (sign-ins: null). */
    portal: integer('portal'),
    companyId: uuid('company_id'),
    companyName: text('company_name'),
    /** The account typed at a sign-in (name or phone). */
    account: text('account'),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
    status: integer('status').notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [
    index('audit_log_time_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
