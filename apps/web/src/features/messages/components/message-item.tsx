import type { Message } from '@skill-cert/shared/messages';
import { relativeTime } from '@skill-cert/shared/relative-time';
import { Badge, Button } from 'antd';
import { memo, type ReactNode, useState } from 'react';
import { useCurrentUser } from '@/shared/session/session-store';
import { templateActionOf } from '../lib/template-action';
import { useMessageActions } from './use-message-actions';

type Busy = 'follow' | 'download' | 'read' | 'remove' | null;

/** Longer content shows its first lines and 查看全文, so the buttons stay in sight. */
const CLAMP_CHARACTERS = 120;
const CLAMP_LINES = 4;
const isLong = (content: string) =>
  content.length > CLAMP_CHARACTERS || content.split('\n').length > CLAMP_LINES;

/**
 * One message: category, time, content and its buttons (template action, 下载, 设为已读, 删除). Memoised: the next
 * page of the feed renders its 10 new messages, not the hundreds above them (the pages keep their objects). In a
 * windowed feed it says its place (`position` of `count`) and carries its id for the feed's measuring. `compact`:
 * one line (the collapsed live box), the content cut with the whole of it on hover, without 删除.
 */
export const MessageItem = memo(function MessageItem({
  message,
  position,
  count,
  compact = false,
}: {
  message: Message;
  position?: number;
  count?: number;
  compact?: boolean;
}) {
  const actions = useMessageActions();
  const [busy, setBusy] = useState<Busy>(null);
  const [expanded, setExpanded] = useState(false);
  const long = !compact && isLong(message.content);
  const role = useCurrentUser()?.active_role_type_id ?? null;
  const action = templateActionOf(message, role);
  const unread = message.whether_read === 0;

  const run = (what: Exclude<Busy, null>, job: () => Promise<void>) => async () => {
    setBusy(what);
    try {
      await job();
    } finally {
      setBusy(null);
    }
  };
  const button = (what: Exclude<Busy, null>, label: ReactNode, job: () => Promise<void>, danger = false) => (
    <Button
      type="link"
      size="small"
      danger={danger}
      loading={busy === what}
      disabled={busy !== null && busy !== what}
      onClick={run(what, job)}
    >
      {label}
    </Button>
  );

  return (
    <article
      className={['message-item', unread && 'is-unread', compact && 'is-compact'].filter(Boolean).join(' ')}
      aria-label={`${message.message_category_name}：${message.content}`}
      aria-posinset={position}
      aria-setsize={count}
      data-key={message._id}
    >
      <div className="message-item-head">
        {unread && <Badge status="processing" title="未读" />}
        <span className="message-category">{message.message_category_name}</span>
        <time className="message-time" title={message.create_time_str}>
          {relativeTime(message.create_time_str) || message.create_time_str}
        </time>
      </div>
      <p
        className={long && !expanded ? 'message-content is-clamped' : 'message-content'}
        title={compact ? message.content : undefined}
      >
        {message.content}
      </p>
      <div className="message-actions">
        {long && (
          <Button type="link" size="small" className="message-expand" onClick={() => setExpanded((e) => !e)}>
            {expanded ? '收起' : '查看全文'}
          </Button>
        )}
        {action && button('follow', action.label, () => actions.follow(message, action))}
        {message.url && button('download', '下载', () => actions.download(message))}
        {unread && button('read', '设为已读', () => actions.markRead(message))}
        {!compact && button('remove', '删除', () => actions.remove(message), true)}
      </div>
    </article>
  );
});
