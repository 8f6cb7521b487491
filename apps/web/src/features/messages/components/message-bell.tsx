import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@skill-cert/shared/constants';
import { Badge, Button } from 'antd';
import { useId } from 'react';
import { openMessageCentre, useMessagesStore } from '../messages-store';

/** What the bell says of the unread messages to a screen reader (the badge shows at most 99+). */
export const unreadDescription = (count: number): string => `${count} 条未读`;

/**
 * Navbar bell (spec §2 Navbar): the unread count, at most '99+', which the button's description says in full; opens
 * the message centre on 未读.
 */
export function MessageBell() {
  const count = useMessagesStore((s) => s.unreadCount);
  const countId = useId();
  return (
    <Badge count={count} overflowCount={BADGE_MAX} size="small" offset={[-6, 6]} className="message-bell">
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label="消息中心"
        aria-describedby={count > 0 ? countId : undefined}
        onClick={() => openMessageCentre('unread')}
      />
      {count > 0 && (
        <span id={countId} hidden>
          {unreadDescription(count)}
        </span>
      )}
    </Badge>
  );
}
