import type { PrivacyAgreement } from '@skill-cert/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

export const getPrivacyAgreement = (): Promise<PrivacyAgreement> =>
  request<PrivacyAgreement>('GET', '/api/app/privacyAgreement', { silent: true });

export const privacyAgreementQueryOptions = () =>
  queryOptions({
    queryKey: ['privacy-agreement'],
    queryFn: getPrivacyAgreement,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePrivacyAgreement = () => useQuery(privacyAgreementQueryOptions());
