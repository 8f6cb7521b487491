import type { AffectedCount } from '@skill-cert/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { refreshUnread } from './get-unread-messages';

/** `POST /api/message/deleteMany {ids}`; an empty list deletes every message. */
export const deleteMessages = (ids: string[]): Promise<AffectedCount> =>
  request<AffectedCount>('POST', '/api/message/deleteMany', { body: { ids } });

export const useDeleteMessages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['messages', 'list'] }), refreshUnread()]),
  });
};
