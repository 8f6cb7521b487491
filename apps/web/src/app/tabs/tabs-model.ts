/**
 * The tab bar (spec §2 Layout) as plain data: which pages are open, and which page instance each
 * tab keeps alive. The store and the components only apply these functions.
 */
export interface Tab {
  /** Identity of the tab and of its cached page instance: see pageCacheKey. */
  key: string;
  /** Where the tab leads: path plus query, as last visited. */
  fullPath: string;
  title: string;
  /** Affixed tabs (the role home) cannot be closed. */
  affix: boolean;
  /** False for pages whose menu says whether_cache 0: they unmount when hidden. */
  cache: boolean;
  /** Bumped by 刷新: a new version is a new page instance. */
  version: number;
}

export type TabInput = Omit<Tab, 'version'>;

export type TabsAction =
  | { type: 'open'; tab: TabInput }
  | { type: 'close'; key: string }
  | { type: 'closeOthers'; key: string }
  | { type: 'closeAll' }
  | { type: 'refresh'; key: string }
  | { type: 'setAffix'; tabs: TabInput[] }
  | { type: 'reset' };

export function tabsReducer(tabs: Tab[], action: TabsAction): Tab[] {
  switch (action.type) {
    case 'open': {
      const { tab } = action;
      const existing = tabs.find((t) => t.key === tab.key);
      if (!existing) return [...tabs, { ...tab, version: 0 }];
      if (existing.fullPath === tab.fullPath && existing.title === tab.title && existing.cache === tab.cache)
        return tabs;
      return tabs.map((t) =>
        t.key === tab.key ? { ...t, fullPath: tab.fullPath, title: tab.title, cache: tab.cache } : t,
      );
    }
    case 'close':
      return tabs.some((t) => t.key === action.key && !t.affix)
        ? tabs.filter((t) => t.key !== action.key)
        : tabs;
    case 'closeOthers':
      return tabs.filter((t) => t.affix || t.key === action.key);
    case 'closeAll':
      return tabs.filter((t) => t.affix);
    case 'refresh':
      return tabs.map((t) => (t.key === action.key ? { ...t, version: t.version + 1 } : t));
    case 'setAffix': {
      // Affixed tabs come first, in the given order; a tab that lost its affix flag stays as a normal tab.
      const affixKeys = new Set(action.tabs.map((t) => t.key));
      const affixed = action.tabs.map((tab): Tab => {
        const existing = tabs.find((t) => t.key === tab.key);
        return existing
          ? { ...existing, title: tab.title, affix: true }
          : { ...tab, affix: true, version: 0 };
      });
      const rest = tabs
        .filter((t) => !affixKeys.has(t.key))
        .map((t) => (t.affix ? { ...t, affix: false } : t));
      return [...affixed, ...rest];
    }
    case 'reset':
      return [];
  }
}

/** Where to go when the active tab has gone: the last remaining tab, or the role home if none remain. */
export function pathAfterClosing(remaining: readonly Tab[], home: string): string {
  return remaining.at(-1)?.fullPath ?? home;
}

/** Edit, detail and confirm views are opened once per record: each path is its own page. */
const RECORD_VIEW = /\/(?:edit|detail|confirm-add)\//;
const PARAM_SEGMENT = /(?:^|\/)(?::|\*)/;

export interface PageIdentity {
  /** Route name (front_route_name of a server menu, or the static route's name). */
  name: string;
  /** The route's path pattern, e.g. /test-plan/edit/:id. */
  pattern: string;
  /** The visited path with its query. */
  fullPath: string;
}

/**
 * The cache key of a page (spec §2): edit, detail and confirm views, and any route with a param,
 * are keyed by full path, so two detail tabs keep separate state; every other page by route name,
 * so a list keeps one instance whatever its query.
 */
export function pageCacheKey({ name, pattern, fullPath }: PageIdentity): string {
  const pathname = fullPath.split('?')[0];
  return RECORD_VIEW.test(`${pathname}/`) || PARAM_SEGMENT.test(pattern) ? fullPath : name;
}
