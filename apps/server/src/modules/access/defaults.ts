import { MenuType } from '@skill-cert/shared/access';
import { RoleType, type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/id.ts';
import { accessSeededMenus, menus, roleMenus, roles, userRoles } from './tables.ts';

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
        button('新增机构', 'platform:institution:add'),
      ],
    }),
    page('审核中心', '/review', 'platform/review', 'platform:review:list', {
      icon: 'AuditOutlined',
      children: [
        button('审核（通过/驳回）', 'platform:review:decide'),
        button('审核设置', 'platform:review:settings'),
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
        page('字典管理', '/dict', 'platform/dict', 'platform:dict:list', {
          icon: 'BookOutlined',
          children: [button('编辑字典', 'platform:dict:edit')],
        }),
      ],
    },
    page('职业目录', '/occupation', 'platform/occupation', 'platform:occupation:list', {
      icon: 'ClusterOutlined',
      children: [
        button('新增职业', 'platform:occupation:add'),
        button('修改/启停职业', 'platform:occupation:edit'),
        button('删除职业', 'platform:occupation:delete'),
        button('导入职业目录', 'platform:occupation:import'),
        button('导出职业目录', 'platform:occupation:export'),
      ],
    }),
    page('新闻公告', '/news', 'platform/news', 'platform:news:list', {
      icon: 'NotificationOutlined',
      children: [
        button('新增新闻', 'platform:news:add'),
        button('修改新闻', 'platform:news:edit'),
        button('发布/下线新闻', 'platform:news:publish'),
        button('删除新闻', 'platform:news:delete'),
      ],
    }),
    page('审计日志', '/audit-log', 'platform/audit-log', 'platform:audit-log:list', {
      icon: 'FileSearchOutlined',
      children: [button('导出审计日志', 'platform:audit-log:export')],
    }),
    page('数据看板', '/dashboard', 'platform/dashboard', 'platform:dashboard:view', {
      icon: 'DashboardOutlined',
    }),
    page('数据上报', '/certificate-report', 'platform/certificate-report', 'platform:report:list', {
      icon: 'CloudUploadOutlined',
      children: [button('生成上报批次', 'platform:report:create')],
    }),
    page('轮播图', '/banner', 'platform/banner', 'platform:banner:list', {
      icon: 'PictureOutlined',
      children: [
        button('新增轮播图', 'platform:banner:add'),
        button('修改/启停轮播图', 'platform:banner:edit'),
        button('删除轮播图', 'platform:banner:delete'),
      ],
    }),
  ],
  [RoleType.INSTITUTION]: [
    page('备案中心', '/record-center', 'institution/record-center', 'institution:record:list', {
      icon: 'AuditOutlined',
      children: [button('编辑备案', 'institution:record:edit')],
    }),
    page('考试计划', '/test-plan', 'institution/test-plan', 'institution:test-plan:list', {
      icon: 'ScheduleOutlined',
      children: [
        button('新增考试计划', 'institution:test-plan:add'),
        button('发布报名', 'institution:test-plan:publish'),
        button('取消考试计划', 'institution:test-plan:cancel'),
        button('考生管理', 'institution:examinee:edit'),
        button('审核报名', 'institution:examinee:review'),
        button('编排考场', 'institution:test-plan:arrange'),
        button('准考证', 'institution:test-plan:ticket'),
        button('开始/结束考试', 'institution:test-plan:exam'),
        button('成绩录入', 'institution:test-plan:score'),
        button('成绩审核', 'institution:test-plan:review'),
        button('发证', 'institution:test-plan:grant'),
        button('归档', 'institution:test-plan:archive'),
      ],
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
    {
      type: MenuType.DIRECTORY,
      name: '机构设置',
      icon: 'SettingOutlined',
      path: 'Layout',
      children: [
        page('人员管理', '/staff', 'institution/staff', 'institution:staff:list', {
          icon: 'UserOutlined',
          children: [button('编辑人员', 'institution:staff:edit')],
        }),
        page('角色管理', '/role', 'institution/role', 'institution:role:list', {
          icon: 'TeamOutlined',
          children: [button('编辑角色', 'institution:role:edit')],
        }),
      ],
    },
  ],
  [RoleType.EXAMINER]: [
    page('考评任务', '/exam-task', 'examiner/exam-task', 'examiner:task:list', {
      icon: 'FormOutlined',
      children: [button('查看考生身份', 'examiner:task:reveal')],
    }),
    page('评分', '/exam-task/score/:id', 'examiner/exam-task-score', 'examiner:task:score', {
      hidden: true,
      cache: false,
    }),
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
    remark: '企业管理、审核中心（查看）、数据看板、新闻公告与轮播图',
    all: false,
    keys: [
      'platform:company:list',
      'platform:review:list',
      'platform:dashboard:view',
      'platform:news:list',
      'platform:news:add',
      'platform:news:edit',
      'platform:news:publish',
      'platform:news:delete',
      'platform:banner:list',
      'platform:banner:add',
      'platform:banner:edit',
      'platform:banner:delete',
      // 职业目录: read and export only; changing the catalogue is the administrators'.
      'platform:occupation:list',
      'platform:occupation:export',
    ],
  },
  { portal: RoleType.INSTITUTION, name: '机构管理员', remark: '拥有机构端全部权限', all: true },
  // Not every key: revealing an examinee's name and ID number (examiner:task:reveal) is granted on purpose.
  {
    portal: RoleType.EXAMINER,
    name: '考评员',
    remark: '考评任务',
    all: false,
    keys: ['examiner:task:list', 'examiner:task:score'],
  },
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

/** What identifies a default item across databases: its key, or a directory's name. */
const identityOf = (m: Pick<MenuSeed, 'key' | 'name'>) => m.key ?? `dir:${m.name}`;

/**
 * The default items of the databases made before defaults were added item by item: these were there from the start,
 * so one missing now was deleted by an administrator and is never added again.
 */
const FIRST_DEFAULTS: Record<2 | 3 | 4, readonly string[]> = {
  [RoleType.PLATFORM]: [
    'platform:company:list',
    'platform:company:freeze',
    'platform:company:review',
    'dir:系统管理',
    'system:menu:list',
    'system:menu:add',
    'system:menu:edit',
    'system:menu:delete',
    'system:role:list',
    'system:role:add',
    'system:role:edit',
    'system:role:delete',
    'system:role:grant',
    'system:user:list',
    'system:user:grant',
    'system:notice:send',
    'platform:news:list',
  ],
  [RoleType.INSTITUTION]: [
    'institution:record:list',
    'institution:test-plan:list',
    'institution:test-plan:add',
    'institution:test-plan:edit',
    'institution:course:list',
    'institution:order:list',
    'institution:exchange-code:list',
  ],
  [RoleType.EXAMINER]: ['examiner:task:list'],
};

const allIdentities = (items: MenuSeed[]): string[] =>
  items.flatMap((m) => [identityOf(m), ...allIdentities(m.children ?? [])]);

/**
 * The default items a portal lacks, added under their parents (by the parent's key, or a directory's name), each once
 * in the life of the database: `access_seeded_menus` remembers what was added, so an item an administrator deleted
 * stays deleted, and a child whose parent was deleted is not added. A new item is granted to the default roles that
 * list its key (never to any other role). Answers the items added.
 */
async function addMissingDefaults(db: DbOrTx, portal: 2 | 3 | 4, items: MenuSeed[]): Promise<string[]> {
  const seeded = new Set(
    (
      await db
        .select({ key: accessSeededMenus.key })
        .from(accessSeededMenus)
        .where(eq(accessSeededMenus.portal, portal))
    ).map((r) => r.key),
  );
  const remember = async (keys: string[]) => {
    if (keys.length)
      await db
        .insert(accessSeededMenus)
        .values(keys.map((key) => ({ portal, key })))
        .onConflictDoNothing();
    for (const k of keys) seeded.add(k);
  };
  if (seeded.size === 0) await remember([...FIRST_DEFAULTS[portal]]);
  const existing = await db.select().from(menus).where(eq(menus.portal, portal));
  const found = (m: MenuSeed) =>
    existing.find((e) =>
      m.key ? e.key === m.key : e.type === MenuType.DIRECTORY && e.name === m.name && !e.key,
    );
  const added: string[] = [];
  const walk = async (list: MenuSeed[], parentId: string | null) => {
    for (const [i, m] of list.entries()) {
      const id = identityOf(m);
      let row = found(m);
      if (!row && !seeded.has(id)) {
        const [values] = menuRows(portal, [{ ...m, children: [] }], parentId);
        [row] = await db
          .insert(menus)
          .values({ ...values, sort: (i + 1) * 10 })
          .returning();
        existing.push(row);
        added.push(`${m.name}（${m.key ?? '目录'}）`);
        const grantees = defaultRoles.filter((r) => r.portal === portal && m.key && r.keys?.includes(m.key));
        if (grantees.length) {
          const held = await db
            .select({ id: roles.id })
            .from(roles)
            .where(
              and(
                isNull(roles.companyId),
                eq(roles.portal, portal),
                inArray(
                  roles.name,
                  grantees.map((g) => g.name),
                ),
              ),
            );
          if (held.length)
            await db.insert(roleMenus).values(held.map((r) => ({ roleId: r.id, menuId: row!.id })));
        }
      }
      await remember([id]);
      // Children of an item that is gone stay out with it.
      if (row && m.children?.length) await walk(m.children, row.id);
    }
  };
  await walk(items, null);
  return added;
}

/**
 * Creates the default menus of a portal that has none; adds the default items a portal lacks (`addMissingDefaults`,
 * `onAdded` told what); creates the default roles when there are none.
 */
export async function ensureDefaultAccess(
  db: DbOrTx,
  onAdded: (portal: number, items: string[]) => void = () => {},
): Promise<void> {
  for (const [key, items] of Object.entries(defaultMenus)) {
    const portal = Number(key) as 2 | 3 | 4;
    const [any] = await db.select({ id: menus.id }).from(menus).where(eq(menus.portal, portal)).limit(1);
    if (!any) {
      await db.insert(menus).values(menuRows(portal, items, null));
      await db
        .insert(accessSeededMenus)
        .values(allIdentities(items).map((k) => ({ portal, key: k })))
        .onConflictDoNothing();
      continue;
    }
    const added = await addMissingDefaults(db, portal, items);
    if (added.length) onAdded(portal, added);
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

/** Every permission key of the default menus with its name (新增菜单, 冻结/解冻企业…). */
export function defaultKeyNames(): Map<string, string> {
  const names = new Map<string, string>();
  const collect = (items: MenuSeed[]) => {
    for (const m of items) {
      if (m.key) names.set(m.key, m.name);
      collect(m.children ?? []);
    }
  };
  for (const items of Object.values(defaultMenus)) collect(items);
  return names;
}

/** The start's log line for a portal that got new default items: `平台端新增默认菜单 2 项：…`. */
export const defaultsAddedMessage = (portal: number, items: string[]): string =>
  `${roleTypeNames[portal as RoleTypeId] ?? `端 ${portal}`}新增默认菜单 ${items.length} 项：${items.join('、')}`;

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
    .where(and(isNull(roles.companyId), inArray(roles.name, names)));
  const rows = grants.flatMap((g) =>
    found.filter((r) => g.names.includes(r.name)).map((r) => ({ userId: g.userId, roleId: r.id })),
  );
  if (rows.length) await db.insert(userRoles).values(rows).onConflictDoNothing();
}
