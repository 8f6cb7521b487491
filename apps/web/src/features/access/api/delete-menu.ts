import type { MenuPortal } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `DELETE /api/menus/:id`: its children and the grants of all of them go too. */
export const deleteMenu = ({ id }: { id: string; portal: MenuPortal }): Promise<null> =>
  request<null>('DELETE', `/api/menus/${id}`);

export const useDeleteMenu = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMenu,
    onSuccess: (_data, { portal }) => queryClient.invalidateQueries({ queryKey: ['menus', portal] }),
  });
};
