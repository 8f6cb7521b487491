import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { ENTERPRISE_RECORDS, type RecordsBase } from './records-base';

/** `POST /api/recordApplications/:id/submit`: a draft or rejected application goes to review. */
export const submitRecordApplication = (
  id: string,
  base: RecordsBase = ENTERPRISE_RECORDS,
): Promise<RecordApplicationDetail> => request<RecordApplicationDetail>('POST', `${base}/${id}/submit`);

export const useSubmitRecordApplication = (base: RecordsBase = ENTERPRISE_RECORDS) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => submitRecordApplication(id, base),
    onSuccess: (detail) => {
      queryClient.setQueryData(['record-applications', 'detail', detail._id], detail);
      void queryClient.invalidateQueries({ queryKey: ['record-applications', 'list'] });
    },
  });
};
