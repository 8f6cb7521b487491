import { routeAllowsRole } from '@skill-cert/shared/permission';
import { type RoleTypeId, roleHome } from '@skill-cert/shared/roles';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';

/**
 * Routes for some roles only (spec §6 "a route may carry a role list"): another role is sent to
 * its home, as for any path it does not have. The guard has loaded the user before this renders.
 */
export function RequireRole({ roles }: { roles: RoleTypeId[] }) {
  const user = useCurrentUser();
  if (!routeAllowsRole(roles, user?.active_role_type_id)) {
    return <Navigate to={roleHome(user?.active_role_type_id, user?.company_id)} replace />;
  }
  return <Outlet />;
}
