import type { CompanyInvitation } from '@skill-cert/shared/companies';
import { TemplateKey } from '@skill-cert/shared/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { useMessageArrived } from '@/shared/realtime/message-events';
import { SESSION_SCOPED } from '@/shared/session/query-client';

/** `GET /api/companies/myInvitations`: companies whose administrator invited the caller, still open. */
export const getMyInvitations = (): Promise<CompanyInvitation[]> =>
  request<CompanyInvitation[]>('GET', '/api/companies/myInvitations');

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: ['my-invitations'], queryFn: getMyInvitations, meta: SESSION_SCOPED });

/** The caller's open invitations; a new one shows at once when its message (company_invitation) arrives. */
export function useMyInvitations() {
  const queryClient = useQueryClient();
  useMessageArrived([TemplateKey.COMPANY_INVITATION], () => {
    void queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey });
  });
  return useQuery(myInvitationsQueryOptions());
}

/** `POST /api/companies/myInvitations/:id/accept`: the caller joins that company. */
export const acceptInvitation = (id: string): Promise<{ company_id: string }> =>
  request('POST', `/api/companies/myInvitations/${id}/accept`);

/** `POST /api/companies/myInvitations/:id/decline`. */
export const declineInvitation = (id: string): Promise<null> =>
  request<null>('POST', `/api/companies/myInvitations/${id}/decline`);

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
export const useDeclineInvitation = () => useMutation({ mutationFn: declineInvitation });
