import type { RoleRow } from '@skill-cert/shared/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

/** `GET /api/roles/:id`: the role with the `menu_ids` it is granted. */
export const getRole = (id: string, scope: RoleScope = PLATFORM_ROLES): Promise<RoleRow> =>
  request<RoleRow>('GET', `${scope.roles}/${id}`);

export const roleQueryOptions = (id: string, scope: RoleScope = PLATFORM_ROLES) =>
  queryOptions({ queryKey: [scope.key, 'detail', id], queryFn: () => getRole(id, scope) });

export const useRole = (id: string | null, scope: RoleScope = PLATFORM_ROLES) =>
  useQuery({ ...roleQueryOptions(id ?? '', scope), enabled: id !== null });
