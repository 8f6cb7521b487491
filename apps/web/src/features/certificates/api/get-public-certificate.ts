import type { PublicCertificate } from '@skill-cert/shared/custom-certificates';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `GET /api/public/certificates/{id}`: no login; 404 for an unknown id. Silent: the page says so itself. */
export const getPublicCertificate = (id: string): Promise<PublicCertificate> =>
  request<PublicCertificate>('GET', `/api/public/certificates/${encodeURIComponent(id)}`, { silent: true });

export const usePublicCertificate = (id: string) =>
  useQuery({
    queryKey: ['publicCertificate', id],
    queryFn: () => getPublicCertificate(id),
    enabled: id !== '',
    retry: false,
  });
