import type { LoginResult } from '@skill-cert/shared/auth';
import { request } from '../../http';

export const refreshToken = (): Promise<LoginResult> =>
  request<LoginResult>('GET', '/api/refresh', { silent: true });
