import type { Message, MessageFile } from '@skill-cert/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { browser } from '@/shared/browser';
import { request } from '@/shared/http';

/** `GET <message.url>` (`/api/message/:id/file`): where the message's file can be downloaded. */
export const getMessageFile = (url: string): Promise<MessageFile> =>
  request<MessageFile>('GET', url, { silent: true });

/**
 * Asks for the file's address, then lets the browser fetch it: the file answers as an attachment and
 * is authorised by the Admin-Token cookie, so the page stays where it is.
 */
export async function downloadMessageFile(message: Pick<Message, 'url'>): Promise<void> {
  if (!message.url) throw new Error('该消息没有可下载的文件');
  const { url } = await getMessageFile(message.url);
  browser.assign(url);
}

export const useDownloadMessageFile = () => useMutation({ mutationFn: downloadMessageFile });
