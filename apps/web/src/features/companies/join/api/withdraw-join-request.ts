import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `DELETE /api/companies/myJoinRequest`: withdraws the caller's pending join request. */
export const withdrawJoinRequest = (): Promise<null> =>
  request<null>('DELETE', '/api/companies/myJoinRequest');

export const useWithdrawJoinRequest = () => useMutation({ mutationFn: withdrawJoinRequest });
