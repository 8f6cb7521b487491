import type { MenuNode, MenuPortal } from '@skill-cert/shared/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/menus?portal=`: the portal's whole menu tree, buttons included. */
export const getMenus = (portal: MenuPortal): Promise<MenuNode[]> =>
  request<MenuNode[]>('GET', '/api/menus', { params: { portal } });

export const menusQueryOptions = (portal: MenuPortal) =>
  queryOptions({ queryKey: ['menus', portal], queryFn: () => getMenus(portal) });

export const useMenus = (portal: MenuPortal, enabled = true) =>
  useQuery({ ...menusQueryOptions(portal), enabled });
