import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/companies/joinRequests/:id/reject`: the applicant is told the reason by message. */
export const rejectJoinRequest = ({ id, reason }: { id: string; reason: string }): Promise<null> =>
  request<null>('POST', `/api/companies/joinRequests/${id}/reject`, { body: { reason } });

export const useRejectJoinRequest = () => useMutation({ mutationFn: rejectJoinRequest });
