import type { MenuBody, MenuNode } from '@skill-cert/shared/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const createMenu = (body: MenuBody): Promise<MenuNode> =>
  request<MenuNode>('POST', '/api/menus', { body });

export const useCreateMenu = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMenu,
    onSuccess: (_menu, body) => queryClient.invalidateQueries({ queryKey: ['menus', body.portal] }),
  });
};
