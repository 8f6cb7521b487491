import type { RoleBody, RoleRow } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const updateRole = ({ id, body }: { id: string; body: RoleBody }): Promise<RoleRow> =>
  request<RoleRow>('PATCH', `/api/roles/${id}`, { body });

export const useUpdateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
};
