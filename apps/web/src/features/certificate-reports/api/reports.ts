import type { ReportPending, ReportRow, ReportScope } from '@skill-cert/shared/certificate-reports';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** 数据上报 (platform): `…/api/certificateReports…`. */

const base = '/api/certificateReports';
const scopeParams = (s: ReportScope) => ({
  start_date: s.start_date,
  end_date: s.end_date,
  ...(s.company_id ? { company_id: s.company_id } : {}),
});

export const useReports = (query: { page: number; per_page: number }) =>
  useQuery({
    queryKey: ['certificate-reports', 'list', query],
    queryFn: () => request<Paged<ReportRow>>('GET', base, { params: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** What a report of this scope would take now (null: no complete scope yet). */
export const usePendingReport = (scope: ReportScope | null) =>
  useQuery({
    queryKey: ['certificate-reports', 'pending', scope],
    queryFn: () => request<ReportPending>('GET', `${base}/pending`, { params: scopeParams(scope!) }),
    enabled: scope !== null,
  });

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scope: ReportScope) => request<ReportRow>('POST', base, { body: scope }),
    onSettled: () => client.invalidateQueries({ queryKey: ['certificate-reports'] }),
  });
}

/** A report's .xlsx (a plain link: the session cookie is accepted). */
export const reportFileUrl = (id: string) => `${base}/${encodeURIComponent(id)}/export`;
