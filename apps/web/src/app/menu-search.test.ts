import { describe, expect, it } from 'vitest';
import { defaultMenus, menuNode } from '@/test/fake-menus';
import { enterpriseNav } from './enterprise-pages';
import { buildServerRoutes } from './menu-routes';
import { createMenuSearch, MENU_SEARCH_RESULTS, menuSearchEntries } from './menu-search';

const platformNav = buildServerRoutes(defaultMenus[2], '/company').nav;

describe('menu search', () => {
  it('indexes the visible pages with the titles of their groups', () => {
    expect(menuSearchEntries(platformNav)).toEqual([
      { title: ['企业管理'], path: '/company' },
      { title: ['系统管理', '菜单管理'], path: '/system/menu' },
      { title: ['系统管理', '角色管理'], path: '/system/role' },
      { title: ['系统管理', '用户管理'], path: '/system/user' },
      { title: ['新闻公告'], path: '/news' },
    ]);
  });

  it('leaves hidden routes out', () => {
    const nav = buildServerRoutes(defaultMenus[3], '/record-center').nav;
    expect(menuSearchEntries(nav).map((e) => e.path)).not.toContain('/test-plan/edit/:id');
  });

  it('finds a page by its title, best match first', () => {
    const search = createMenuSearch(menuSearchEntries(platformNav));
    expect(search('角色管理')[0].path).toBe('/system/role');
    expect(search('系统').map((e) => e.path)).toEqual(['/system/menu', '/system/role', '/system/user']);
  });

  it('finds a page by its path', () => {
    const search = createMenuSearch(menuSearchEntries(platformNav));
    expect(search('news')[0].path).toBe('/news');
    expect(search('/system/user')[0].path).toBe('/system/user');
  });

  it('tolerates a typo but not an unrelated word (threshold 0.4)', () => {
    const search = createMenuSearch(menuSearchEntries(enterpriseNav));
    expect(search('certificate-libary')[0]?.path).toBe('/certificate-library');
    expect(search('zzzzqqq')).toEqual([]);
  });

  it('weighs the title above the path', () => {
    const nav = buildServerRoutes(
      [
        menuNode({ name: '订单', front_route_path: '/course-orders', front_route_addr: 'a' }),
        menuNode({ name: '课程', front_route_path: '/misc', front_route_addr: 'b' }),
      ],
      '/',
    ).nav;
    expect(createMenuSearch(menuSearchEntries(nav))('课程')[0].path).toBe('/misc');
  });

  it('an empty query finds nothing', () => {
    expect(createMenuSearch(menuSearchEntries(platformNav))('  ')).toEqual([]);
  });

  it(`offers the ${MENU_SEARCH_RESULTS} best matches at most, so a menu of 500 pages answers each keystroke at once`, () => {
    const entries = Array.from({ length: 500 }, (_, i) => ({
      title: ['证书管理', `证书列表${i}`],
      path: `/page-${i}`,
    }));
    const found = createMenuSearch(entries)('证书列表');
    expect(found).toHaveLength(MENU_SEARCH_RESULTS);
    expect(found.map((e) => e.path)).toContain('/page-0');
  });
});
