import type { PassThrough } from 'node:stream';
import {
  type AuditKindValue,
  type AuditLogDetail,
  type AuditLogFilters,
  type AuditLogListQuery,
  type AuditLogRow,
  auditKindNames,
  MASKED,
} from '@skill-cert/shared/audit-log';
import { type Paged, pageMeta } from '@skill-cert/shared/pagination';
import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { addDays, formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { streamTable } from '../certificate-engine/service.ts';
import { auditLog } from './tables.ts';

type AuditRecord = typeof auditLog.$inferSelect;
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt' | 'companyName'>;

/** Field names whose values are secrets: passwords, codes, tokens (never written to the log). */
const SECRET = /(^|_)(password|passwd|pwd|secret|token|captcha)$|^(code|verify_code|sms_code|login_code)$/i;
/** A longer text (an article's body) is cut: the log says what changed, not a second copy of it. */
const TEXT_MAX = 2000;
const DEPTH_MAX = 8;

/** A request body as the log keeps it: secrets masked, long texts cut. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}…` : value;
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth >= DEPTH_MAX) return '…';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET.test(key) && v !== null && v !== '' ? MASKED : maskSecrets(v, depth + 1);
  }
  return out;
}

/** Writes one row; the company's name is read in the same statement, so it stays as it was then. */
export async function writeAudit(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditLog).values({
    ...row,
    companyName: row.companyId ? sql`(select name from companies where id = ${row.companyId})` : null,
  });
}

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

function filterOf(q: AuditLogFilters): SQL | undefined {
  if (q.start_date && q.end_date && q.start_date > q.end_date) throw badRequest('开始日期不能晚于结束日期');
  return and(
    containsAny(q.user, auditLog.userName, auditLog.account),
    containsAny(q.action, auditLog.action, auditLog.route),
    q.kind ? eq(auditLog.kind, q.kind) : undefined,
    q.result === undefined ? undefined : eq(auditLog.success, q.result === 1),
    q.start_date ? gte(auditLog.createdAt, dayStart(q.start_date)) : undefined,
    q.end_date ? lt(auditLog.createdAt, dayStart(addDays(q.end_date, 1))) : undefined,
  );
}

// uuidv7 ids follow time: one key orders the list and pages the export exactly (timestamps lose microseconds in JS).
const order = [desc(auditLog.id)];

function toRow(r: AuditRecord): AuditLogRow {
  return {
    _id: r.id,
    kind: r.kind,
    kind_text: auditKindNames[r.kind as AuditKindValue] ?? '',
    user_id: r.userId,
    user_name: r.userName,
    account: r.account,
    portal_text: r.portal ? (roleTypeNames[r.portal as RoleTypeId] ?? null) : null,
    company_name: r.companyName,
    action: r.action,
    method: r.method,
    route: r.route,
    target_id: r.targetId,
    ip: r.ip,
    status: r.status,
    success: r.success,
    create_time_str: formatDateTime(r.createdAt),
  };
}

/** `GET /api/auditLogs`: newest first. */
export async function listAuditLogs(db: DbOrTx, q: AuditLogListQuery): Promise<Paged<AuditLogRow>> {
  const where = filterOf(q);
  const [{ n }] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: rows.map(toRow), meta: pageMeta(n, q) };
}

/** `GET /api/auditLogs/{id}`: one row with its before and after. */
export async function getAuditLog(db: DbOrTx, id: string): Promise<AuditLogDetail> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  if (!row) throw notFound('审计日志不存在');
  return { ...toRow(row), before: row.before ?? null, after: row.after ?? null };
}

const EXPORT_PAGE = 1000;
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

const COLUMNS: { header: string; width: number; value: (r: AuditRecord) => string }[] = [
  { header: '时间', width: 20, value: (r) => formatDateTime(r.createdAt) },
  { header: '类型', width: 8, value: (r) => auditKindNames[r.kind as AuditKindValue] ?? '' },
  { header: '操作人', width: 14, value: (r) => r.userName ?? '' },
  { header: '登录账号', width: 16, value: (r) => r.account ?? '' },
  {
    header: '所在端',
    width: 10,
    value: (r) => (r.portal ? (roleTypeNames[r.portal as RoleTypeId] ?? '') : ''),
  },
  { header: '所属机构', width: 20, value: (r) => r.companyName ?? '' },
  { header: '操作', width: 16, value: (r) => r.action },
  { header: '请求', width: 36, value: (r) => `${r.method} ${r.route}` },
  { header: '对象 ID', width: 38, value: (r) => r.targetId ?? '' },
  { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
  { header: '状态码', width: 8, value: (r) => String(r.status) },
  { header: 'IP 地址', width: 16, value: (r) => r.ip },
  { header: '变更前', width: 40, value: (r) => json(r.before) },
  { header: '变更后', width: 40, value: (r) => json(r.after) },
];

/** The filtered list as one .xlsx, streamed a page at a time by keyset (the certificate library's way). */
export async function exportAuditLogs(
  db: DbOrTx,
  q: AuditLogFilters,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  const where = filterOf(q);
  const read = (last: AuditRecord | null) =>
    db
      .select()
      .from(auditLog)
      .where(and(where, last ? lt(auditLog.id, last.id) : undefined))
      .orderBy(...order)
      .limit(EXPORT_PAGE);
  const first = await read(null);
  async function* pages() {
    let rows = first;
    for (;;) {
      yield rows.map((r) => COLUMNS.map((c) => c.value(r)));
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE) return;
      rows = await read(tail);
    }
  }
  return streamTable(
    { sheetName: '审计日志', columns: COLUMNS.map(({ header, width }) => ({ header, width })) },
    pages,
    (err) => log.error({ err }, '审计日志导出失败'),
    signal,
  );
}
