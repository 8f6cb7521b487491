import type { UserListRow } from '@skill-cert/shared/access';
import type { Paged } from '@skill-cert/shared/pagination';
import type { RoleTypeId } from '@skill-cert/shared/roles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** A row of `GET /api/users`. */
export type UserRow = UserListRow;

export interface UserQuery {
  keyword?: string;
  role_type_id?: RoleTypeId | null;
  page: number;
  per_page: number;
}

/** `GET /api/users?keyword&role_type_id&page&per_page`: keyword matches name or phone. */
export const getUsers = (query: UserQuery): Promise<Paged<UserRow>> =>
  request<Paged<UserRow>>('GET', '/api/users', { params: { ...query } });

export const usersQueryOptions = (query: UserQuery) =>
  queryOptions({
    queryKey: ['users', query],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UserQuery) => useQuery(usersQueryOptions(query));
