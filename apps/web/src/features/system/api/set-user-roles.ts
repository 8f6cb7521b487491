import type { RoleRow } from '@skill-cert/shared/access';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `PUT /api/users/:id/roles`: the user's roles, each of a portal the user holds. */
export const setUserRoles = ({
  id,
  role_ids,
}: {
  id: string;
  role_ids: string[];
}): Promise<{ roles: RoleRow[] }> => request('PUT', `/api/users/${id}/roles`, { body: { role_ids } });

export const useSetUserRoles = () => useMutation({ mutationFn: setUserRoles });
