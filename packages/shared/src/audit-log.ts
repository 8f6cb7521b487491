import { z } from 'zod';
import { dateParam, keywordParam, optionalParam } from './fields.ts';
import { paged, pageQuery } from './pagination.ts';

/** 审计日志 (platform): every change by a platform or institution user and every sign-in; read-only. */

export const AuditKind = { CHANGE: 1, SIGN_IN: 2 } as const;
export type AuditKindValue = (typeof AuditKind)[keyof typeof AuditKind];
export const auditKindNames: Record<AuditKindValue, string> = { 1: '操作', 2: '登录' };

/** The search of the list and of the export (same filters). */
export const auditLogFilters = z.object({
  /** Who: the user's name, or the account typed at a sign-in. */
  user: keywordParam,
  /** What: part of the action's name or of the route. */
  action: keywordParam,
  kind: optionalParam(
    z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)], { error: '类型只能是 1（操作）或 2（登录）' })),
  ),
  /** 1 成功, 0 失败. */
  result: optionalParam(
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: '结果只能是 1（成功）或 0（失败）' })),
  ),
  start_date: dateParam('开始日期'),
  end_date: dateParam('结束日期'),
});
export type AuditLogFilters = z.infer<typeof auditLogFilters>;
export const auditLogListQuery = auditLogFilters.extend(pageQuery.shape);
export type AuditLogListQuery = z.infer<typeof auditLogListQuery>;

export const auditLogRow = z.object({
  _id: z.string(),
  kind: z.number(),
  kind_text: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  account: z.string().nullable(),
  portal_text: z.string().nullable(),
  company_name: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  target_id: z.string().nullable(),
  ip: z.string(),
  status: z.number(),
  success: z.boolean(),
  create_time_str: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;
export const auditLogPage = paged(auditLogRow);

/** One row with what it changed: `before` the row as it was (where known), `after` the request (secrets masked). */
export const auditLogDetail = auditLogRow.extend({ before: z.unknown(), after: z.unknown() });
export type AuditLogDetail = z.infer<typeof auditLogDetail>;

/** What a masked secret reads as in `after`. */
export const MASKED = '******';
