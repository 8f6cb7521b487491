import type { AffectedCount } from '@skill-cert/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { refreshUnread } from './get-unread-messages';

/** `POST /api/message/readMany {ids}`; an empty list marks every message read. */
export const readMessages = (ids: string[], options: { silent?: boolean } = {}): Promise<AffectedCount> =>
  request<AffectedCount>('POST', '/api/message/readMany', { body: { ids }, silent: options.silent });

export const useReadMessages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => readMessages(ids, { silent: true }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['messages', 'list'] }), refreshUnread()]),
  });
};
