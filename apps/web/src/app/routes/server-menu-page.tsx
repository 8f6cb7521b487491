import { roleHome } from '@skill-cert/shared/roles';
import { Result } from 'antd';
import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { isServerMenuPortal } from '@/shared/permissions/personal-menus';
import { useCurrentUser } from '@/shared/session/session-store';
import { matchServerRoute, type ServerRouteTable } from '../menu-routes';
import { resolveServerPage } from '../page-registry';
import { useServerRouteTable } from '../use-server-routes';
import { PageUnavailable } from './page-unavailable';

/**
 * The catch-all of the signed-in area. For platform, institution and examiner it renders the page
 * the server menu names for this path (the guard loaded the menus before this renders, so a reload
 * or a deep link works); an unknown path goes to the portal's home. For the enterprise: /404. /news without the
 * platform's page there is /news/index.
 */
export function ServerMenuPage() {
  // The captured route params, not the location: a hidden cached tab keeps rendering its own page.
  const { '*': rest = '' } = useParams();
  const pathname = `/${rest}`.replace(/\/+$/, '') || '/';
  const user = useCurrentUser();
  const { table, isPending } = useServerRouteTable();
  const role = user?.active_role_type_id;

  // /news is every portal's news (spec §2): a portal without the platform's page there reads /news/index.
  const news = pathname === '/news' ? <Navigate to="/news/index" replace /> : null;
  if (!isServerMenuPortal(role)) return news ?? <Navigate to="/404" replace />;
  if (isPending) return <PageLoading />;
  const match = matchServerRoute(table.routes, pathname);
  if (!match) return news ?? <UnknownServerPath table={table} pathname={pathname} home={roleHome(role)} />;
  const { route } = match;
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Page = resolveServerPage(route.addr);
  if (!Page) return <PageUnavailable addr={route.addr} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page route={route} params={match.params} />
    </Suspense>
  );
}

function UnknownServerPath({
  table,
  pathname,
  home,
}: {
  table: ServerRouteTable;
  pathname: string;
  home: string;
}) {
  if (pathname !== home && matchServerRoute(table.routes, home)) return <Navigate to={home} replace />;
  // The home itself is not granted: the first page of the menu, if any.
  const first = table.routes.find((r) => !r.hidden && !r.redirect && !r.path.includes(':'));
  if (first && first.path !== pathname) return <Navigate to={first.path} replace />;
  return (
    <Result
      status="403"
      title="暂无可访问的页面"
      subTitle="您当前的角色没有可访问的菜单，请联系管理员分配权限。"
    />
  );
}
