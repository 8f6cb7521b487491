import { roleHome } from '@skill-cert/shared/roles';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';

/** `/` goes to the active role's home (the guard has loaded the user). */
export function HomeRedirect() {
  const user = useCurrentUser();
  return <Navigate to={roleHome(user?.active_role_type_id, user?.company_id)} replace />;
}
