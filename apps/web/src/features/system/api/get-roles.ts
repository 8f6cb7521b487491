import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface RoleQuery {
  portal?: MenuPortal | null;
  keyword?: string;
  page: number;
  per_page: number;
}

/** `GET /api/roles?portal&keyword&page&per_page`. */
export const getRoles = (query: RoleQuery): Promise<Paged<RoleRow>> =>
  request<Paged<RoleRow>>('GET', '/api/roles', { params: { ...query } });

export const rolesQueryOptions = (query: RoleQuery) =>
  queryOptions({
    queryKey: ['roles', 'list', query],
    queryFn: () => getRoles(query),
    placeholderData: keepPreviousData,
  });

export const useRoles = (query: RoleQuery) => useQuery(rolesQueryOptions(query));
