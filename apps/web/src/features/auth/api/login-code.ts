import type { LoginResult } from '@skill-cert/shared/auth';
import { request } from '@/shared/http';

/** Exchanges the single-use code of /auth-redirect for a session. The page shows the error itself. */
export const loginWithCode = (code: string): Promise<LoginResult> =>
  request<LoginResult>('POST', '/api/loginCode', { body: { code }, silent: true });
