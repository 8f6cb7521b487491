import type { ResetPasswordBody } from '@skill-cert/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const resetPassword = (body: ResetPasswordBody): Promise<null> =>
  request<null>('POST', '/api/resetPassword', { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
