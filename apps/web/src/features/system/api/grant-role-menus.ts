import type { RoleRow } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `PUT /api/roles/:id/menus`: replaces the role's grants with `menu_ids` (menus of the role's portal). */
export const grantRoleMenus = ({ id, menu_ids }: { id: string; menu_ids: string[] }): Promise<RoleRow> =>
  request<RoleRow>('PUT', `/api/roles/${id}/menus`, { body: { menu_ids } });

export const useGrantRoleMenus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantRoleMenus,
    onSuccess: (role) => {
      queryClient.setQueryData(['roles', 'detail', role._id], role);
      void queryClient.invalidateQueries({ queryKey: ['roles', 'list'] });
    },
  });
};
