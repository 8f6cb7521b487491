import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { type InviteCode, inviteCodeQueryOptions } from './get-invite-code';

/** `GET /api/companies/switchInitiateStatus`: turns joining by code on or off (administrator). */
export const switchInviteStatus = (): Promise<InviteCode> =>
  request<InviteCode>('GET', '/api/companies/switchInitiateStatus');

export function useSwitchInviteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchInviteStatus,
    onSuccess: (data) => queryClient.setQueryData(inviteCodeQueryOptions().queryKey, data),
  });
}
