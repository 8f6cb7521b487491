import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { getRoles } from './get-roles';
import { INSTITUTION_ROLES, PLATFORM_ROLES, type RoleScope } from './role-scope';

/** The largest page the server serves. */
const PER_PAGE = 50;

/** Every role of a portal (or of the caller's institution), for pickers: page after page of 50. */
export async function getPortalRoles(
  portal: MenuPortal | null,
  scope: RoleScope = PLATFORM_ROLES,
): Promise<RoleRow[]> {
  const query = portal === null ? {} : { portal };
  const first = await getRoles({ ...query, page: 1, per_page: PER_PAGE }, scope);
  const rest = [];
  for (let page = 2; page <= first.meta.last_page; page += 1) {
    rest.push(getRoles({ ...query, page, per_page: PER_PAGE }, scope));
  }
  return [...first.list, ...(await Promise.all(rest)).flatMap((p) => p.list)];
}

export const portalRolesQueryOptions = (portal: MenuPortal) =>
  queryOptions({ queryKey: ['roles', 'portal', portal], queryFn: () => getPortalRoles(portal) });

/** The roles of each portal, in the order asked. */
export const usePortalRoles = (portals: readonly MenuPortal[], enabled = true) =>
  useQueries({ queries: portals.map((p) => ({ ...portalRolesQueryOptions(p), enabled })) });

/** Every role of the caller's institution (its staff's role picker). */
export const useInstitutionRoleOptions = (enabled = true) =>
  useQuery({
    queryKey: [INSTITUTION_ROLES.key, 'all'],
    queryFn: () => getPortalRoles(null, INSTITUTION_ROLES),
    enabled,
  });
