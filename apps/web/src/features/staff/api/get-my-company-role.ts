import { CompanyRole } from '@skill-cert/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_SCOPED } from '@/shared/session/query-client';
import { useCurrentUser } from '@/shared/session/session-store';
import { getMembers, MEMBERS_KEY } from './get-members';

/**
 * The signed-in user's company role (1 管理员, 2 成员), or null when not a member. `GET /api/user` does not
 * carry it, so the user's own row of the member list, searched by the user's (unique) phone, tells it.
 */
export const myCompanyRoleQueryOptions = (user: { _id: string; phone: string }) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, 'me', user._id, user.phone],
    queryFn: async () => {
      const { list } = await getMembers({ keyword: user.phone, page: 1, per_page: 10 }, true);
      return list.find((m) => m.user_id === user._id)?.role ?? null;
    },
    meta: SESSION_SCOPED,
  });

/** True for the company's administrator, false for a member, undefined until known. */
export function useIsCompanyAdmin(enabled = true): boolean | undefined {
  const user = useCurrentUser();
  const role = useQuery({
    ...myCompanyRoleQueryOptions({ _id: user?._id ?? '', phone: user?.phone ?? '' }),
    enabled: enabled && Boolean(user?.company_id),
  });
  return role.data === undefined ? undefined : role.data === CompanyRole.ADMIN;
}
