import type { MenuNode, MenuPortal, PersonalMenus } from '@skill-cert/shared/access';
import { ALL_PERMISSION } from '@skill-cert/shared/permission';

/** Server menus for tests, shaped like the server's defaults (apps/server access/defaults.ts). */
let seq = 0;

export function menuNode(overrides: Partial<MenuNode> & Pick<MenuNode, 'name'>): MenuNode {
  seq += 1;
  return {
    _id: `menu-${seq}`,
    parent_id: null,
    portal: 2,
    type: 2,
    icon: null,
    key: null,
    front_route_path: null,
    front_route_name: null,
    front_route_addr: null,
    redirect_url: null,
    whether_hidden: 0,
    whether_cache: 1,
    sort: seq,
    children: [],
    ...overrides,
  };
}

const page = (portal: MenuPortal, name: string, path: string, addr: string, extra: Partial<MenuNode> = {}) =>
  menuNode({ portal, name, front_route_path: path, front_route_addr: addr, key: `${addr}:list`, ...extra });

export const defaultMenus: Record<MenuPortal, MenuNode[]> = {
  2: [
    page(2, '企业管理', '/company', 'platform/company'),
    menuNode({
      portal: 2,
      type: 1,
      name: '系统管理',
      front_route_path: 'Layout',
      children: [
        page(2, '菜单管理', '/system/menu', 'system/menu'),
        page(2, '角色管理', '/system/role', 'system/role'),
        page(2, '用户管理', '/system/user', 'system/user'),
      ],
    }),
    page(2, '新闻公告', '/news', 'platform/news'),
  ],
  3: [
    page(3, '备案中心', '/record-center', 'institution/record-center'),
    page(3, '考试计划', '/test-plan', 'institution/test-plan'),
    page(3, '编辑考试计划', '/test-plan/edit/:id', 'institution/test-plan-edit', {
      whether_hidden: 1,
      whether_cache: 0,
    }),
  ],
  4: [page(4, '考评任务', '/exam-task', 'examiner/exam-task')],
};

/** What GET /api/user/personalMenus answers a holder of every permission in `portal`. */
export const fullMenus = (portal: MenuPortal): PersonalMenus => ({
  menus: defaultMenus[portal],
  permissions: [ALL_PERMISSION],
});
