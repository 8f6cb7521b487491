import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

export interface RoleQuery {
  portal?: MenuPortal | null;
  keyword?: string;
  page: number;
  per_page: number;
}

/** `GET /api/roles?portal&keyword&page&per_page` (the institution's: `GET /api/institution/roles?keyword&…`). */
export const getRoles = (query: RoleQuery, scope: RoleScope = PLATFORM_ROLES): Promise<Paged<RoleRow>> =>
  request<Paged<RoleRow>>('GET', scope.roles, { params: { ...query } });

export const rolesQueryOptions = (query: RoleQuery, scope: RoleScope = PLATFORM_ROLES) =>
  queryOptions({
    queryKey: [scope.key, 'list', query],
    queryFn: () => getRoles(query, scope),
    placeholderData: keepPreviousData,
  });

export const useRoles = (query: RoleQuery, scope: RoleScope = PLATFORM_ROLES) =>
  useQuery(rolesQueryOptions(query, scope));
