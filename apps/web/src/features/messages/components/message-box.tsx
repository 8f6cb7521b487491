import { BellOutlined, CloseOutlined } from '@ant-design/icons';
import { MESSAGE_BOX_VIEW_MORE_ABOVE } from '@skill-cert/shared/constants';
import { Button } from 'antd';
import { closeMessageBox, openMessageCentre, useMessagesStore } from '../messages-store';
import { MessageItem } from './message-item';
import './messages.css';

/**
 * The live message box (spec §2 Dialogs): opens bottom right when messages are pushed, newest first;
 * 查看更多 opens the message centre once more than 5 are unread.
 */
export function MessageBox() {
  const open = useMessagesStore((s) => s.boxOpen);
  const messages = useMessagesStore((s) => s.messages);
  const unreadCount = useMessagesStore((s) => s.unreadCount);
  if (!open || messages.length === 0) return null;

  return (
    <section className="message-box" aria-label="新消息">
      <header className="message-box-head">
        <BellOutlined />
        <span className="message-box-title">新消息</span>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label="关闭新消息"
          onClick={closeMessageBox}
        />
      </header>
      <div className="message-box-list">
        {messages.slice(0, MESSAGE_BOX_VIEW_MORE_ABOVE).map((message) => (
          <MessageItem key={message._id} message={message} />
        ))}
      </div>
      {unreadCount > MESSAGE_BOX_VIEW_MORE_ABOVE && (
        <footer className="message-box-foot">
          <Button type="link" onClick={() => openMessageCentre('unread')}>
            查看更多
          </Button>
        </footer>
      )}
    </section>
  );
}
