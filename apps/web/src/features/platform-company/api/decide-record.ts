import type { RecordApplicationDetail } from '@skill-cert/shared/recordApplication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export type RecordDecision = { id: string; approve: true } | { id: string; approve: false; reason: string };

/** `POST /api/platform/recordApplications/:id/approve` or `/reject` (with the reason); the company is told. */
export const decideRecord = (decision: RecordDecision): Promise<RecordApplicationDetail> =>
  decision.approve
    ? request<RecordApplicationDetail>('POST', `/api/platform/recordApplications/${decision.id}/approve`, {
        body: {},
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
