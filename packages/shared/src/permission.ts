/** Permission and role checks (spec §5, §6). */

/** Held by super users: grants every permission key. */
export const ALL_PERMISSION = '*:*:*';

type RoleKey = string | number;

function requiredList<T extends RoleKey>(
  fn: string,
  what: string,
  required: T | readonly T[] | null | undefined,
): T[] {
  const list = (
    Array.isArray(required) ? required : required === null || required === undefined ? [] : [required]
  ) as T[];
  const keys = list.filter((k) => k !== null && k !== undefined && String(k).trim() !== '');
  if (keys.length === 0) {
    throw new Error(`${fn}: no ${what} given; pass a non-empty ${what} or list of ${what}s to check against`);
  }
  return keys;
}

/**
 * True when `held` contains '*:*:*' or any of the required permission keys.
 * Throws when `required` is missing, blank or an empty list (spec §5).
 */
export function hasPermission(
  held: readonly string[] | undefined | null,
  required: string | readonly string[],
): boolean {
  const keys = requiredList('hasPermission', 'permission key', required);
  if (!held || held.length === 0) return false;
  return held.includes(ALL_PERMISSION) || keys.some((k) => held.includes(k));
}

/**
 * True when `heldRoles` contains any of the required role names or ids (compared as strings, so 3 matches '3').
 * No wildcard role. Throws when `requiredRoles` is missing, blank or an empty list (spec §5).
 */
export function hasRole(
  heldRoles: readonly RoleKey[] | undefined | null,
  requiredRoles: RoleKey | readonly RoleKey[],
): boolean {
  const keys = requiredList('hasRole', 'role', requiredRoles).map(String);
  if (!heldRoles || heldRoles.length === 0) return false;
  const held = new Set(heldRoles.map(String));
  return keys.some((k) => held.has(k));
}

/**
 * Route access by role (spec §6): a route without a role list (undefined, null or empty) is open to all roles;
 * otherwise the active role must be in it (compared as strings).
 */
export function routeAllowsRole(
  routeRoles: readonly RoleKey[] | undefined | null,
  activeRole: RoleKey | null | undefined,
): boolean {
  if (!routeRoles || routeRoles.length === 0) return true;
  if (activeRole === null || activeRole === undefined) return false;
  return routeRoles.map(String).includes(String(activeRole));
}
