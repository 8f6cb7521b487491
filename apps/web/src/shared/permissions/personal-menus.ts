import type { PersonalMenus } from '@skill-cert/shared/access';
import type { UserInfo } from '@skill-cert/shared/auth';
import { MENU_PORTALS, type MenuPortal } from '@skill-cert/shared/menu-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { SESSION_SCOPED, sessionQueryClient } from '../session/query-client';
import { useCurrentUser } from '../session/session-store';

/** `GET /api/user/personalMenus`: the active role type's menu tree and the permission keys it holds. */
export const getPersonalMenus = (): Promise<PersonalMenus> =>
  request<PersonalMenus>('GET', '/api/user/personalMenus', { silent: true });

export const NO_MENUS: PersonalMenus = Object.freeze({ menus: [], permissions: [] }) as PersonalMenus;

/** Platform, institution and examiner take their menus from the server; the enterprise has static routes. */
export const isServerMenuPortal = (role: number | null | undefined): role is MenuPortal =>
  (MENU_PORTALS as readonly number[]).includes(role ?? -1);

type SessionUser = Pick<UserInfo, '_id' | 'active_role_type_id'>;

export const personalMenusQueryOptions = (user: SessionUser) =>
  queryOptions({
    // The role is part of the key: after a role switch the old role's menus are never read.
    queryKey: ['personal-menus', user._id, user.active_role_type_id],
    queryFn: getPersonalMenus,
    // Loaders decide when to look again (loadPersonalMenus); components only read.
    staleTime: Number.POSITIVE_INFINITY,
    meta: SESSION_SCOPED,
  });

/**
 * Called by the route guard on every navigation: waits for the menus the first time (so routes
 * exist before the page renders, also on a reload or deep link), afterwards refreshes them in the
 * background so a grant or a revoke shows at the next navigation.
 */
export async function loadPersonalMenus(user: SessionUser): Promise<PersonalMenus> {
  if (!isServerMenuPortal(user.active_role_type_id)) return NO_MENUS;
  const options = personalMenusQueryOptions(user);
  const cached = sessionQueryClient.getQueryData(options.queryKey);
  if (!cached) return sessionQueryClient.fetchQuery(options);
  // One small request per navigation; a request already on its way is shared.
  void sessionQueryClient.prefetchQuery({ ...options, staleTime: 0 });
  return cached;
}

/** Asks the server again now (after a role switch or a change of one's own grants). */
export async function refreshPersonalMenus(user: SessionUser): Promise<PersonalMenus> {
  if (!isServerMenuPortal(user.active_role_type_id)) return NO_MENUS;
  return sessionQueryClient.fetchQuery({ ...personalMenusQueryOptions(user), staleTime: 0 });
}

/** The signed-in user's menus and keys; empty for the enterprise and while nobody is signed in. */
export function usePersonalMenus(): { data: PersonalMenus; isPending: boolean } {
  const user = useCurrentUser();
  const enabled = user !== null && isServerMenuPortal(user.active_role_type_id);
  const query = useQuery(
    { ...personalMenusQueryOptions(user ?? { _id: '', active_role_type_id: null }), enabled },
    sessionQueryClient,
  );
  return { data: query.data ?? NO_MENUS, isPending: enabled && query.isPending };
}
