import type { RoleTypeId } from '@skill-cert/shared/roles';

/** What a static route declares in `handle` (spec §3 "Route": meta and hidden). */
export interface RouteHandle {
  title?: string;
  /** A title that depends on the active role (e.g. /profile: 企业信息, 机构信息 or 个人信息). */
  titleByRole?: Partial<Record<RoleTypeId, string>>;
  /** Route name for the page cache; the route id when missing. */
  name?: string;
  /** An affixed tab (the role home) cannot be closed. */
  affix?: boolean;
  /** false: left out of the breadcrumb. */
  breadcrumb?: boolean;
  /** false: not kept alive when its tab is hidden. */
  cache?: boolean;
  /** Not a page of its own (e.g. /redirect): opens no tab. */
  noTab?: boolean;
  /** Active role types allowed; none means every role (routeAllowsRole). */
  roles?: RoleTypeId[];
  /** The catch-all route that renders server-menu pages. */
  serverMenu?: boolean;
}

export const routeHandle = (match: { handle?: unknown }): RouteHandle => (match.handle ?? {}) as RouteHandle;

/** The title of a route for the active role. */
export const handleTitle = (handle: RouteHandle, role: RoleTypeId | null | undefined): string | undefined =>
  (role ? handle.titleByRole?.[role] : undefined) ?? handle.title;
