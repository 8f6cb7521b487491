import { MenuType } from '@skill-cert/shared/access';
import { RoleType } from '@skill-cert/shared/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/id.ts';
import { menus, roleMenus, roles, userRoles } from './tables.ts';

interface MenuSeed {
  type: 1 | 2 | 3;
  name: string;
  icon?: string;
  key?: string;
  path?: string;
  routeName?: string;
  addr?: string;
  hidden?: boolean;
  cache?: boolean;
  children?: MenuSeed[];
}

const button = (name: string, key: string): MenuSeed => ({ type: MenuType.BUTTON, name, key });
const page = (
  name: string,
  path: string,
  addr: string,
  key: string,
  extra: Partial<MenuSeed> = {},
): MenuSeed => ({
  type: MenuType.PAGE,
  name,
  path,
  addr,
  key,
  routeName: addr.replace(/(^|[/-])(\w)/g, (_, __, c: string) => c.toUpperCase()),
  ...extra,
});

/** The menus each server-menu portal starts with (DOMAIN.md). The platform edits them afterwards. */
export const defaultMenus: Record<2 | 3 | 4, MenuSeed[]> = {
  [RoleType.PLATFORM]: [
    page('企业管理', '/company', 'platform/company', 'platform:company:list', {
      icon: 'ShopOutlined',
      children: [
        button('冻结/解冻企业', 'platform:company:freeze'),
        button('审核备案', 'platform:company:review'),
      ],
    }),
    {
      type: MenuType.DIRECTORY,
      name: '系统管理',
      icon: 'SettingOutlined',
      path: 'Layout',
      children: [
        page('菜单管理', '/system/menu', 'system/menu', 'system:menu:list', {
          icon: 'MenuOutlined',
          children: [
            button('新增菜单', 'system:menu:add'),
            button('修改菜单', 'system:menu:edit'),
            button('删除菜单', 'system:menu:delete'),
          ],
        }),
        page('角色管理', '/system/role', 'system/role', 'system:role:list', {
          icon: 'TeamOutlined',
          children: [
            button('新增角色', 'system:role:add'),
            button('修改角色', 'system:role:edit'),
            button('删除角色', 'system:role:delete'),
            button('分配权限', 'system:role:grant'),
          ],
        }),
        page('用户管理', '/system/user', 'system/user', 'system:user:list', {
          icon: 'UserOutlined',
          children: [button('分配角色', 'system:user:grant')],
        }),
        page('发送通知', '/system/notice', 'system/notice', 'system:notice:send', { icon: 'SendOutlined' }),
      ],
    },
    page('新闻公告', '/news', 'platform/news', 'platform:news:list', { icon: 'NotificationOutlined' }),
  ],
  [RoleType.INSTITUTION]: [
    page('备案中心', '/record-center', 'institution/record-center', 'institution:record:list', {
      icon: 'AuditOutlined',
    }),
    page('考试计划', '/test-plan', 'institution/test-plan', 'institution:test-plan:list', {
      icon: 'ScheduleOutlined',
      children: [button('新增考试计划', 'institution:test-plan:add')],
    }),
    page('编辑考试计划', '/test-plan/edit/:id', 'institution/test-plan-edit', 'institution:test-plan:edit', {
      hidden: true,
      cache: false,
    }),
    page('课程管理', '/course', 'institution/course', 'institution:course:list', { icon: 'ReadOutlined' }),
    page('订单管理', '/order', 'institution/order', 'institution:order:list', {
      icon: 'AccountBookOutlined',
    }),
    page('兑换码', '/exchange-code', 'institution/exchange-code', 'institution:exchange-code:list', {
      icon: 'GiftOutlined',
    }),
  ],
  [RoleType.EXAMINER]: [
    page('考评任务', '/exam-task', 'examiner/exam-task', 'examiner:task:list', { icon: 'FormOutlined' }),
  ],
};

/** Roles each portal starts with: `all` holds every permission; otherwise the listed keys. */
export const defaultRoles: {
  portal: 2 | 3 | 4;
  name: string;
  remark: string;
  all: boolean;
  keys?: string[];
}[] = [
  { portal: RoleType.PLATFORM, name: '超级管理员', remark: '拥有平台端全部权限', all: true },
  {
    portal: RoleType.PLATFORM,
    name: '运营人员',
    remark: '企业管理与新闻公告',
    all: false,
    keys: ['platform:company:list', 'platform:news:list'],
  },
  { portal: RoleType.INSTITUTION, name: '机构管理员', remark: '拥有机构端全部权限', all: true },
  { portal: RoleType.EXAMINER, name: '考评员', remark: '考评任务', all: true },
];

/** The rows of a portal's menu tree, parents before children (ids made here, so one insert holds the tree). */
function menuRows(
  portal: number,
  items: MenuSeed[],
  parentId: string | null,
  rows: (typeof menus.$inferInsert)[] = [],
): (typeof menus.$inferInsert)[] {
  for (const [i, m] of items.entries()) {
    const id = uuidv7();
    rows.push({
      id,
      portal,
      parentId,
      type: m.type,
      name: m.name,
      icon: m.icon ?? null,
      key: m.key ?? null,
      frontRoutePath: m.path ?? null,
      frontRouteName: m.routeName ?? null,
      frontRouteAddr: m.addr ?? null,
      whetherHidden: m.hidden ? 1 : 0,
      whetherCache: m.cache === false ? 0 : 1,
      sort: (i + 1) * 10,
    });
    if (m.children?.length) menuRows(portal, m.children, id, rows);
  }
  return rows;
}

/** Creates the default menus of a portal that has none, and the default roles when there are none. */
export async function ensureDefaultAccess(db: DbOrTx): Promise<void> {
  for (const [portal, items] of Object.entries(defaultMenus)) {
    const [any] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.portal, Number(portal)))
      .limit(1);
    if (!any) await db.insert(menus).values(menuRows(Number(portal), items, null));
  }
  const [anyRole] = await db.select({ id: roles.id }).from(roles).limit(1);
  if (anyRole) return;
  for (const r of defaultRoles) {
    const [role] = await db
      .insert(roles)
      .values({ portal: r.portal, name: r.name, remark: r.remark, permissionAll: r.all ? 1 : 0 })
      .returning({ id: roles.id });
    if (r.keys?.length) {
      const granted = await db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.portal, r.portal), inArray(menus.key, r.keys)));
      if (granted.length)
        await db.insert(roleMenus).values(granted.map((g) => ({ roleId: role.id, menuId: g.id })));
    }
  }
}

/** Gives a user the named default roles (idempotent). */
export async function grantRolesByName(db: DbOrTx, userId: string, names: string[]): Promise<void> {
  await grantRolesByNameToUsers(db, [{ userId, names }]);
}

/** Gives each user their named default roles (idempotent), in two statements whatever the number of users. */
export async function grantRolesByNameToUsers(
  db: DbOrTx,
  grants: { userId: string; names: string[] }[],
): Promise<void> {
  const names = [...new Set(grants.flatMap((g) => g.names))];
  if (names.length === 0) return;
  const found = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, names));
  const rows = grants.flatMap((g) =>
    found.filter((r) => g.names.includes(r.name)).map((r) => ({ userId: g.userId, roleId: r.id })),
  );
  if (rows.length) await db.insert(userRoles).values(rows).onConflictDoNothing();
}
