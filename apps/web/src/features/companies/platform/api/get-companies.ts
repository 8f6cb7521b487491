import type { CompanyInfo } from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface CompanyQuery {
  keyword?: string;
  /** 1 企业, 2 培训评价机构. */
  type?: number | null;
  /** 1 正常, 0 已冻结. */
  status?: number | null;
  page: number;
  per_page: number;
}

/** `GET /api/platform/companies?keyword&type&status&page&per_page`: enterprises and institutions. */
export const getCompanies = (query: CompanyQuery): Promise<Paged<CompanyInfo>> =>
  request<Paged<CompanyInfo>>('GET', '/api/platform/companies', { params: { ...query } });

export const companiesQueryOptions = (query: CompanyQuery) =>
  queryOptions({
    queryKey: ['platform-companies', 'list', query],
    queryFn: () => getCompanies(query),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (query: CompanyQuery) => useQuery(companiesQueryOptions(query));
