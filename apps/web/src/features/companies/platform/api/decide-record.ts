import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** The reviewer's changes to the proposed institution and site codes (only what differs is sent). */
export interface ApproveCodes {
  institution_code?: string;
  site_codes?: { site_id: string; site_code: string }[];
}

export type RecordDecision =
  | { id: string; approve: true; codes?: ApproveCodes }
  | { id: string; approve: false; reason: string };

/** `POST /api/platform/recordApplications/:id/approve` or `/reject` (with the reason); the company is told. */
export const decideRecord = (decision: RecordDecision): Promise<RecordApplicationDetail> =>
  decision.approve
    ? request<RecordApplicationDetail>('POST', `/api/platform/recordApplications/${decision.id}/approve`, {
        body: decision.codes ?? {},
      })
    : request<RecordApplicationDetail>('POST', `/api/platform/recordApplications/${decision.id}/reject`, {
        body: { reason: decision.reason },
      });

export const useDecideRecord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRecord,
    onSuccess: (detail) => {
      queryClient.setQueryData(['platform-records', 'detail', detail._id], detail);
      void queryClient.invalidateQueries({ queryKey: ['platform-records', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['platform-companies', 'detail', detail.company_id] });
    },
  });
};
