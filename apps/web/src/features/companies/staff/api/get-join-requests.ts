import type { JoinRequestRow } from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';

export interface JoinRequestQuery {
  /** 0 待审核, 1 已通过, 2 已驳回. */
  status: number;
  keyword?: string;
  page: number;
  per_page: number;
}

export const JOIN_REQUESTS_KEY = ['company-join-requests'] as const;

/** `GET /api/companies/joinRequests?status&keyword&page&per_page` (administrator), newest first. */
export const getJoinRequests = (query: JoinRequestQuery): Promise<Paged<JoinRequestRow>> =>
  request<Paged<JoinRequestRow>>('GET', '/api/companies/joinRequests', { params: { ...query } });

export const joinRequestsQueryOptions = (query: JoinRequestQuery) =>
  queryOptions({
    queryKey: [...JOIN_REQUESTS_KEY, query],
    queryFn: () => getJoinRequests(query),
    placeholderData: keepPreviousData,
    meta: SESSION_SCOPED,
  });

export const useJoinRequests = (query: JoinRequestQuery, enabled: boolean) =>
  useQuery({ ...joinRequestsQueryOptions(query), enabled });
