import type { UserInfo } from '@skill-cert/shared/auth';
import { request } from '../../http';

export const getUser = (): Promise<UserInfo> => request<UserInfo>('GET', '/api/user', { silent: true });
