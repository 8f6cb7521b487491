import type { MemberRow } from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';

export interface MemberQuery {
  /** Name or phone. */
  keyword?: string;
  page: number;
  per_page: number;
}

/** Every query of the company's members starts with this key: a change invalidates them all. */
export const MEMBERS_KEY = ['company-members'] as const;

/** `GET /api/companies/members?keyword&page&per_page`: the caller's company, administrators first. */
export const getMembers = (query: MemberQuery): Promise<Paged<MemberRow>> =>
  request<Paged<MemberRow>>('GET', '/api/companies/members', { params: { ...query } });

export const membersQueryOptions = (query: MemberQuery) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, query],
    queryFn: () => getMembers(query),
    placeholderData: keepPreviousData,
    meta: SESSION_SCOPED,
  });

export const useMembers = (query: MemberQuery, enabled = true) =>
  useQuery({ ...membersQueryOptions(query), enabled });
