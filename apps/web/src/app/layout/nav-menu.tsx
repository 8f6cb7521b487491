import type { MenuProps } from 'antd';
import type { NavItem } from '../menu-routes';
import { menuLabel } from './menu-badges';
import { MenuIcon } from './menu-icon';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * Menu items of the sidebar (inline) or the top menu (horizontal). In the top menu a group nested
 * inside a popover is shown as a labelled group of rows rather than another popover.
 */
export function toMenuItems(nav: readonly NavItem[], mode: 'inline' | 'horizontal', depth = 0): MenuItems {
  return nav.map((item) => {
    if (!item.children)
      return { key: item.key, icon: <MenuIcon name={item.icon} />, label: menuLabel(item.title, item.path) };
    const children = toMenuItems(item.children, mode, depth + 1);
    if (mode === 'horizontal' && depth > 0)
      return { type: 'group', key: item.key, label: item.title, children };
    return { key: item.key, icon: <MenuIcon name={item.icon} />, label: item.title, children };
  });
}

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The menu entry to highlight: the page itself, or for a page not in the menu (a detail or edit
 * view) the menu page its path lies under. Also the groups to open on the way.
 */
export function activeNavKeys(
  nav: readonly NavItem[],
  pathname: string,
): { selected: string | null; groups: string[] } {
  let best: { key: string; length: number; groups: string[] } | null = null;
  const walk = (items: readonly NavItem[], groups: string[]) => {
    for (const item of items) {
      if (item.children) walk(item.children, [...groups, item.key]);
      else if (item.path && isUnder(pathname, item.path) && item.path.length > (best?.length ?? -1)) {
        best = { key: item.key, length: item.path.length, groups };
      }
    }
  };
  walk(nav, []);
  const found = best as { key: string; groups: string[] } | null;
  return { selected: found?.key ?? null, groups: found?.groups ?? [] };
}
