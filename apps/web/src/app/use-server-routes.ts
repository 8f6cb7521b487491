import { roleHome } from '@skill-cert/shared/roles';
import { useMemo } from 'react';
import { isServerMenuPortal, usePersonalMenus } from '@/shared/permissions/personal-menus';
import { useCurrentUser } from '@/shared/session/session-store';
import { enterpriseNav } from './enterprise-pages';
import { buildServerRoutes, type NavItem, type ServerRouteTable } from './menu-routes';

/** The routes and menu of the active role's server menus; rebuilt whenever the menus are refetched. */
export function useServerRouteTable(): { table: ServerRouteTable; isPending: boolean } {
  const user = useCurrentUser();
  const { data, isPending } = usePersonalMenus();
  const home = roleHome(user?.active_role_type_id, user?.company_id);
  const table = useMemo(() => buildServerRoutes(data.menus, home), [data.menus, home]);
  return { table, isPending };
}

/** The sidebar / top menu of the active role: static for the enterprise, from the server otherwise. */
export function useNavMenu(): NavItem[] {
  const user = useCurrentUser();
  const { table } = useServerRouteTable();
  return isServerMenuPortal(user?.active_role_type_id) ? table.nav : user ? enterpriseNav : [];
}
