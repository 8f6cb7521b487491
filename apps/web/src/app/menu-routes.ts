import type { MenuNode } from '@skill-cert/shared/access';
import { MenuType } from '@skill-cert/shared/menu-codes';
import { matchPath } from 'react-router';

/**
 * Server menus become routes (spec §3 "Server menu item" → "Route", §6). The tree is flattened:
 * every page is a route of the signed-in layout whatever its depth, so deep menus neither break
 * matching nor caching. Directories only group the sidebar and the breadcrumb.
 */
export interface Crumb {
  title: string;
  /** Null for a grouping node that is not a page. */
  path: string | null;
}

export interface ServerRoute {
  /** Absolute path pattern, e.g. /test-plan/edit/:id. */
  path: string;
  /** Route name for the page cache: front_route_name, or the path when missing or taken. */
  name: string;
  title: string;
  icon: string | null;
  /** Page component key (front_route_addr), resolved by the page registry. */
  addr: string | null;
  /** whether_hidden 1 (or a hidden ancestor): reachable, but not in the sidebar or the search. */
  hidden: boolean;
  /** whether_cache 0: the page is not kept alive when its tab is hidden. */
  cache: boolean;
  /** The role home: an affixed tab. */
  affix: boolean;
  /** A directory with a path of its own, or a menu with redirect_url, leads elsewhere. */
  redirect: string | null;
  /** Grouping nodes above, outermost first. */
  parents: Crumb[];
  /** Buttons (type 3) directly below the page. */
  buttons: { name: string; key: string }[];
}

export interface NavItem {
  /** The path of a page; `group:<id>` for a directory. */
  key: string;
  title: string;
  icon: string | null;
  /** Null for a directory. */
  path: string | null;
  children?: NavItem[];
}

export interface ServerRouteTable {
  routes: ServerRoute[];
  /** The sidebar and top menu: visible pages and the directories that hold them. */
  nav: NavItem[];
}

const GROUP_PATHS = new Set(['', 'Layout', 'ParentView']);

const isButton = (m: MenuNode) => m.type === MenuType.BUTTON;
const isGroupPath = (path: string | null) => path === null || GROUP_PATHS.has(path.trim());
const isDirectory = (m: MenuNode) => m.type === MenuType.DIRECTORY || isGroupPath(m.front_route_path);

/** '/a//b/' → '/a/b'; a relative path joins its parent's base. */
export function joinPath(base: string, path: string): string {
  const raw = path.startsWith('/') ? path : `${base}/${path}`;
  const normal = `/${raw.split('/').filter(Boolean).join('/')}`;
  return normal;
}

const firstPage = (routes: ServerRoute[], prefix: string): string | null =>
  routes.find((r) => !r.hidden && !r.redirect && r.path.startsWith(`${prefix}/`) && !r.path.includes(':'))
    ?.path ?? null;

export function buildServerRoutes(menus: readonly MenuNode[], home: string): ServerRouteTable {
  const routes: ServerRoute[] = [];
  const names = new Set<string>();
  const uniqueName = (wanted: string | null, path: string) => {
    const name = wanted?.trim() || path;
    const chosen = names.has(name) ? path : name;
    names.add(chosen);
    return chosen;
  };

  const walk = (
    nodes: readonly MenuNode[],
    base: string,
    parents: Crumb[],
    hiddenAbove: boolean,
  ): NavItem[] => {
    const nav: NavItem[] = [];
    for (const node of nodes) {
      if (isButton(node)) continue;
      const hidden = hiddenAbove || node.whether_hidden === 1;
      const children = node.children ?? [];
      if (isDirectory(node)) {
        const ownPath = isGroupPath(node.front_route_path) ? null : joinPath(base, node.front_route_path!);
        const start = routes.length;
        const childNav = walk(
          children,
          ownPath ?? base,
          [...parents, { title: node.name, path: ownPath }],
          hidden,
        );
        if (ownPath) {
          routes.push({
            path: ownPath,
            name: uniqueName(node.front_route_name, ownPath),
            title: node.name,
            icon: node.icon,
            addr: null,
            hidden: true,
            cache: false,
            affix: false,
            redirect: node.redirect_url || firstPage(routes.slice(start), ownPath),
            parents,
            buttons: [],
          });
        }
        if (!hidden && childNav.length > 0) {
          nav.push({
            key: `group:${node._id}`,
            title: node.name,
            icon: node.icon,
            path: null,
            children: childNav,
          });
        }
        continue;
      }
      const path = joinPath(base, node.front_route_path!);
      routes.push({
        path,
        name: uniqueName(node.front_route_name, path),
        title: node.name,
        icon: node.icon,
        addr: node.front_route_addr?.trim() || null,
        hidden,
        cache: node.whether_cache !== 0,
        affix: path === home,
        redirect: node.redirect_url?.trim() || null,
        parents,
        buttons: children.filter((c) => isButton(c) && c.key).map((c) => ({ name: c.name, key: c.key! })),
      });
      const childNav = walk(
        children.filter((c) => !isButton(c)),
        path,
        [...parents, { title: node.name, path }],
        hidden,
      );
      if (hidden) continue;
      nav.push(
        childNav.length > 0
          ? { key: `group:${node._id}`, title: node.name, icon: node.icon, path: null, children: childNav }
          : { key: path, title: node.name, icon: node.icon, path },
      );
    }
    return nav;
  };

  const nav = walk(menus, '', [], false);
  return { routes, nav };
}

export interface ServerRouteMatch {
  route: ServerRoute;
  params: Record<string, string | undefined>;
}

/** The route for a pathname: an exact path first, then the first pattern that matches. */
export function matchServerRoute(routes: readonly ServerRoute[], pathname: string): ServerRouteMatch | null {
  const exact = routes.find((r) => r.path === pathname);
  if (exact) return { route: exact, params: {} };
  for (const route of routes) {
    if (!route.path.includes(':') && !route.path.includes('*')) continue;
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
