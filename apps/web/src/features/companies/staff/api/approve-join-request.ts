import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/companies/joinRequests/:id/approve`: the applicant joins and is told by message. */
export const approveJoinRequest = (id: string): Promise<null> =>
  request<null>('POST', `/api/companies/joinRequests/${id}/approve`);

export const useApproveJoinRequest = () => useMutation({ mutationFn: approveJoinRequest });
