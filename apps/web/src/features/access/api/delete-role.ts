import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

export const deleteRole = (id: string, scope: RoleScope = PLATFORM_ROLES): Promise<null> =>
  request<null>('DELETE', `${scope.roles}/${id}`);

export const useDeleteRole = (scope: RoleScope = PLATFORM_ROLES) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRole(id, scope),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [scope.key] });
      // Holders lose the role: the user lists show it.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['institution-staff'] });
    },
  });
};
