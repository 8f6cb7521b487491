import { hasPermission, hasRole } from '@skill-cert/shared/permission';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../session/session-store';
import { usePersonalMenus } from './personal-menus';

/**
 * Permission checks of spec §6. They read the keys from the query cache on every render, so a
 * refetch after a grant, a revoke or a role switch shows or hides elements at once.
 */

/** The permission keys the signed-in user holds in the active role type (`*:*:*` for all). */
export function usePermissionKeys(): readonly string[] {
  return usePersonalMenus().data.permissions;
}

/** True when the user holds any of `keys` or `*:*:*`. Throws when `keys` is empty (spec §5). */
export function usePermission(keys: string | readonly string[]): boolean {
  return hasPermission(usePermissionKeys(), keys);
}

/** True when the active role type is one of `roles` (ids such as 2, or their names). Throws when empty. */
export function useRoleCheck(roles: number | string | readonly (number | string)[]): boolean {
  const active = useCurrentUser()?.active_role_type_id;
  return hasRole(active === null || active === undefined ? [] : [active], roles);
}

interface PermissionProps {
  /** One key or several; any one of them is enough. */
  keys: string | readonly string[];
  children: ReactNode;
  /** Shown instead when the key is not held; nothing by default. */
  fallback?: ReactNode;
}

/** Shows its children only to a user who holds one of `keys`, e.g. `<Permission keys="system:role:add">`. */
export function Permission({ keys, children, fallback = null }: PermissionProps) {
  return usePermission(keys) ? children : fallback;
}
