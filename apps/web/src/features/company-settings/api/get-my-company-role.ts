import { CompanyRole, type MemberRow } from '@skill-cert/shared/company';
import type { Paged } from '@skill-cert/shared/pagination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';
import { useCurrentUser } from '@/shared/session/session-store';

/**
 * The signed-in user's company role (1 管理员, 2 成员), or null. `GET /api/user` does not carry it, so the
 * user's own row of `GET /api/companies/members`, searched by the user's (unique) phone, tells it. Same
 * key as the staff screens' copy, so both share one answer and a member change refreshes it.
 */
const myCompanyRoleQueryOptions = (user: { _id: string; phone: string }) =>
  queryOptions({
    queryKey: ['company-members', 'me', user._id, user.phone],
    queryFn: async () => {
      const { list } = await request<Paged<MemberRow>>('GET', '/api/companies/members', {
        params: { keyword: user.phone, page: 1, per_page: 10 },
        silent: true,
      });
      return list.find((m) => m.user_id === user._id)?.role ?? null;
    },
    meta: SESSION_SCOPED,
  });

/** 管理员 / 成员 of the signed-in user; undefined until known. */
export function useMyCompanyRole(): number | null | undefined {
  const user = useCurrentUser();
  return useQuery({
    ...myCompanyRoleQueryOptions({ _id: user?._id ?? '', phone: user?.phone ?? '' }),
    enabled: Boolean(user?.company_id),
  }).data;
}

export const isAdminRole = (role: number | null | undefined): boolean => role === CompanyRole.ADMIN;
