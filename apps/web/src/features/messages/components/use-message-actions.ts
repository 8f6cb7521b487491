import type { Message } from '@skill-cert/shared/messages';
import { useNavigate } from 'react-router';
import { browser } from '@/shared/browser';
import { notify } from '@/shared/components/notice/notice';
import { feedback } from '@/shared/feedback';
import { errorMessage } from '@/shared/http';
import { useDeleteMessage } from '../api/delete-message';
import { useDownloadMessageFile } from '../api/download-message-file';
import { useReadMessages } from '../api/read-messages';
import type { TemplateAction } from '../lib/template-action';
import { closeMessageBox, closeMessageCentre, useMessagesStore } from '../messages-store';

/** What a message's buttons do, in the message centre and in the live message box alike. */
export function useMessageActions() {
  const navigate = useNavigate();
  const read = useReadMessages();
  const remove = useDeleteMessage();
  const download = useDownloadMessageFile();

  return {
    markRead: (message: Message): Promise<void> =>
      read.mutateAsync([message._id]).then(
        () => void feedback.message.success('设为已读成功'),
        (error: unknown) => void notify('设为已读', false, errorMessage(error)),
      ),

    // A failed delete has already been reported by the HTTP client.
    remove: (message: Message): Promise<void> =>
      remove.mutateAsync(message._id).then(
        () => void feedback.message.success('删除消息成功'),
        () => undefined,
      ),

    download: (message: Message): Promise<void> =>
      download
        .mutateAsync(message)
        .catch((error: unknown) => void notify('下载', false, errorMessage(error))),

    /** The template-key action: the message is marked read first, then the jump (spec §4). */
    follow: async (message: Message, action: TemplateAction): Promise<void> => {
      if (message.whether_read === 0) {
        await read.mutateAsync([message._id]).catch((error: unknown) => console.error('mark read', error));
      }
      if (action.kind === 'navigate') {
        closeMessageCentre();
        closeMessageBox();
        await navigate(action.to);
      } else if (action.kind === 'load') {
        browser.assign(action.to);
      } else {
        useMessagesStore.getState().viewCustomCertificate(action.certificateId);
      }
    },
  };
}
