import type { CompanyInfo } from '@skill-cert/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyQueryOptions } from './get-company';

/** A settings PATCH answers the whole company: the page shows it at once, without another GET. */
export function useCompanySetting<B>(mutationFn: (body: B) => Promise<CompanyInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (company) => queryClient.setQueryData(companyQueryOptions(company._id).queryKey, company),
  });
}
