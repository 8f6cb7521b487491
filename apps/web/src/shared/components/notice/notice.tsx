import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { feedback } from '@/shared/feedback';

/** Actions whose outcome gets a notice dialog (spec §8). Others may be passed as plain text. */
export type NoticeAction = '设为已读' | '下载' | '重新生成证书' | (string & {});

/** '设为已读成功!' or '设为已读失败!' (spec §8 helper text). */
export const noticeText = (action: NoticeAction, ok: boolean): string => `${action}${ok ? '成功' : '失败'}!`;

/**
 * The notice dialog for an action's outcome: a title of '{action}成功!' or '{action}失败!', and the
 * detail (for a failure, usually the server's message) underneath. Works inside and outside React.
 */
export function notify(action: NoticeAction, ok: boolean, detail?: string): { destroy: () => void } {
  return feedback.modal.info({
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
}
