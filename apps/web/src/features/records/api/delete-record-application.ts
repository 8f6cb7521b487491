import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { ENTERPRISE_RECORDS, type RecordsBase } from './records-base';

/** `DELETE /api/recordApplications/:id`: drafts only. */
export const deleteRecordApplication = (id: string, base: RecordsBase = ENTERPRISE_RECORDS): Promise<null> =>
  request<null>('DELETE', `${base}/${id}`);

export const useDeleteRecordApplication = (base: RecordsBase = ENTERPRISE_RECORDS) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRecordApplication(id, base),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['record-applications', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['record-applications', 'list'] });
    },
  });
};
