import type { MenuNode, MenuPortal, RoleRow } from '@skill-cert/shared/access';
import { useSessionStore } from '@/shared/session/session-store';
import { makeUser, ok } from '@/test/fake-network';

/** Test data and rendering for the system screens (imported by their tests only). */

let seq = 0;
const uuid = () => {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export function menu(
  name: string,
  type: 1 | 2 | 3,
  extra: Partial<MenuNode> = {},
  children: MenuNode[] = [],
): MenuNode {
  const node: MenuNode = {
    _id: uuid(),
    parent_id: null,
    portal: 2,
    type,
    name,
    icon: null,
    key: null,
    front_route_path: type === 1 ? 'Layout' : null,
    front_route_name: null,
    front_route_addr: null,
    redirect_url: null,
    whether_hidden: 0,
    whether_cache: 1,
    sort: 0,
    children,
    ...extra,
  };
  for (const child of children) child.parent_id = node._id;
  return node;
}

/** 系统管理 > 角色管理 > (新增角色, 删除角色), 用户管理; and 企业管理 at the top. */
export function platformMenus() {
  const addRole = menu('新增角色', 3, { key: 'system:role:add' });
  const deleteRole = menu('删除角色', 3, { key: 'system:role:delete' });
  const rolePage = menu('角色管理', 2, { key: 'system:role:list', front_route_path: '/system/role' }, [
    addRole,
    deleteRole,
  ]);
  const userPage = menu('用户管理', 2, { key: 'system:user:list', front_route_path: '/system/user' });
  const system = menu('系统管理', 1, { icon: 'SettingOutlined' }, [rolePage, userPage]);
  const company = menu('企业管理', 2, { key: 'platform:company:list', front_route_path: '/company' });
  return { tree: [company, system], company, system, rolePage, userPage, addRole, deleteRole };
}

export function role(name: string, portal: MenuPortal = 2, extra: Partial<RoleRow> = {}): RoleRow {
  return {
    _id: uuid(),
    portal,
    name,
    remark: null,
    permission_all: 0,
    create_time_str: '2026-01-02 10:00:00',
    ...extra,
  };
}

/** A platform user holding `permissions`; the fake network must answer personalMenus with them. */
export function signInPlatform(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}
