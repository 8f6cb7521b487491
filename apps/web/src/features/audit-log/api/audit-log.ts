import type { AuditLogDetail, AuditLogFilters, AuditLogRow } from '@skill-cert/shared/audit-log';
import type { Paged } from '@skill-cert/shared/pagination';
import { cleanQuery } from '@skill-cert/shared/query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** 审计日志 (platform): `GET /api/auditLogs…`, read-only. */

const base = '/api/auditLogs';

/** The list's filters as the form holds them: '' / null when not set. */
export interface AuditFilters {
  user: string;
  action: string;
  kind: AuditLogFilters['kind'] | null;
  result: AuditLogFilters['result'] | null;
  start_date: string;
  end_date: string;
}
export type AuditQuery = AuditFilters & { page: number; per_page: number };

const params = (q: object) => cleanQuery({ ...q }) as Record<string, string | number>;

export const useAuditLogs = (query: AuditQuery) =>
  useQuery({
    queryKey: ['audit-log', 'list', query],
    queryFn: () => request<Paged<AuditLogRow>>('GET', base, { params: params(query) }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/auditLogs/{id}`: one row with its before and after. */
export const useAuditLog = (id: string | null) =>
  useQuery({
    queryKey: ['audit-log', 'one', id],
    queryFn: () => request<AuditLogDetail>('GET', `${base}/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });

/** `GET /api/auditLogs/export?…`: the current search as an .xlsx (a plain link, cookie session). */
export function exportUrl(filters: Partial<AuditFilters>): string {
  const search = new URLSearchParams(
    Object.entries(params(filters)).map(([k, v]) => [k, String(v)]),
  ).toString();
  return `${base}/export${search ? `?${search}` : ''}`;
}
