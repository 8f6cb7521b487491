import type { MenuNode } from '@skill-cert/shared/access';
import { describe, expect, it } from 'vitest';
import { defaultMenus, menuNode } from '@/test/fake-menus';
import { buildServerRoutes, joinPath, matchServerRoute } from './menu-routes';

const button = (name: string, key: string) => menuNode({ type: 3, name, key });
const page = (name: string, path: string, extra: Partial<MenuNode> = {}) =>
  menuNode({ name, front_route_path: path, front_route_addr: `x${path}`, front_route_name: name, ...extra });
const group = (name: string, children: MenuNode[], extra: Partial<MenuNode> = {}) =>
  menuNode({ type: 1, name, front_route_path: 'Layout', children, ...extra });

describe('server menus → routes', () => {
  it('makes every page a route and every grouping node a sidebar group only', () => {
    const { routes, nav } = buildServerRoutes(defaultMenus[2], '/company');
    expect(routes.map((r) => r.path)).toEqual([
      '/company',
      '/system/menu',
      '/system/role',
      '/system/user',
      '/news',
    ]);
    expect(nav.map((n) => n.title)).toEqual(['企业管理', '系统管理', '新闻公告']);
    expect(nav[1]).toMatchObject({ path: null, children: [{ path: '/system/menu' }, {}, {}] });
    expect(routes.find((r) => r.path === '/system/role')).toMatchObject({
      title: '角色管理',
      addr: 'system/role',
      parents: [{ title: '系统管理', path: null }],
    });
  });

  it('affixes the role home', () => {
    const { routes } = buildServerRoutes(defaultMenus[2], '/company');
    expect(routes.filter((r) => r.affix).map((r) => r.path)).toEqual(['/company']);
  });

  it('keeps a hidden menu as a route but not in the menu; whether_cache 0 is not cached', () => {
    const { routes, nav } = buildServerRoutes(defaultMenus[3], '/record-center');
    const edit = routes.find((r) => r.path === '/test-plan/edit/:id')!;
    expect(edit).toMatchObject({ hidden: true, cache: false, addr: 'institution/test-plan-edit' });
    expect(JSON.stringify(nav)).not.toContain('编辑考试计划');
  });

  it('hides the pages of a hidden group', () => {
    const { routes, nav } = buildServerRoutes(
      [group('隐藏', [page('页', '/p')], { whether_hidden: 1 })],
      '/',
    );
    expect(routes[0]).toMatchObject({ path: '/p', hidden: true });
    expect(nav).toEqual([]);
  });

  it('flattens deep menus: a page three groups down is a route of its own, keyed by its name', () => {
    const tree = [group('一', [group('二', [group('三', [page('深页', '/deep/page')])])])];
    const { routes, nav } = buildServerRoutes(tree, '/');
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ path: '/deep/page', name: '深页', cache: true });
    expect(routes[0].parents.map((p) => p.title)).toEqual(['一', '二', '三']);
    expect(nav[0].children?.[0].children?.[0].children?.[0]).toMatchObject({ path: '/deep/page' });
  });

  it('collects the buttons of a page and leaves them out of routes and menu', () => {
    const tree = [
      page('角色', '/role', { children: [button('新增', 'role:add'), button('删除', 'role:delete')] }),
    ];
    const { routes, nav } = buildServerRoutes(tree, '/');
    expect(routes).toHaveLength(1);
    expect(routes[0].buttons).toEqual([
      { name: '新增', key: 'role:add' },
      { name: '删除', key: 'role:delete' },
    ]);
    expect(nav).toEqual([{ key: '/role', title: '角色', icon: null, path: '/role' }]);
  });

  it('joins relative paths to the path of their group, which redirects to its first page', () => {
    const tree = [
      menuNode({ type: 1, name: '系统', front_route_path: '/system', children: [page('菜单', 'menu')] }),
    ];
    const { routes } = buildServerRoutes(tree, '/');
    expect(routes.map((r) => [r.path, r.redirect])).toEqual([
      ['/system/menu', null],
      ['/system', '/system/menu'],
    ]);
    expect(routes[0].parents).toEqual([{ title: '系统', path: '/system' }]);
  });

  it('gives each route a unique cache name: a name used twice falls back to the path', () => {
    const tree = [
      page('列表', '/a', { front_route_name: 'List' }),
      page('列表', '/b', { front_route_name: 'List' }),
    ];
    expect(buildServerRoutes(tree, '/').routes.map((r) => r.name)).toEqual(['List', '/b']);
  });

  it('returns nothing for no menus (the enterprise)', () => {
    expect(buildServerRoutes([], '/record-application')).toEqual({ routes: [], nav: [] });
  });

  it('normalises paths', () => {
    expect(joinPath('/system/', '//menu/')).toBe('/menu');
    expect(joinPath('/system/', 'menu/')).toBe('/system/menu');
  });
});

describe('matching a pathname', () => {
  const { routes } = buildServerRoutes(defaultMenus[3], '/record-center');

  it('finds a static path', () => {
    expect(matchServerRoute(routes, '/test-plan')?.route.title).toBe('考试计划');
  });

  it('finds a path with a param and gives the params', () => {
    const match = matchServerRoute(routes, '/test-plan/edit/12');
    expect(match?.route.title).toBe('编辑考试计划');
    expect(match?.params).toEqual({ id: '12' });
  });

  it('finds nothing for an unknown path', () => {
    expect(matchServerRoute(routes, '/nope')).toBeNull();
    expect(matchServerRoute(routes, '/test-plan/edit')).toBeNull();
  });
});
