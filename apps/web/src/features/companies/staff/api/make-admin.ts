import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/companies/members/:userId/makeAdmin`: that member becomes 管理员, the caller 成员. */
export const makeAdmin = ({ userId, verify_code }: { userId: string; verify_code: string }): Promise<null> =>
  request<null>('POST', `/api/companies/members/${userId}/makeAdmin`, { body: { verify_code } });

export const useMakeAdmin = () => useMutation({ mutationFn: makeAdmin });
