import type { PlatformCompanyDetail } from '@skill-cert/shared/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/platform/companies/:id`: the company, its administrators and its submitted applications. */
export const getCompanyDetail = (id: string): Promise<PlatformCompanyDetail> =>
  request<PlatformCompanyDetail>('GET', `/api/platform/companies/${id}`);

export const companyDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['platform-companies', 'detail', id], queryFn: () => getCompanyDetail(id) });

export const useCompanyDetail = (id: string | null) =>
  useQuery({ ...companyDetailQueryOptions(id ?? ''), enabled: id !== null });
