import type { MenuNode, MenuPortal } from '@skill-cert/shared/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

/** `GET /api/menus?portal=`: the portal's whole menu tree, buttons included (an institution: `/api/institution/menus`). */
export const getMenus = (portal: MenuPortal, scope: RoleScope = PLATFORM_ROLES): Promise<MenuNode[]> => {
  const { path, params } = scope.menus(portal);
  return request<MenuNode[]>('GET', path, { params });
};

export const menusQueryOptions = (portal: MenuPortal, scope: RoleScope = PLATFORM_ROLES) =>
  queryOptions({
    queryKey: scope.institution ? ['menus', 'institution'] : ['menus', portal],
    queryFn: () => getMenus(portal, scope),
  });

export const useMenus = (portal: MenuPortal, enabled = true, scope: RoleScope = PLATFORM_ROLES) =>
  useQuery({ ...menusQueryOptions(portal, scope), enabled });
