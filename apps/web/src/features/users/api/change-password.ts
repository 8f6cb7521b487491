import type { ChangePasswordBody } from '@skill-cert/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** Changes the password; the server then revokes every session of the user. The page shows a refusal itself. */
export const changePassword = (body: ChangePasswordBody): Promise<null> =>
  request<null>('PATCH', '/api/login', { body, silent: true });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
