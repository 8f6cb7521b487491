import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { type NoticeAction, noticeText } from '@/shared/components/notice/notice';

/**
 * The notice dialog of spec §8 ('{action}成功!' / '{action}失败!'), as shared/notice draws it, but
 * rendered inside the caller's tree: opened from within a dialog it stacks above that dialog, where the
 * app-level one would open underneath.
 */
export function useNotice(): {
  notify: (action: NoticeAction, ok: boolean, detail?: string) => void;
  holder: ReactNode;
} {
  const [modal, holder] = Modal.useModal();
  const notify = (action: NoticeAction, ok: boolean, detail?: string) => {
    modal.info({
      title: noticeText(action, ok),
      content: detail,
      icon: ok ? (
        <CheckCircleFilled style={{ color: '#00b42a' }} />
      ) : (
        <CloseCircleFilled style={{ color: '#f53f3f' }} />
      ),
      okText: '确定',
      className: ok ? 'notice-success' : 'notice-failure',
    });
  };
  return { notify, holder };
}
