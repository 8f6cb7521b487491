import { Navigate, useParams } from 'react-router';

/** Spec §4 sends 确认发证 to /certificate/confirm-add/{id}; the page lives at /grant-certificate/confirm-add/{id}. */
export function CertificateConfirmAlias() {
  const { id = '' } = useParams();
  return <Navigate to={`/grant-certificate/confirm-add/${encodeURIComponent(id)}`} replace />;
}
