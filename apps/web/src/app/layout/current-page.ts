import { routeAllowsRole } from '@skill-cert/shared/permission';
import type { RoleTypeId } from '@skill-cert/shared/roles';
import { useMemo } from 'react';
import { type UIMatch, useLocation, useMatches } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';
import { type Crumb, matchServerRoute, type ServerRoute } from '../menu-routes';
import { handleTitle, routeHandle } from '../route-handle';
import { pageCacheKey, type TabInput } from '../tabs/tabs-model';
import { useServerRouteTable } from '../use-server-routes';

/** The page on screen, as the tab bar, the page cache, the breadcrumb and the title see it. */
export interface CurrentPage extends TabInput {
  name: string;
  pattern: string;
  /** Not a page of its own (e.g. /redirect/...): no tab, no caching. */
  noTab: boolean;
}

/** '/a/7/b' with params {id: '7'} → '/a/:id/b': the pattern of a static route, for the cache key. */
export function patternOf(pathname: string, params: Record<string, string | undefined>): string {
  const byValue = new Map<string, string>();
  for (const [key, value] of Object.entries(params)) {
    if (key !== '*' && value) byValue.set(value, key);
  }
  return pathname
    .split('/')
    .map((segment) => (byValue.has(segment) ? `:${byValue.get(segment)}` : segment))
    .join('/');
}

interface StaticPageMatch {
  match: UIMatch;
  title: string;
}

function deepestTitled(matches: UIMatch[], role: RoleTypeId | null | undefined): StaticPageMatch | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = handleTitle(routeHandle(matches[i]), role);
    if (title) return { match: matches[i], title };
  }
  return null;
}

export function useCurrentPage(): CurrentPage | null {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const role = useCurrentUser()?.active_role_type_id;
  const { table } = useServerRouteTable();

  return useMemo(() => {
    const fullPath = pathname + search;
    const last = matches.at(-1);
    if (!last) return null;
    // A route of other roles only redirects (RequireRole): it is no page of this user and opens no tab.
    if (matches.some((m) => !routeAllowsRole(routeHandle(m).roles, role))) return null;
    if (routeHandle(last).serverMenu) {
      const found = matchServerRoute(table.routes, pathname);
      if (!found || found.route.redirect) return null;
      const { route } = found;
      const identity = { name: route.name, pattern: route.path, fullPath };
      return {
        ...identity,
        key: pageCacheKey(identity),
        title: route.title,
        affix: route.affix,
        cache: route.cache,
        noTab: false,
      };
    }
    const titled = deepestTitled(matches, role);
    const noTab = Boolean(routeHandle(last).noTab);
    if (!titled) return noTab ? { ...emptyPage(fullPath), noTab } : null;
    const handle = routeHandle(titled.match);
    const identity = {
      name: handle.name ?? titled.match.id,
      pattern: patternOf(last.pathname, last.params),
      fullPath,
    };
    return {
      ...identity,
      key: pageCacheKey(identity),
      title: titled.title,
      affix: Boolean(handle.affix),
      cache: handle.cache !== false,
      noTab,
    };
  }, [matches, pathname, search, role, table]);
}

const emptyPage = (fullPath: string): CurrentPage => ({
  key: fullPath,
  name: fullPath,
  pattern: fullPath,
  fullPath,
  title: '',
  affix: false,
  cache: false,
  noTab: true,
});

/** One breadcrumb source: a matched route's title, or a grouping node of a server menu. */
export interface CrumbSource extends Crumb {
  /** false: the route asked to be left out. */
  breadcrumb?: boolean;
}

/**
 * The breadcrumb (spec §2): titles of the matched routes, without those whose breadcrumb flag is
 * false and without repeats (a menu page and its index route); the last item is not a link.
 */
export function buildBreadcrumb(sources: readonly CrumbSource[]): Crumb[] {
  const items: Crumb[] = [];
  for (const source of sources) {
    if (source.breadcrumb === false || !source.title) continue;
    const previous = items.at(-1);
    if (previous && previous.title === source.title && previous.path === source.path) continue;
    items.push({ title: source.title, path: source.path });
  }
  if (items.length > 0) items[items.length - 1] = { ...items[items.length - 1], path: null };
  return items;
}

/** The breadcrumb sources of the current matches; a server-menu page contributes its groups and itself. */
export function useBreadcrumbSources(): CrumbSource[] {
  const matches = useMatches();
  const { pathname } = useLocation();
  const role = useCurrentUser()?.active_role_type_id;
  const { table } = useServerRouteTable();
  return useMemo(() => {
    const sources: CrumbSource[] = [];
    for (const match of matches) {
      const handle = routeHandle(match);
      if (handle.serverMenu) {
        const found = matchServerRoute(table.routes, pathname);
        if (found) sources.push(...serverCrumbs(found.route));
        continue;
      }
      const title = handleTitle(handle, role);
      if (title) sources.push({ title, path: match.pathname, breadcrumb: handle.breadcrumb });
    }
    return sources;
  }, [matches, pathname, role, table]);
}

const serverCrumbs = (route: ServerRoute): CrumbSource[] => [
  ...route.parents,
  { title: route.title, path: route.path.includes(':') ? null : route.path },
];
