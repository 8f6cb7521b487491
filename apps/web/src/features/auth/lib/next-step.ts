import type { RoleTypeInfo, UserInfo } from '@skill-cert/shared/auth';
import { roleHome } from '@skill-cert/shared/roles';

export type NextStep =
  | { kind: 'no-role' }
  | { kind: 'pick-role'; roles: RoleTypeInfo[] }
  | { kind: 'go'; to: string };

/**
 * Where a fresh login leads (spec §2 landing table, §4): no role at all is refused; roles but
 * none active ask the user to pick one; otherwise the `redirect` target or the role's home.
 */
export function nextStepAfterLogin(user: UserInfo, redirectTo: string | null): NextStep {
  if (user.role_type_info.length === 0) return { kind: 'no-role' };
  if (user.active_role_type_id === null) return { kind: 'pick-role', roles: user.role_type_info };
  return { kind: 'go', to: redirectTo ?? roleHome(user.active_role_type_id, user.company_id) };
}
