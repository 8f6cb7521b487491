import { type ComponentType, createElement, lazy } from 'react';
import type { ServerRoute } from './menu-routes';

/** What a page named by a server menu receives: its route and the path's parameters (`:id` of /test-plan/edit/:id). */
export interface ServerPageProps {
  route: ServerRoute;
  params: Record<string, string | undefined>;
}
export type ServerPage = ComponentType<ServerPageProps>;

const featurePage = (load: () => Promise<ComponentType>): ServerPage =>
  lazy(async () => ({ default: await load() }));
/** A page that reads its route or the path's parameters. */
const featurePageWithProps = (load: () => Promise<ServerPage>): ServerPage =>
  lazy(async () => ({ default: await load() }));

/** Pages still to be built: the menu name as title and the menu's buttons. */
const placeholder: ServerPage = lazy(() =>
  import('./routes/placeholder-page').then((m) => ({ default: m.ServerPlaceholderPage })),
);

/**
 * front_route_addr → page component. A menu naming an addr that is not here shows 页面暂不可用
 * instead of failing; a new page is one line here.
 */
export const pageRegistry: Readonly<Record<string, ServerPage>> = {
  'system/menu': featurePage(() => import('@/features/access/menu-page').then((m) => m.MenuPage)),
  'system/role': featurePage(() => import('@/features/access/role-page').then((m) => m.RolePage)),
  'system/user': featurePage(() => import('@/features/access/user-page').then((m) => m.UserPage)),
  'system/notice': featurePage(() => import('@/features/access/notice-page').then((m) => m.NoticePage)),
  'platform/company': featurePage(() =>
    import('@/features/companies/platform/company-page').then((m) => m.CompanyPage),
  ),
  'platform/news': featurePage(() => import('@/features/news/news-page').then((m) => m.NewsPage)),
  'platform/audit-log': featurePage(() =>
    import('@/features/audit-log/audit-log-page').then((m) => m.AuditLogPage),
  ),
  'platform/review': featurePage(() => import('@/features/reviews/review-page').then((m) => m.ReviewPage)),
  'platform/dashboard': featurePage(() =>
    import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  ),
  'platform/certificate-report': featurePage(() =>
    import('@/features/certificate-reports/certificate-report-page').then((m) => m.CertificateReportPage),
  ),
  'platform/dict': featurePage(() => import('@/features/dict/dict-page').then((m) => m.DictPage)),
  'platform/banner': featurePage(() => import('@/features/banners/banner-page').then((m) => m.BannerPage)),
  'platform/occupation': featurePage(() =>
    import('@/features/occupations/occupation-page').then((m) => m.OccupationPage),
  ),
  'institution/record-center': featurePage(() =>
    import('@/features/records/record-center-page').then((m) => m.RecordCenterPage),
  ),
  'institution/test-plan': featurePage(() =>
    import('@/features/level-evaluations/test-plan-list-page').then((m) => m.TestPlanListPage),
  ),
  // The editor's 证书 tab is the grant screens' (another feature): joined here, where features meet.
  'institution/test-plan-edit': featurePageWithProps(async () => {
    const [{ TestPlanEditPage }, { TestPlanGrantPanel }] = await Promise.all([
      import('@/features/level-evaluations/test-plan-edit-page'),
      import('@/features/certificate-grants/test-plan-grant-panel'),
    ]);
    return ({ params }) =>
      createElement(TestPlanEditPage, {
        params,
        certificates: (plan) =>
          createElement(TestPlanGrantPanel, { planId: plan._id, canGrant: plan.abilities.can_grant }),
      });
  }),
  'institution/staff': featurePage(() =>
    import('@/features/access/institution-staff-page').then((m) => m.InstitutionStaffPage),
  ),
  'institution/role': featurePage(() =>
    import('@/features/access/role-page').then((m) => m.InstitutionRolePage),
  ),
  'institution/course': placeholder,
  'institution/order': placeholder,
  'institution/exchange-code': placeholder,
  'examiner/exam-task': featurePage(() =>
    import('@/features/level-evaluations/examiner/exam-task-list-page').then((m) => m.ExamTaskListPage),
  ),
  'examiner/exam-task-score': featurePageWithProps(() =>
    import('@/features/level-evaluations/examiner/exam-task-score-page').then((m) => m.ExamTaskScorePage),
  ),
};

/** 'system/menu', '/system/menu', 'system/menu/index' and 'system/menu/index.vue' name the same page. */
export function normalizeAddr(addr: string): string {
  return addr
    .trim()
    .replace(/\.(?:vue|tsx?|jsx?)$/, '')
    .replace(/\/index$/, '')
    .replace(/^\/+/, '');
}

export function resolveServerPage(addr: string | null | undefined): ServerPage | null {
  if (!addr) return null;
  return pageRegistry[normalizeAddr(addr)] ?? null;
}
