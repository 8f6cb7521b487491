import { type JoinRequestRow, JoinRequestStatus } from '@skill-cert/shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';

/** While a request waits, look again this often: an approval lets the applicant in without a reload. */
export const PENDING_POLL_MS = 15_000;

/** `GET /api/companies/myJoinRequest`: the caller's latest join request, or null. */
export const getMyJoinRequest = (): Promise<JoinRequestRow | null> =>
  request<JoinRequestRow | null>('GET', '/api/companies/myJoinRequest');

export const myJoinRequestQueryOptions = () =>
  queryOptions({
    queryKey: ['my-join-request'],
    queryFn: getMyJoinRequest,
    refetchInterval: (query) =>
      query.state.data?.status === JoinRequestStatus.PENDING ? PENDING_POLL_MS : false,
    meta: SESSION_SCOPED,
  });

export const useMyJoinRequest = () => useQuery(myJoinRequestQueryOptions());
