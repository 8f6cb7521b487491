import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const deleteRole = (id: string): Promise<null> => request<null>('DELETE', `/api/roles/${id}`);

export const useDeleteRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['roles'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
