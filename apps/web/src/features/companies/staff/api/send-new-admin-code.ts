import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/newAdmin/sms`: a code to the phone of the member who is to become administrator. */
export const sendNewAdminCode = (userId: string): Promise<null> =>
  request<null>('POST', '/api/newAdmin/sms', { body: { user_id: userId } });

export const useSendNewAdminCode = () => useMutation({ mutationFn: sendNewAdminCode });
