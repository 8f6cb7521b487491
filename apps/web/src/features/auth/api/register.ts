import type { LoginResult, RegisterBody } from '@skill-cert/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const register = (body: RegisterBody): Promise<LoginResult> =>
  request<LoginResult>('POST', '/api/register', { body });

export const useRegister = () => useMutation({ mutationFn: register });
