import type { InviteCode } from '@skill-cert/shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';

export type { InviteCode };

/** `GET /api/companies/getInitiateCode` (administrator). */
export const getInviteCode = (): Promise<InviteCode> =>
  request<InviteCode>('GET', '/api/companies/getInitiateCode');

export const inviteCodeQueryOptions = () =>
  queryOptions({ queryKey: ['company-invite-code'], queryFn: getInviteCode, meta: SESSION_SCOPED });

export const useInviteCode = (enabled: boolean) => useQuery({ ...inviteCodeQueryOptions(), enabled });
