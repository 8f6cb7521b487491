import type { RoleRow } from '@skill-cert/shared/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/roles/:id`: the role with the `menu_ids` it is granted. */
export const getRole = (id: string): Promise<RoleRow> => request<RoleRow>('GET', `/api/roles/${id}`);

export const roleQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['roles', 'detail', id], queryFn: () => getRole(id) });

export const useRole = (id: string | null) =>
  useQuery({ ...roleQueryOptions(id ?? ''), enabled: id !== null });
