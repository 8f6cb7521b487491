import { request } from '../../http';

export const logout = (): Promise<null> => request<null>('DELETE', '/api/logout', { silent: true });
