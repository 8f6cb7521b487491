import { MESSAGE_PAGE_SIZE } from '@skill-cert/shared/constants';
import type { MessagePage } from '@skill-cert/shared/messages';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';

/** The two tabs of the message centre: 全部通知 and 未读. */
export type MessageTab = 'all' | 'unread';

export interface MessageQuery {
  whether_read?: 0 | 1;
  page: number;
  per_page: number;
}

/** `GET /api/message?whether_read&per_page&page`, newest first. */
export const getMessages = (query: MessageQuery): Promise<MessagePage> =>
  request<MessagePage>('GET', '/api/message', { params: { ...query } });

export const messagesQueryOptions = (tab: MessageTab) =>
  infiniteQueryOptions({
    queryKey: ['messages', 'list', tab],
    queryFn: ({ pageParam }) =>
      getMessages({
        whether_read: tab === 'unread' ? 0 : undefined,
        page: pageParam,
        per_page: MESSAGE_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    meta: SESSION_SCOPED,
  });

/** One tab of the message centre, a page of 10 at a time (infinite scroll). */
export const useMessages = (tab: MessageTab) => useInfiniteQuery(messagesQueryOptions(tab));
