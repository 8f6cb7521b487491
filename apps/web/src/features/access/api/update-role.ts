import type { RoleRow } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import type { RoleInput } from './create-role';
import { PLATFORM_ROLES, type RoleScope } from './role-scope';

export const updateRole = (
  { id, body }: { id: string; body: RoleInput },
  scope: RoleScope = PLATFORM_ROLES,
): Promise<RoleRow> => request<RoleRow>('PATCH', `${scope.roles}/${id}`, { body });

export const useUpdateRole = (scope: RoleScope = PLATFORM_ROLES) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: RoleInput }) => updateRole(input, scope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [scope.key] }),
  });
};
