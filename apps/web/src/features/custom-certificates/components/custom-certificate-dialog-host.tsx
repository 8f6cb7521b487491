import { lazy, useEffect, useState } from 'react';
import { LoadWhen } from '@/shared/components/load-when';

// Loaded when a certificate is first viewed, not with the signed-in layout.
const CustomCertificateDetailDialog = lazy(() =>
  import('./custom-certificate-detail-dialog').then((m) => ({ default: m.CustomCertificateDetailDialog })),
);

/** Registers the opener with whoever asks for it (the message centre); returns the unregister. */
export type RegisterCustomCertificateViewer = (view: (batchId: string) => void) => () => void;

/**
 * The detail dialog mounted once in the signed-in shell, opened from anywhere that was handed the
 * opener (the 查看证书 action of create_custom_certificate_done; data._id is the batch id).
 */
export function CustomCertificateDialogHost({ register }: { register: RegisterCustomCertificateViewer }) {
  const [batchId, setBatchId] = useState<string | null>(null);
  useEffect(() => register((id) => setBatchId(id)), [register]);
  return (
    <LoadWhen when={batchId !== null}>
      <CustomCertificateDetailDialog batchId={batchId} onClose={() => setBatchId(null)} />
    </LoadWhen>
  );
}
