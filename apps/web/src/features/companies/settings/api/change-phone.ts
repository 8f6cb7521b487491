import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/changePhone`: binds the new phone with its code and the old phone's ticket. */
export const changePhone = (body: {
  phone: string;
  verify_code: string;
  ticket: string;
}): Promise<{ phone: string }> => request('POST', '/api/changePhone', { body });

export const useChangePhone = () => useMutation({ mutationFn: changePhone });
