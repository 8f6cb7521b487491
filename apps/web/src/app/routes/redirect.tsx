import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path> re-enters <path>: used to refresh a tab (spec §2). */
export function RedirectPage() {
  const { '*': path = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${path}${search}`} replace />;
}
