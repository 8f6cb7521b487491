import type { PublicSearchQuery } from '@skill-cert/shared/certificates';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/**
 * `GET /api/public/certificateSearch?certificate_no&name`: no login; both must match, else 404 (which part is not
 * said). Silent: the form shows the answer under itself.
 */
export const searchPublicCertificate = (query: PublicSearchQuery): Promise<{ _id: string }> =>
  request<{ _id: string }>('GET', '/api/public/certificateSearch', { params: { ...query }, silent: true });

export const useSearchPublicCertificate = () => useMutation({ mutationFn: searchPublicCertificate });
