import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { refreshUnread } from './get-unread-messages';

/** `DELETE /api/message/:id`. */
export const deleteMessage = (id: string): Promise<null> => request<null>('DELETE', `/api/message/${id}`);

export const useDeleteMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['messages', 'list'] }), refreshUnread()]),
  });
};
