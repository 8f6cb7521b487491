import type { MenuBody, MenuNode } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `PATCH /api/menus/:id`: the portal cannot change; the server refuses a parent inside the menu itself. */
export const updateMenu = ({ id, body }: { id: string; body: MenuBody }): Promise<MenuNode> =>
  request<MenuNode>('PATCH', `/api/menus/${id}`, { body });

export const useUpdateMenu = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMenu,
    onSuccess: (_menu, { body }) => queryClient.invalidateQueries({ queryKey: ['menus', body.portal] }),
  });
};
