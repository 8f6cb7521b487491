import type { CreateInstitutionBody, InstitutionCreated } from '@skill-cert/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/platform/institutions`: an institution (company type 2) and its administrator. */
export const createInstitution = (body: CreateInstitutionBody): Promise<InstitutionCreated> =>
  request<InstitutionCreated>('POST', '/api/platform/institutions', { body });

export const useCreateInstitution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstitution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['platform-companies'] }),
  });
};
