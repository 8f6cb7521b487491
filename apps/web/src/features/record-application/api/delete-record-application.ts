import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `DELETE /api/recordApplications/:id`: drafts only. */
export const deleteRecordApplication = (id: string): Promise<null> =>
  request<null>('DELETE', `/api/recordApplications/${id}`);

export const useDeleteRecordApplication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecordApplication,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['record-applications', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['record-applications', 'list'] });
    },
  });
};
