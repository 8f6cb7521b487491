import type { LoginResult, PasswordLoginBody } from '@skill-cert/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const loginWithPassword = (body: PasswordLoginBody): Promise<LoginResult> =>
  request<LoginResult>('POST', '/api/login', { body });

export const useLoginWithPassword = () => useMutation({ mutationFn: loginWithPassword });
