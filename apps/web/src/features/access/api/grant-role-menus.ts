import type { RoleRow } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

/** `PUT /api/roles/:id/menus`: replaces the role's grants with `menu_ids` (menus of the role's portal). */
export const grantRoleMenus = (
  { id, menu_ids }: { id: string; menu_ids: string[] },
  scope: RoleScope = PLATFORM_ROLES,
): Promise<RoleRow> => request<RoleRow>('PUT', `${scope.roles}/${id}/menus`, { body: { menu_ids } });

export const useGrantRoleMenus = (scope: RoleScope = PLATFORM_ROLES) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; menu_ids: string[] }) => grantRoleMenus(input, scope),
    onSuccess: (role) => {
      queryClient.setQueryData([scope.key, 'detail', role._id], role);
      void queryClient.invalidateQueries({ queryKey: [scope.key, 'list'] });
    },
  });
};
