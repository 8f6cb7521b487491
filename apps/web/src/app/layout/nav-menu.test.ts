import { describe, expect, it } from 'vitest';
import { defaultMenus } from '@/test/fake-menus';
import { enterpriseNav } from '../enterprise-pages';
import { buildServerRoutes } from '../menu-routes';
import { patternOf } from './current-page';
import { activeNavKeys, toMenuItems } from './nav-menu';

const platformNav = buildServerRoutes(defaultMenus[2], '/company').nav;

describe('active menu entry', () => {
  it('is the page itself, with the groups above it open', () => {
    const active = activeNavKeys(platformNav, '/system/role');
    expect(active.selected).toBe('/system/role');
    expect(active.groups).toHaveLength(1);
    expect(active.groups[0]).toMatch(/^group:/);
  });

  it('for a detail or edit view, is the menu page its path lies under', () => {
    expect(activeNavKeys(enterpriseNav, '/record-application/detail/3').selected).toBe('/record-application');
    expect(activeNavKeys(enterpriseNav, '/record-applications').selected).toBeNull();
  });
});

describe('menu items', () => {
  it('in the top menu, a group inside a popover is a labelled group of rows', () => {
    const nav = [
      {
        key: 'group:a',
        title: '系统设置',
        icon: null,
        path: null,
        children: [{ key: 'group:b', title: '权限', icon: null, path: null, children: [] }],
      },
    ];
    const [top] = toMenuItems(nav, 'horizontal') as { children: { type?: string; label: string }[] }[];
    expect(top.children[0]).toMatchObject({ type: 'group', label: '权限' });
    const [side] = toMenuItems(nav, 'inline') as { children: { type?: string }[] }[];
    expect(side.children[0].type).toBeUndefined();
  });
});

describe('patternOf', () => {
  it('puts the param names back into a static route path', () => {
    expect(patternOf('/grant-certificate/add/7/2', { id: '7', type: '2' })).toBe(
      '/grant-certificate/add/:id/:type',
    );
    expect(patternOf('/user-list', {})).toBe('/user-list');
  });
});
