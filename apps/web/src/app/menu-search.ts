import { MENU_SEARCH_THRESHOLD } from '@skill-cert/shared/constants';
import Fuse from 'fuse.js';
import type { NavItem } from './menu-routes';

/** One page the menu search can find: its titles from the outermost group down, and its path. */
export interface MenuSearchEntry {
  title: string[];
  path: string;
}

/** The visible pages of a menu (hidden routes are not in it; pages with a param cannot be opened bare). */
export function menuSearchEntries(nav: readonly NavItem[], above: string[] = []): MenuSearchEntry[] {
  return nav.flatMap((item) => {
    const title = [...above, item.title];
    if (item.children) return menuSearchEntries(item.children, title);
    return item.path && !item.path.includes(':') ? [{ title, path: item.path }] : [];
  });
}

/**
 * The matches offered: a user picks among the first few; drawing hundreds of options cost a 500-page menu
 * 46 ms a keystroke at p50 (issue 23 point 5, `npm run bench:menu`).
 */
export const MENU_SEARCH_RESULTS = 50;

/** Fuzzy search of spec §2: title weight 0.7, path weight 0.3, threshold 0.4; best match first. */
export function createMenuSearch(entries: readonly MenuSearchEntry[]): (query: string) => MenuSearchEntry[] {
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: MENU_SEARCH_THRESHOLD,
    shouldSort: true,
  });
  return (query) => {
    const text = query.trim();
    return text ? fuse.search(text, { limit: MENU_SEARCH_RESULTS }).map((r) => r.item) : [];
  };
}
