import type { CustomCertificateRow, ReCreateBody } from '@skill-cert/shared/custom-certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/**
 * `PATCH /api/customCertificates/{id}/reCreate` with the corrected blanks (name + val). Silent: the
 * dialog says '{error}，请稍后重试！' itself.
 */
export const reCreateCertificate = ({ id, body }: { id: string; body: ReCreateBody }) =>
  request<CustomCertificateRow>('PATCH', `/api/customCertificates/${encodeURIComponent(id)}/reCreate`, {
    body,
    silent: true,
  });

/** On success the batch (counts, status) and its certificate list are asked again. */
export const useReCreateCertificate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reCreateCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customCertificateBatches'] }),
  });
};
