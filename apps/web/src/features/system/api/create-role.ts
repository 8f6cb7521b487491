import type { RoleBody, RoleRow } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const createRole = (body: RoleBody): Promise<RoleRow> =>
  request<RoleRow>('POST', '/api/roles', { body });

export const useCreateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
};
