import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/changePhone/checkSms`: the current phone's code; answers a ticket valid for 10 minutes. */
export const checkOldPhoneCode = (verify_code: string): Promise<{ ticket: string }> =>
  request('POST', '/api/changePhone/checkSms', { body: { verify_code } });

export const useCheckOldPhoneCode = () => useMutation({ mutationFn: checkOldPhoneCode });
