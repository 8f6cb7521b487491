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
 * The matches offered: a user picks among the first few; drawing hundreds of options made a 500-page menu lag
 * behind typing (`npm run bench:menu`).
 */
export const MENU_SEARCH_RESULTS = 50;

/** How many of `pattern`'s characters (counted with repeats, `counts`) `text` holds. */
function sharedCharacters(counts: ReadonlyMap<string, number>, text: string): number {
  let shared = 0;
  for (const [ch, wanted] of counts) {
    let found = 0;
    for (let at = text.indexOf(ch); at !== -1 && found < wanted; at = text.indexOf(ch, at + ch.length))
      found++;
    shared += found;
  }
  return shared;
}

/**
 * Fuzzy search of spec §2: title weight 0.7, path weight 0.3, threshold 0.4; best match first.
 * Fuse scores a page by itself (errors ÷ pattern length, plus distance), so a page that holds fewer than
 * `length − ⌊0.4 × length⌋` of the query's characters cannot match: each edit of a match costs at most one of them.
 * Those pages are left out before Fuse runs (a `Fuse` over the rest, in the same order, gives the same answer); over
 * 500 pages a query of a few characters leaves a handful, and Fuse's bitap was most of a keystroke.
 */
export function createMenuSearch(entries: readonly MenuSearchEntry[]): (query: string) => MenuSearchEntry[] {
  const options = {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: MENU_SEARCH_THRESHOLD,
    shouldSort: true,
  };
  const fuse = new Fuse(entries, options);
  const texts = entries.map((e) => [...e.title, e.path].map((t) => t.toLowerCase()));
  return (query) => {
    const text = query.trim();
    if (!text) return [];
    // In UTF-16 units, as Fuse counts. It searches a longer pattern in pieces of 32: no bound from the whole then.
    const pattern = text.toLowerCase().split('');
    if (pattern.length > 32) return fuse.search(text, { limit: MENU_SEARCH_RESULTS }).map((r) => r.item);
    const counts = new Map<string, number>();
    for (const ch of pattern) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const needed = pattern.length - Math.floor(MENU_SEARCH_THRESHOLD * pattern.length + 1e-9);
    const candidates = entries.filter((_, i) => texts[i].some((t) => sharedCharacters(counts, t) >= needed));
    const searcher = candidates.length * 2 > entries.length ? fuse : new Fuse(candidates, options);
    return searcher.search(text, { limit: MENU_SEARCH_RESULTS }).map((r) => r.item);
  };
}
