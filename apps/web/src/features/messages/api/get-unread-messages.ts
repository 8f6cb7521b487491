import type { UnreadMessages } from '@skill-cert/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { SESSION_SCOPED } from '@/shared/session/query-client';
import { pushesSoFar, setUnread } from '../messages-store';

/** `GET /api/message/unreadMessage`: the latest 10 unread messages and the unread count. */
export const getUnreadMessages = (): Promise<UnreadMessages> =>
  request<UnreadMessages>('GET', '/api/message/unreadMessage', { silent: true });

export const unreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['messages', 'unread'], queryFn: getUnreadMessages, meta: SESSION_SCOPED });

/**
 * Puts the server's unread list and count into the messages store (badge, message box). Called after
 * anything that changes what is unread, since the channel only pushes new messages.
 */
export function refreshUnread(): Promise<void> {
  const pushesWhenAsked = pushesSoFar();
  return getUnreadMessages().then(
    (data) => setUnread(data, pushesWhenAsked),
    (error: unknown) => console.error('unread messages', error),
  );
}
