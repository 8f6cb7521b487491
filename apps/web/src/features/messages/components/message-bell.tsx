import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@skill-cert/shared/constants';
import { Badge, Button } from 'antd';
import { openMessageCentre, useMessagesStore } from '../messages-store';

/** Navbar bell (spec §2 Navbar): the unread count, at most '99+'; opens the message centre on 未读. */
export function MessageBell() {
  const count = useMessagesStore((s) => s.unreadCount);
  return (
    <Badge count={count} overflowCount={BADGE_MAX} size="small" offset={[-6, 6]} className="message-bell">
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label="消息中心"
        onClick={() => openMessageCentre('unread')}
      />
    </Badge>
  );
}
