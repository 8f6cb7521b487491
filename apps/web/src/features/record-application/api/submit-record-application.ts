import type { RecordApplicationDetail } from '@skill-cert/shared/recordApplication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/recordApplications/:id/submit`: a draft or rejected application goes to review. */
export const submitRecordApplication = (id: string): Promise<RecordApplicationDetail> =>
  request<RecordApplicationDetail>('POST', `/api/recordApplications/${id}/submit`);

export const useSubmitRecordApplication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRecordApplication,
    onSuccess: (detail) => {
      queryClient.setQueryData(['record-applications', 'detail', detail._id], detail);
      void queryClient.invalidateQueries({ queryKey: ['record-applications', 'list'] });
    },
  });
};
