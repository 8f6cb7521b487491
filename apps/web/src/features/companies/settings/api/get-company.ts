import type { CompanyInfo } from '@skill-cert/shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';

/** `GET /api/companies/:id`: the caller's own company (anyone else's answers 404). */
export const getCompany = (id: string): Promise<CompanyInfo> =>
  request<CompanyInfo>('GET', `/api/companies/${id}`);

export const companyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['company', id], queryFn: () => getCompany(id), meta: SESSION_SCOPED });

export const useCompany = (id: string) => useQuery(companyQueryOptions(id));
