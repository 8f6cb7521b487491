import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Modal, Tabs } from 'antd';
import { notify } from '@/shared/components/notice/notice';
import { feedback } from '@/shared/feedback';
import { errorMessage } from '@/shared/http';
import { useDeleteMessages } from '../api/delete-messages';
import type { MessageTab } from '../api/get-messages';
import { useReadMessages } from '../api/read-messages';
import { closeMessageCentre, setMessageCentreTab, useMessagesStore } from '../messages-store';
import { MessageList } from './message-list';
import './messages.css';

export const DELETE_ALL_QUESTION = '确定删除全部消息吗？';

/** The message centre dialog (spec §2 Dialogs): 全部通知 and 未读, with mark-all-read and delete-all. */
export function MessageCentre() {
  const { open, tab } = useMessagesStore((s) => s.centre);
  const readAll = useReadMessages();
  const deleteAll = useDeleteMessages();

  const items: MenuProps['items'] = [
    { key: 'read-all', label: '标记所有为已读' },
    { key: 'delete-all', label: '删除所有消息', danger: true },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'read-all') {
      readAll.mutateAsync([]).then(
        () => void feedback.message.success('全部设为已读成功'),
        (error: unknown) => void notify('设为已读', false, errorMessage(error)),
      );
    } else if (key === 'delete-all') {
      feedback.modal.confirm({
        title: '提示',
        content: DELETE_ALL_QUESTION,
        okText: '确定',
        cancelText: '取消',
        // A failure has been reported by the HTTP client; the dialog just closes.
        onOk: () =>
          deleteAll.mutateAsync([]).then(
            () => void feedback.message.success('删除全部消息成功'),
            () => undefined,
          ),
      });
    }
  };

  return (
    <Modal
      open={open}
      title="消息中心"
      footer={null}
      width={640}
      onCancel={closeMessageCentre}
      destroyOnHidden
      className="message-centre"
    >
      {/* The actions sit over the tab bar's right end, outside its tablist: a tablist holds only tabs (ARIA). */}
      <div className="message-centre-body">
        <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']} placement="bottomRight">
          <Button type="text" icon={<MoreOutlined />} aria-label="消息操作" className="message-centre-more" />
        </Dropdown>
        <Tabs
          activeKey={tab}
          onChange={(key) => setMessageCentreTab(key as MessageTab)}
          destroyOnHidden
          items={[
            { key: 'all', label: '全部通知', children: <MessageList tab="all" /> },
            { key: 'unread', label: '未读', children: <MessageList tab="unread" /> },
          ]}
        />
      </div>
    </Modal>
  );
}
