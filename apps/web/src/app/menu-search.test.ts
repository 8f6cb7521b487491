import { MENU_SEARCH_THRESHOLD } from '@skill-cert/shared/constants';
import Fuse from 'fuse.js';
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

describe('menu search over many pages', () => {
  const words = ['证书', '评价', '考核', '备案', '档案', '员工', '模板', '审批', '统计', '通知'];
  const entries = Array.from({ length: 500 }, (_, n) => ({
    title: [
      `${words[Math.floor(n / 10) % 10]}管理${Math.floor(n / 10)}`,
      `${words[n % 10]}${words[(n * 7) % 10]}列表${n}`,
    ],
    path: `/module-${Math.floor(n / 10)}/page-${n % 10}`,
  }));
  /** Fuse alone, as the search was before it left out the pages that cannot match. */
  const plain = (query: string) =>
    query.trim() &&
    new Fuse(entries, {
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
      threshold: MENU_SEARCH_THRESHOLD,
      shouldSort: true,
    })
      .search(query.trim(), { limit: MENU_SEARCH_RESULTS })
      .map((r) => r.item);

  it('leaving out the pages that cannot match changes no answer (every prefix of typed and random queries)', () => {
    const search = createMenuSearch(entries);
    const alphabet = [...new Set([...entries.flatMap((e) => [...e.title, e.path]).join(''), 'x', 'Z', ' '])];
    let seed = 23;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const queries = [
      '证书评价列表',
      '审批统计',
      'module-42/page',
      '考核备案列表123',
      'evaluation',
      'zzzq',
      'MODULE-7',
      ...Array.from({ length: 150 }, () =>
        Array.from(
          { length: 1 + Math.floor(random() * 12) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      ),
    ];
    for (const query of queries)
      for (let i = 1; i <= query.length; i++) {
        const typed = query.slice(0, i);
        expect(search(typed), typed).toEqual(plain(typed) || []);
      }
  });
});
