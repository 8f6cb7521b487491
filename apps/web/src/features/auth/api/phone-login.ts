import type { LoginResult, PhoneLoginBody } from '@skill-cert/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const loginWithPhone = (body: PhoneLoginBody): Promise<LoginResult> =>
  request<LoginResult>('POST', '/api/phone/login', { body });

export const useLoginWithPhone = () => useMutation({ mutationFn: loginWithPhone });
