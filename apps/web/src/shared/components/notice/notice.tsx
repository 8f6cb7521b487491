import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Modal, type ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '@/shared/feedback';

/** Actions whose outcome gets a notice dialog (spec §8). Others may be passed as plain text. */
export type NoticeAction = '设为已读' | '下载' | '重新生成证书' | (string & {});

/** '设为已读成功!' or '设为已读失败!' (spec §8 helper text). */
export const noticeText = (action: NoticeAction, ok: boolean): string => `${action}${ok ? '成功' : '失败'}!`;

/** The dialog of a notice: a title of '{action}成功!' or '{action}失败!', and the detail underneath. */
const noticeProps = (action: NoticeAction, ok: boolean, detail?: string): ModalFuncProps => ({
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

/**
 * The notice dialog for an action's outcome (for a failure, the detail is usually the server's message). Works
 * inside and outside React; from within a dialog use useNotice, whose notice stacks above that dialog.
 */
export function notify(action: NoticeAction, ok: boolean, detail?: string): { destroy: () => void } {
  return feedback.modal.info(noticeProps(action, ok, detail));
}

/**
 * The same notice rendered inside the caller's tree (mount `holder`): opened from within a dialog it stacks above
 * that dialog, where the app-level one would open underneath.
 */
export function useNotice(): {
  notify: (action: NoticeAction, ok: boolean, detail?: string) => void;
  holder: ReactNode;
} {
  const [modal, holder] = Modal.useModal();
  return { notify: (action, ok, detail) => void modal.info(noticeProps(action, ok, detail)), holder };
}
