import type { RoleTypeId } from '@skill-cert/shared/roles';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `PUT /api/users/:id/roleTypes`: the role types (portals) the user holds; roles of dropped portals go too. */
export const setUserRoleTypes = ({
  id,
  role_type_ids,
}: {
  id: string;
  role_type_ids: RoleTypeId[];
}): Promise<{ role_types_info: RoleTypeId[] }> =>
  request('PUT', `/api/users/${id}/roleTypes`, { body: { role_type_ids } });

export const useSetUserRoleTypes = () => useMutation({ mutationFn: setUserRoleTypes });
