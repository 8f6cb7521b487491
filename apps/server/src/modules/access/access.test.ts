import type { MenuNode, PersonalMenus, RoleRow } from '@skill-cert/shared/access';
import type { Paged } from '@skill-cert/shared/pagination';
import { ALL_PERMISSION, hasPermission } from '@skill-cert/shared/permission';
import { RoleType } from '@skill-cert/shared/roles';
import { isNotNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { users } from '../users/tables.ts';
import { holdsPermission, permissionKeysOf } from './service.ts';
import { menus } from './tables.ts';

const ctx = useTestApp();

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** 运营人员 (yunying): 企业管理, 审核中心 (to read), 职业目录 (to read and export), 数据看板, 新闻公告 and 轮播图 with their buttons. */
const YUNYING_MENUS = [
  '企业管理',
  '审核中心',
  '职业目录',
  '导出职业目录',
  '新闻公告',
  '新增新闻',
  '修改新闻',
  '发布/下线新闻',
  '删除新闻',
  '数据看板',
  '轮播图',
  '新增轮播图',
  '修改/启停轮播图',
  '删除轮播图',
];

async function platformToken() {
  return (await login(ctx.app, 'pingtai')).token;
}

async function roleNamed(token: string, name: string): Promise<RoleRow> {
  const res = await api<Paged<RoleRow>>(ctx.app, 'GET', `/api/roles?keyword=${encodeURIComponent(name)}`, {
    token,
  });
  return res.body.data.list.find((r) => r.name === name)!;
}

describe('GET /api/user/personalMenus', () => {
  it('gives the platform super administrator every platform menu and *:*:*', async () => {
    const res = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', {
      token: await platformToken(),
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.permissions).toEqual(['*:*:*']);
    const names = flatten(res.body.data.menus).map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining(['企业管理', '系统管理', '菜单管理', '角色管理', '用户管理', '新增菜单']),
    );
    const system = res.body.data.menus.find((m) => m.name === '系统管理')!;
    expect(system).toMatchObject({ type: 1, front_route_path: 'Layout' });
    expect(system.children.map((c) => c.front_route_path)).toEqual([
      '/system/menu',
      '/system/role',
      '/system/user',
      '/system/notice',
      '/dict',
    ]);
  });

  it('gives a limited role only its granted menus and their keys', async () => {
    const { token } = await login(ctx.app, 'yunying');
    const res = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token });
    expect(flatten(res.body.data.menus).map((m) => m.name)).toEqual(YUNYING_MENUS);
    expect(res.body.data.permissions.sort()).toEqual([
      'platform:banner:add',
      'platform:banner:delete',
      'platform:banner:edit',
      'platform:banner:list',
      'platform:company:list',
      'platform:dashboard:view',
      'platform:news:add',
      'platform:news:delete',
      'platform:news:edit',
      'platform:news:list',
      'platform:news:publish',
      'platform:occupation:export',
      'platform:occupation:list',
      'platform:review:list',
    ]);
  });

  it('answers the menu of the active role type only', async () => {
    const { token } = await login(ctx.app, 'duojuese');
    await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token, body: { role: 4 } });
    const res = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token });
    expect(flatten(res.body.data.menus).map((m) => m.name)).toEqual(['考评任务', '评分']);
  });

  it('carries the fields of spec §3 on each item, with hidden and not-cached flags', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const res = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token });
    const edit = flatten(res.body.data.menus).find(
      (m) => m.front_route_addr === 'institution/test-plan-edit',
    )!;
    expect(edit).toMatchObject({
      type: 2,
      whether_hidden: 1,
      whether_cache: 0,
      front_route_path: '/test-plan/edit/:id',
    });
    for (const key of [
      'type',
      'name',
      'icon',
      'key',
      'front_route_path',
      'front_route_name',
      'front_route_addr',
      'redirect_url',
      'whether_hidden',
      'whether_cache',
      'children',
    ]) {
      expect(edit).toHaveProperty(key);
    }
  });

  it('is empty for the enterprise, whose menus are static routes', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const res = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token });
    expect(res.body.data).toEqual({ menus: [], permissions: [] });
  });
});

describe('cached personal menus (embedded database)', () => {
  const menusOf = async (token: string) =>
    (await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token })).body.data;

  it('a repeated read of unchanged menus runs no query on the embedded database', async () => {
    const { token } = await login(ctx.app, 'yunying');
    await menusOf(token);
    const select = vi.spyOn(ctx.app.db, 'select');
    try {
      expect(flatten((await menusOf(token)).menus).map((m) => m.name)).toEqual(YUNYING_MENUS);
      // PostgreSQL is shared by several instances: there every read asks it.
      if (ctx.database.kind === 'pglite') expect(select).not.toHaveBeenCalled();
      else expect(select).toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it('a renamed menu and a changed grant show in the next read at once', async () => {
    const admin = await platformToken();
    const operator = (await login(ctx.app, 'yunying')).token;
    const before = flatten((await menusOf(operator)).menus);
    const company = before.find((m) => m.name === '企业管理')!;
    const all = flatten(
      (await api<MenuNode[]>(ctx.app, 'GET', '/api/menus?portal=2', { token: admin })).body.data,
    );
    const full = all.find((m) => m._id === company._id)!;
    const renamed = await api(ctx.app, 'PATCH', `/api/menus/${company._id}`, {
      token: admin,
      body: { ...full, portal: 2, name: '企业管理台' },
    });
    expect(renamed.body.code).toBe(200);
    expect(flatten((await menusOf(operator)).menus).map((m) => m.name)).toContain('企业管理台');
    const role = await roleNamed(admin, '运营人员');
    const granted = await api(ctx.app, 'PUT', `/api/roles/${role._id}/menus`, {
      token: admin,
      body: { menu_ids: [company._id] },
    });
    expect(granted.body.code).toBe(200);
    expect(flatten((await menusOf(operator)).menus).map((m) => m.name)).toEqual(['企业管理台']);
  });
});

/** Each portal role against each protected platform route: only holders of the key pass. */
describe('permission matrix', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/menus?portal=2'],
    [
      'POST',
      '/api/menus',
      { portal: 2, type: 2, name: '测试页', front_route_path: '/t', front_route_addr: 'x/t' },
    ],
    ['GET', '/api/roles'],
    ['POST', '/api/roles', { portal: 2, name: '测试角色' }],
    ['GET', '/api/users'],
  ];
  const matrix: [string, number][] = [
    ['pingtai', 200],
    ['yunying', 403],
    ['jigou', 403],
    ['kaoping', 403],
    ['qiye', 403],
  ];
  for (const [account, expected] of matrix) {
    it(`${account} gets ${expected} on every access-administration route`, async () => {
      const { token } = await login(ctx.app, account);
      for (const [method, url, body] of routes) {
        const res = await api(ctx.app, method as 'GET', url, { token, body });
        expect({ url, status: res.status, code: res.body.code }).toEqual({
          url,
          status: expected,
          code: expected,
        });
      }
    });
  }

  it('the guard’s one-statement check agrees with the keys a user holds, for every user, portal and key', async () => {
    const db = ctx.app.db;
    const people = await db.select({ id: users.id }).from(users);
    const keys = [
      ...new Set(
        (await db.select({ key: menus.key }).from(menus).where(isNotNull(menus.key))).map((m) => m.key!),
      ),
      ALL_PERMISSION,
      'no:such:key',
    ];
    let held = 0;
    for (const { id } of people)
      for (const portal of [RoleType.PLATFORM, RoleType.INSTITUTION, RoleType.EXAMINER]) {
        const own = await permissionKeysOf(db, id, portal);
        for (const key of keys) {
          const expected = hasPermission(own, key);
          held += Number(expected);
          expect({ id, portal, key, holds: await holdsPermission(db, id, portal, key) }).toEqual({
            id,
            portal,
            key,
            holds: expected,
          });
        }
      }
    // The demo holds keys in every portal checked and lacks others: both answers were seen.
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(people.length * 3 * keys.length);
  });

  it('answers 403 in the envelope with a Chinese message', async () => {
    const { token } = await login(ctx.app, 'yunying');
    const res = await api(ctx.app, 'GET', '/api/roles', { token });
    expect(res.body).toEqual({ code: 403, message: '没有权限执行此操作', data: null });
  });

  it('refuses a user whose active role type is not the platform, even with a platform role', async () => {
    const { token } = await login(ctx.app, 'duojuese');
    await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token, body: { role: 3 } });
    const res = await api(ctx.app, 'GET', '/api/roles', { token });
    expect(res.body).toEqual({ code: 403, message: '仅平台端可以执行此操作', data: null });
  });

  it('a grant takes effect at the user next request', async () => {
    const admin = await platformToken();
    const operator = (await login(ctx.app, 'yunying')).token;
    expect((await api(ctx.app, 'GET', '/api/roles', { token: operator })).status).toBe(403);
    const role = await roleNamed(admin, '运营人员');
    const tree = await api<MenuNode[]>(ctx.app, 'GET', '/api/menus?portal=2', { token: admin });
    const all = flatten(tree.body.data);
    const keep = all.filter((m) =>
      ['platform:company:list', 'platform:news:list', 'system:role:list'].includes(m.key ?? ''),
    );
    const res = await api<RoleRow>(ctx.app, 'PUT', `/api/roles/${role._id}/menus`, {
      token: admin,
      body: { menu_ids: keep.map((m) => m._id) },
    });
    expect(res.body.data.menu_ids).toHaveLength(3);
    expect((await api(ctx.app, 'GET', '/api/roles', { token: operator })).status).toBe(200);
    const menus = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token: operator });
    expect(flatten(menus.body.data.menus).map((m) => m.name)).toEqual([
      '企业管理',
      '系统管理',
      '角色管理',
      '新闻公告',
    ]);
  });
});

describe('menus', () => {
  it('creates a page under a directory and a button under the page, then deletes the page with its button', async () => {
    const token = await platformToken();
    const dir = await api<MenuNode>(ctx.app, 'POST', '/api/menus', {
      token,
      body: { portal: 3, type: 1, name: '教务', front_route_path: 'Layout' },
    });
    expect(dir.body.code).toBe(200);
    const page = await api<MenuNode>(ctx.app, 'POST', '/api/menus', {
      token,
      body: {
        portal: 3,
        type: 2,
        parent_id: dir.body.data._id,
        name: '排课',
        front_route_path: '/timetable',
        front_route_addr: 'institution/timetable',
        whether_cache: 0,
      },
    });
    expect(page.body.data).toMatchObject({ parent_id: dir.body.data._id, whether_cache: 0 });
    const btn = await api<MenuNode>(ctx.app, 'POST', '/api/menus', {
      token,
      body: {
        portal: 3,
        type: 3,
        parent_id: page.body.data._id,
        name: '导出',
        key: 'institution:timetable:export',
      },
    });
    expect(btn.body.code).toBe(200);
    expect((await api(ctx.app, 'DELETE', `/api/menus/${page.body.data._id}`, { token })).body.code).toBe(200);
    const tree = await api<MenuNode[]>(ctx.app, 'GET', '/api/menus?portal=3', { token });
    expect(flatten(tree.body.data).map((m) => m.name)).not.toContain('导出');
  });

  it('refuses a button without a key, a page without a path, and names the field', async () => {
    const token = await platformToken();
    const noKey = await api(ctx.app, 'POST', '/api/menus', {
      token,
      body: { portal: 2, type: 3, name: '按钮' },
    });
    expect(noKey.body).toEqual({ code: 400, message: '按钮必须填写权限标识', data: null });
    const noPath = await api(ctx.app, 'POST', '/api/menus', {
      token,
      body: { portal: 2, type: 2, name: '页' },
    });
    expect(noPath.body.message).toBe('菜单必须填写路由地址');
    const noName = await api(ctx.app, 'POST', '/api/menus', { token, body: { portal: 2, type: 1 } });
    expect(noName.body.message).toBe('请输入菜单名称');
    const badPortal = await api(ctx.app, 'POST', '/api/menus', {
      token,
      body: { portal: 1, type: 1, name: 'x' },
    });
    expect(badPortal.body.message).toBe('所属端只能是平台端、机构端或考评员端');
  });

  it('refuses a parent from another portal, a button parent, and a cycle', async () => {
    const token = await platformToken();
    const tree = flatten((await api<MenuNode[]>(ctx.app, 'GET', '/api/menus?portal=2', { token })).body.data);
    const system = tree.find((m) => m.name === '系统管理')!;
    const menuPage = tree.find((m) => m.name === '菜单管理')!;
    const addBtn = tree.find((m) => m.key === 'system:menu:add')!;
    const other = await api(ctx.app, 'POST', '/api/menus', {
      token,
      body: { portal: 3, type: 1, name: 'x', parent_id: system._id },
    });
    expect(other.body.message).toBe('上级菜单不存在或不属于同一端');
    const underBtn = await api(ctx.app, 'POST', '/api/menus', {
      token,
      body: { portal: 2, type: 3, name: 'x', key: 'a:b', parent_id: addBtn._id },
    });
    expect(underBtn.body.message).toBe('按钮下不能再添加菜单');
    const cycle = await api(ctx.app, 'PATCH', `/api/menus/${system._id}`, {
      token,
      body: { portal: 2, type: 1, name: '系统管理', front_route_path: 'Layout', parent_id: menuPage._id },
    });
    expect(cycle.body.message).toBe('上级菜单不能是自身或其下级');
  });

  it('answers 404 for an unknown menu and 400 for a malformed id', async () => {
    const token = await platformToken();
    expect(
      (await api(ctx.app, 'DELETE', '/api/menus/0190a000-0000-7000-8000-000000000000', { token })).status,
    ).toBe(404);
    expect((await api(ctx.app, 'DELETE', '/api/menus/abc', { token })).status).toBe(400);
  });
});

describe('roles and user grants', () => {
  it('creates a role, grants it menus of its own portal only, and lists it', async () => {
    const token = await platformToken();
    const role = await api<RoleRow>(ctx.app, 'POST', '/api/roles', {
      token,
      body: { portal: 3, name: '教务员', remark: '排课' },
    });
    expect(role.body.data).toMatchObject({ portal: 3, name: '教务员', permission_all: 0 });
    const platformMenu = flatten(
      (await api<MenuNode[]>(ctx.app, 'GET', '/api/menus?portal=2', { token })).body.data,
    )[0];
    const wrong = await api(ctx.app, 'PUT', `/api/roles/${role.body.data._id}/menus`, {
      token,
      body: { menu_ids: [platformMenu._id] },
    });
    expect(wrong.body.message).toBe('所选菜单不存在或不属于该角色所属端');
    const list = await api<Paged<RoleRow>>(ctx.app, 'GET', '/api/roles?portal=3&per_page=20', { token });
    expect(list.body.data.list.map((r) => r.name)).toContain('教务员');
    expect(list.body.data.meta).toMatchObject({ page: 1, per_page: 20 });
  });

  it('refuses a page size outside 10, 20, 30, 50', async () => {
    const res = await api(ctx.app, 'GET', '/api/roles?per_page=15', { token: await platformToken() });
    expect(res.body).toEqual({ code: 400, message: '每页条数应为 10、20、30 或 50', data: null });
  });

  it('assigns role types and roles to a user; roles outside the user role types are refused', async () => {
    const token = await platformToken();
    const users = await api<Paged<{ _id: string; name: string }>>(
      ctx.app,
      'GET',
      '/api/users?keyword=kaoping',
      { token },
    );
    const kaoping = users.body.data.list[0];
    const institutionAdmin = await roleNamed(token, '机构管理员');
    const refused = await api(ctx.app, 'PUT', `/api/users/${kaoping._id}/roles`, {
      token,
      body: { role_ids: [institutionAdmin._id] },
    });
    expect(refused.body.message).toBe('只能分配用户已拥有角色类型下的角色');
    const types = await api(ctx.app, 'PUT', `/api/users/${kaoping._id}/roleTypes`, {
      token,
      body: { role_type_ids: [3, 4] },
    });
    expect(types.body.data).toEqual({ role_types_info: [3, 4] });
    const examiner = await roleNamed(token, '考评员');
    const granted = await api<{ roles: RoleRow[] }>(ctx.app, 'PUT', `/api/users/${kaoping._id}/roles`, {
      token,
      body: { role_ids: [institutionAdmin._id, examiner._id] },
    });
    expect(granted.body.data.roles.map((r) => r.name).sort()).toEqual(['机构管理员', '考评员'].sort());
    const relog = await login(ctx.app, 'kaoping');
    expect(relog.role_types_info).toEqual([3, 4]);
  });

  it('分配角色 with roles: a server-menu role type without one of its roles is refused, nothing changes', async () => {
    const token = await platformToken();
    const users = await api<Paged<{ _id: string }>>(ctx.app, 'GET', '/api/users?keyword=kaoping', { token });
    const kaoping = users.body.data.list[0];
    const examiner = await roleNamed(token, '考评员');
    const refused = await api(ctx.app, 'PUT', `/api/users/${kaoping._id}/roleTypes`, {
      token,
      body: { role_type_ids: [3, 4], role_ids: [examiner._id] },
    });
    expect(refused.body).toEqual({ code: 400, message: '请为机构端选择至少一个角色', data: null });
    const same = await login(ctx.app, 'kaoping');
    expect(same.role_types_info).toEqual([4]);

    const bare = await api(ctx.app, 'PUT', `/api/users/${kaoping._id}/roleTypes`, {
      token,
      body: { role_type_ids: [4], role_ids: [] },
    });
    expect(bare.body.message).toBe('请为考评员端选择至少一个角色');

    const institutionAdmin = await roleNamed(token, '机构管理员');
    const granted = await api(ctx.app, 'PUT', `/api/users/${kaoping._id}/roleTypes`, {
      token,
      body: { role_type_ids: [1, 3, 4], role_ids: [examiner._id, institutionAdmin._id] },
    });
    expect(granted.body).toMatchObject({ code: 200, data: { role_types_info: [1, 3, 4] } });
  });

  it('removing a role type drops the active role and the roles of that portal at the next request', async () => {
    const admin = await platformToken();
    const { token } = await login(ctx.app, 'kaoping');
    const users = await api<Paged<{ _id: string }>>(ctx.app, 'GET', '/api/users?keyword=kaoping', {
      token: admin,
    });
    await api(ctx.app, 'PUT', `/api/users/${users.body.data.list[0]._id}/roleTypes`, {
      token: admin,
      body: { role_type_ids: [] },
    });
    const me = await api<{ role_types_info: number[]; active_role_type_id: number | null }>(
      ctx.app,
      'GET',
      '/api/user',
      { token },
    );
    expect(me.body.data).toMatchObject({ role_types_info: [], active_role_type_id: null });
    const menus = await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token });
    expect(menus.body.data.menus).toEqual([]);
  });

  it('deleting a role takes its access away from its holders at once', async () => {
    const admin = await platformToken();
    const operator = (await login(ctx.app, 'yunying')).token;
    expect(
      (await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token: operator })).body.data
        .menus,
    ).toHaveLength(6);
    const role = await roleNamed(admin, '运营人员');
    expect((await api(ctx.app, 'DELETE', `/api/roles/${role._id}`, { token: admin })).body.code).toBe(200);
    expect(
      (await api<PersonalMenus>(ctx.app, 'GET', '/api/user/personalMenus', { token: operator })).body.data
        .menus,
    ).toEqual([]);
  });
});
