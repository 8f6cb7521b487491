import { Empty, Spin } from 'antd';
import { type UIEvent, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { type MessageTab, useMessages } from '../api/get-messages';
import { drawnSpans, type FeedRange, feedRange, spanHeight, useMeasuredHeights } from './feed-window';
import { MessageItem } from './message-item';

/** How close to the bottom (px) the next page starts loading. */
const LOAD_MORE_WITHIN_PX = 60;

const tabLabels: Record<MessageTab, string> = { all: '全部通知', unread: '未读' };

/**
 * One tab of the message centre: 10 messages at a time, the next 10 when scrolled near the bottom. Windowed (issue
 * 23 point 5): of the loaded messages only those in view and 10 either side are in the document, the others are
 * stood in for by their measured (or estimated) heights, so 1,000 loaded messages scroll as lightly as a screenful.
 * The feed itself stays the scrolling element, each article says its place (`aria-posinset` of `aria-setsize`).
 */
export function MessageList({ tab }: { tab: MessageTab }) {
  const { data, error, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useMessages(tab);
  const feedRef = useRef<HTMLDivElement>(null);
  const messages = data?.pages.flatMap((page) => page.list) ?? [];
  const heights = useMeasuredHeights(feedRef);
  const shown = useRef<FeedRange>({ start: 0, end: 0, before: 0, after: 0 });
  // The message holding the focus, drawn even when scrolled out of the window.
  const focusedId = useRef<string | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const keys = messages.map((m) => m._id);
  const rangeNow = () => {
    const el = feedRef.current;
    return feedRange(keys, heights.current, el?.scrollTop ?? 0, el?.clientHeight ?? 0);
  };
  const range = rangeNow();
  shown.current = range;

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

  /** Draws the feed again when what should be shown (after a scroll, a layout, a measurement) differs from what is. */
  const redrawIfMoved = () => {
    const next = rangeNow();
    if (next.start !== shown.current.start || next.end !== shown.current.end) rerender();
  };
  // The box's height is known once it is laid out, and measured heights may move the window.
  useLayoutEffect(redrawIfMoved);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    redrawIfMoved();
    loadMoreIfNearBottom(event.currentTarget);
  };

  if (isPending) return <Spin className="message-list-loading" />;
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (messages.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />;
  const total = data.pages.at(-1)?.meta.total ?? messages.length;
  const spans = drawnSpans(
    range,
    messages.findIndex((m) => m._id === focusedId.current),
  );
  const lastDrawn = spans[spans.length - 1][1];

  return (
    <div
      ref={feedRef}
      role="feed"
      aria-label={tabLabels[tab]}
      aria-busy={isFetchingNextPage}
      className="message-feed"
      onScroll={onScroll}
      onFocus={(event) => {
        focusedId.current =
          (event.target as HTMLElement).closest<HTMLElement>('article[data-key]')?.dataset.key ?? null;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusedId.current = null;
      }}
    >
      {spans.flatMap(([from, to], n) => [
        <Gap key={`gap-${from}`} height={spanHeight(keys, heights.current, n ? spans[n - 1][1] : 0, from)} />,
        ...messages
          .slice(from, to)
          .map((message, i) => (
            <MessageItem
              key={message._id}
              message={message}
              position={from + i + 1}
              count={Math.max(total, messages.length)}
            />
          )),
      ])}
      <Gap height={spanHeight(keys, heights.current, lastDrawn, messages.length)} />
      {isFetchingNextPage && <Spin size="small" className="message-list-more" />}
      {!hasNextPage && data.pages.length > 1 && <div className="message-list-end">没有更多了</div>}
    </div>
  );
}

/** Stands in for messages not drawn, at their height. */
function Gap({ height }: { height: number }) {
  return height > 0 ? <div aria-hidden style={{ height }} /> : null;
}
