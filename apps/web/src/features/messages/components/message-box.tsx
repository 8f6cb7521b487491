import { BellOutlined, CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { MESSAGE_BOX_VIEW_MORE_ABOVE } from '@skill-cert/shared/constants';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { messageBoxCloseMs } from '../lib/box-delay';
import { boxMessagesOf, closeMessageBox, openMessageCentre, useMessagesStore } from '../messages-store';
import { MessageItem } from './message-item';
import './messages.css';

/**
 * The live message box (spec §2 Dialogs), shown when messages are pushed: the messages of this push first, then
 * those pushed while it was open; never the older unread ones (the bell and the centre have those). 查看更多 opens
 * the centre once more than 5 are unread.
 *
 * Where it sits: a one-line notice in the navbar, between the breadcrumb and the navbar's buttons, a flex item that
 * makes room for itself. Every other place hides some page's primary actions at 1366×768: bottom right the tables'
 * 操作 column and pagination, bottom left the forms' 提交/保存 row, top right the cards' buttons (确认发证, 导出).
 * The navbar's middle holds no action in either layout (in the horizontal one the top menu folds its overflow into
 * "…"). The notice shows the newest message with its own buttons; 展开 drops the list below it, over the page, by
 * the user's choice only.
 *
 * It closes by itself `closeAfterMs` after the latest push (box-delay.ts) unless the pointer or the keyboard focus
 * is on it; `0` keeps it until closed.
 */
export function MessageBox({ closeAfterMs = messageBoxCloseMs() }: { closeAfterMs?: number }) {
  const open = useMessagesStore((s) => s.boxOpen);
  const boxIds = useMessagesStore((s) => s.boxIds);
  const messages = useMessagesStore((s) => s.messages);
  const pushesShown = useMessagesStore((s) => s.boxPushes);
  const unreadCount = useMessagesStore((s) => s.unreadCount);
  const shown = useMemo(() => boxMessagesOf({ boxIds, messages }), [boxIds, messages]);
  const visible = open && shown.length > 0;

  const [expanded, setExpanded] = useState(false);
  const [pointerOn, setPointerOn] = useState(false);
  const [focusOn, setFocusOn] = useState(false);
  // A box that left forgets how it was held: the next one starts collapsed, its delay running.
  useEffect(() => {
    if (visible) return;
    setExpanded(false);
    setPointerOn(false);
    setFocusOn(false);
  }, [visible]);

  const counting = visible && !pointerOn && !focusOn && closeAfterMs > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each push shown starts the delay again.
  useEffect(() => {
    if (!counting) return;
    const timer = window.setTimeout(closeMessageBox, closeAfterMs);
    return () => window.clearTimeout(timer);
  }, [counting, closeAfterMs, pushesShown]);

  if (!visible) return null;
  const [newest] = shown;
  return (
    <section
      className={expanded ? 'message-box is-expanded' : 'message-box'}
      aria-label="新消息"
      onPointerEnter={() => setPointerOn(true)}
      onPointerLeave={() => setPointerOn(false)}
      onFocus={() => setFocusOn(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusOn(false);
      }}
    >
      <div className="message-box-bar">
        <BellOutlined className="message-box-bell" />
        {expanded || !newest ? (
          <span className="message-box-title">新消息（{shown.length}）</span>
        ) : (
          <MessageItem key={newest._id} message={newest} compact />
        )}
        <Button
          type="text"
          size="small"
          className="message-box-toggle"
          icon={expanded ? <UpOutlined /> : <DownOutlined />}
          iconPlacement="end"
          aria-label={expanded ? '收起新消息' : '展开新消息'}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {!expanded && shown.length > 1 ? `共 ${shown.length} 条` : null}
        </Button>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label="关闭新消息"
          onClick={closeMessageBox}
        />
      </div>
      {expanded && (
        <div className="message-box-panel">
          <div className="message-box-list">
            {shown.slice(0, MESSAGE_BOX_VIEW_MORE_ABOVE).map((message) => (
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
        </div>
      )}
    </section>
  );
}
