import type { CompanyInfo } from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/platform/companies?keyword`: the first page of companies matching a name or credit code. */
export const searchCompanies = (keyword: string): Promise<Paged<CompanyInfo>> =>
  request<Paged<CompanyInfo>>('GET', '/api/platform/companies', { params: { keyword, per_page: 20 } });

export const companySearchQueryOptions = (keyword: string) =>
  queryOptions({ queryKey: ['platform-companies', keyword], queryFn: () => searchCompanies(keyword) });

export const useCompanySearch = (keyword: string) => useQuery(companySearchQueryOptions(keyword));
