import { Empty, Spin } from 'antd';
import { type UIEvent, useCallback, useEffect, useRef } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { type MessageTab, useMessages } from '../api/get-messages';
import { MessageItem } from './message-item';

/** How close to the bottom (px) the next page starts loading. */
const LOAD_MORE_WITHIN_PX = 60;

const tabLabels: Record<MessageTab, string> = { all: '全部通知', unread: '未读' };

/** One tab of the message centre: 10 messages at a time, the next 10 when scrolled near the bottom. */
export function MessageList({ tab }: { tab: MessageTab }) {
  const { data, error, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useMessages(tab);
  const feedRef = useRef<HTMLDivElement>(null);

  const loadMoreIfNearBottom = useCallback(
    (el: HTMLElement) => {
      if (!hasNextPage || isFetchingNextPage) return;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_MORE_WITHIN_PX) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // A list shorter than its box cannot be scrolled: keep loading until it fills the box or ends.
  useEffect(() => {
    const el = feedRef.current;
    if (data && el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) loadMoreIfNearBottom(el);
  }, [data, loadMoreIfNearBottom]);

  if (isPending) return <Spin className="message-list-loading" />;
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  const messages = data.pages.flatMap((page) => page.list);
  if (messages.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />;

  return (
    <div
      ref={feedRef}
      role="feed"
      aria-label={tabLabels[tab]}
      aria-busy={isFetchingNextPage}
      className="message-feed"
      onScroll={(event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget)}
    >
      {messages.map((message) => (
        <MessageItem key={message._id} message={message} />
      ))}
      {isFetchingNextPage && <Spin size="small" className="message-list-more" />}
      {!hasNextPage && data.pages.length > 1 && <div className="message-list-end">没有更多了</div>}
    </div>
  );
}
