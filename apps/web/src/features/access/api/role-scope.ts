import type { MenuPortal } from '@skill-cert/shared/access';
import type { QueryParams } from '@/shared/query';

/**
 * Whose roles a role screen manages: the platform's (every server-menu portal, `/api/roles`) or the caller
 * institution's own (机构端 only, `/api/institution/roles`, never 全部权限). The screens are the same; the routes, the
 * menu a role may be granted and the permission keys of its buttons differ.
 */
export interface RoleScope {
  /** The roles' route. */
  roles: string;
  /** The menu tree a role of `portal` may be granted. */
  menus: (portal: MenuPortal) => { path: string; params?: QueryParams };
  /** The root of its query keys: the scopes never share a cache entry. */
  key: 'roles' | 'institution-roles';
  /** A role of the institution: portal 机构端, no 全部权限, only its own. */
  institution: boolean;
  /** The key each button needs. */
  keys: { add: string; edit: string; delete: string; grant: string };
}

export const PLATFORM_ROLES: RoleScope = {
  roles: '/api/roles',
  menus: (portal) => ({ path: '/api/menus', params: { portal } }),
  key: 'roles',
  institution: false,
  keys: {
    add: 'system:role:add',
    edit: 'system:role:edit',
    delete: 'system:role:delete',
    grant: 'system:role:grant',
  },
};

/** The key of every change to an institution's roles and their grants (docs/api.md "Permission keys"). */
export const INSTITUTION_ROLE_EDIT_KEY = 'institution:role:edit';

export const INSTITUTION_ROLES: RoleScope = {
  roles: '/api/institution/roles',
  menus: () => ({ path: '/api/institution/menus' }),
  key: 'institution-roles',
  institution: true,
  keys: {
    add: INSTITUTION_ROLE_EDIT_KEY,
    edit: INSTITUTION_ROLE_EDIT_KEY,
    delete: INSTITUTION_ROLE_EDIT_KEY,
    grant: INSTITUTION_ROLE_EDIT_KEY,
  },
};
