import type { AffectedCount, NoticeBody } from '@skill-cert/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/notices`: a 系统通知 to one user, one company or everyone; answers how many received it. */
export const sendNotice = (body: NoticeBody): Promise<AffectedCount> =>
  request<AffectedCount>('POST', '/api/notices', { body });

export const useSendNotice = () => useMutation({ mutationFn: sendNotice });
