import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/**
 * `GET /api/changePhone/sms`: without arguments a code to the current phone; with the new phone and the
 * ticket of the checked old phone, a code to the new phone (refused when another account uses it).
 */
export const sendChangePhoneCode = (to?: { phone: string; ticket: string }): Promise<null> =>
  request<null>('GET', '/api/changePhone/sms', { params: to ? { ...to } : undefined });

export const useSendChangePhoneCode = () => useMutation({ mutationFn: sendChangePhoneCode });
