import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { getRoles } from './get-roles';

/** The largest page the server serves. */
const PER_PAGE = 50;

/** Every role of a portal, for pickers: `GET /api/roles?portal=&per_page=50`, page after page. */
export async function getPortalRoles(portal: MenuPortal): Promise<RoleRow[]> {
  const first = await getRoles({ portal, page: 1, per_page: PER_PAGE });
  const rest = [];
  for (let page = 2; page <= first.meta.last_page; page += 1) {
    rest.push(getRoles({ portal, page, per_page: PER_PAGE }));
  }
  return [...first.list, ...(await Promise.all(rest)).flatMap((p) => p.list)];
}

export const portalRolesQueryOptions = (portal: MenuPortal) =>
  queryOptions({ queryKey: ['roles', 'portal', portal], queryFn: () => getPortalRoles(portal) });

/** The roles of each portal, in the order asked. */
export const usePortalRoles = (portals: readonly MenuPortal[], enabled = true) =>
  useQueries({ queries: portals.map((p) => ({ ...portalRolesQueryOptions(p), enabled })) });
