import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/platform/companies/:id/freeze` or `/unfreeze`; the company's members are told. */
export const setCompanyStatus = ({ id, freeze }: { id: string; freeze: boolean }): Promise<null> =>
  request<null>('POST', `/api/platform/companies/${id}/${freeze ? 'freeze' : 'unfreeze'}`);

export const useSetCompanyStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['platform-companies'] }),
  });
};
