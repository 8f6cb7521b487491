import type { RoleTypeId } from '@skill-cert/shared/roles';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/**
 * `PUT /api/users/:id/roleTypes`: the role types (portals) the user holds and, in the same transaction, the
 * roles of those portals; the server refuses a server-menu role type without a role.
 */
export const setUserRoleTypes = ({
  id,
  role_type_ids,
  role_ids,
}: {
  id: string;
  role_type_ids: RoleTypeId[];
  role_ids: string[];
}): Promise<{ role_types_info: RoleTypeId[] }> =>
  request('PUT', `/api/users/${id}/roleTypes`, { body: { role_type_ids, role_ids } });

export const useSetUserRoleTypes = () => useMutation({ mutationFn: setUserRoleTypes });
