import { profileLabels, RoleType } from '@skill-cert/shared/roles';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { enterprisePageRegistry } from './enterprise-page-registry';
import { enterprisePages } from './enterprise-pages';
import { alwaysRevalidate, requireSession, requireSessionWithoutCompany } from './guards';
import type { RouteHandle } from './route-handle';
import { HomeRedirect } from './routes/home-redirect';
import { RequireRole } from './routes/require-role';
import { RouteError } from './routes/route-error';

/** Route `lazy` for a page component exported by name. */
const page =
  (load: () => Promise<ComponentType>): (() => Promise<{ Component: ComponentType }>) =>
  async () => ({ Component: await load() });

const handle = (title: string, extra: Omit<RouteHandle, 'title'> = {}): RouteHandle => ({ title, ...extra });

/** A static page whose screen comes later: the placeholder with its title. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('./routes/placeholder-page');
  return { element: <PlaceholderPage title={title} /> };
};

/** The sign-in page: outside antd's providers, it loads no antd. */
const loginRoute: RouteObject = {
  path: 'login',
  handle: handle('登录'),
  lazy: page(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
};

const publicRoutes: RouteObject[] = [
  {
    path: 'privacy-agreement',
    handle: handle('隐私协议'),
    lazy: page(() => import('@/features/auth/privacy-agreement-page').then((m) => m.PrivacyAgreementPage)),
  },
  {
    // Any path under this prefix is public (spec §2).
    path: 'information-link/*',
    handle: handle('证书信息'),
    lazy: page(() =>
      import('@/features/certificates/certificate-info-page').then((m) => m.CertificateInfoPage),
    ),
  },
  {
    path: 'join',
    handle: handle('加入或创建企业'),
    loader: requireSessionWithoutCompany,
    shouldRevalidate: alwaysRevalidate,
    lazy: page(() => import('@/features/companies/join/join-page').then((m) => m.JoinPage)),
  },
  {
    path: 'auth-redirect',
    handle: handle('登录'),
    lazy: async () => {
      const m = await import('@/features/auth/auth-redirect-page');
      return { loader: m.authRedirectLoader, Component: m.AuthRedirectPage };
    },
  },
  {
    path: '404',
    handle: handle('404'),
    lazy: page(() => import('./routes/not-found').then((m) => m.NotFoundPage)),
  },
  {
    path: '401',
    handle: handle('401'),
    lazy: page(() => import('./routes/unauthorized').then((m) => m.UnauthorizedPage)),
  },
];

/** A static enterprise page: its registered screen, or the placeholder with its title. */
const enterprisePage = (name: string, title: string) => {
  const load = enterprisePageRegistry[name];
  return load ? page(load) : placeholder(title);
};

/** Spec §2 enterprise routes: each menu page with its add / edit / detail pages below it. */
const enterpriseRoutes: RouteObject[] = [
  ...enterprisePages.map(
    (p): RouteObject => ({
      path: p.path.slice(1),
      handle: handle(p.title, { name: p.name, affix: p.affix }),
      children: [
        { index: true, lazy: enterprisePage(p.name, p.title) },
        ...(p.children ?? []).map(
          (c): RouteObject => ({
            path: c.path,
            handle: handle(c.title, { name: c.name }),
            lazy: enterprisePage(c.name, c.title),
          }),
        ),
      ],
    }),
  ),
  {
    path: 'update-phone',
    handle: handle('修改手机号', { name: 'UpdatePhone' }),
    lazy: enterprisePage('UpdatePhone', '修改手机号'),
  },
];

const signedInRoutes: RouteObject[] = [
  { index: true, Component: HomeRedirect },
  {
    handle: { roles: [RoleType.ENTERPRISE] } satisfies RouteHandle,
    element: <RequireRole roles={[RoleType.ENTERPRISE]} />,
    children: enterpriseRoutes,
  },
  {
    path: 'profile',
    handle: handle('个人信息', { name: 'Profile', titleByRole: profileLabels }),
    lazy: page(() => import('./routes/profile-route').then((m) => m.ProfileRoute)),
  },
  {
    path: 'update-password',
    handle: handle('修改密码', { name: 'UpdatePassword' }),
    lazy: page(() => import('@/features/users/update-password-page').then((m) => m.UpdatePasswordPage)),
  },
  // Spec §2 names the platform's built-in pages /profile/index and /update-password/index: the same pages.
  ...['profile', 'update-password'].map(
    (path): RouteObject => ({
      path: `${path}/index`,
      handle: { noTab: true, breadcrumb: false } satisfies RouteHandle,
      element: <Navigate to={`/${path}`} replace />,
    }),
  ),
  // 新闻公告 for every portal (spec §2's top-bar link); the platform writes them at /news (its server menu).
  {
    path: 'news/index',
    handle: handle('新闻公告', { name: 'NewsIndex' }),
    lazy: page(() => import('@/features/news/news-reader-page').then((m) => m.NewsReaderPage)),
  },
  {
    path: 'news/view/:id',
    handle: handle('新闻详情', { name: 'NewsView' }),
    lazy: page(() => import('@/features/news/news-article-page').then((m) => m.NewsArticlePage)),
  },
  {
    // Inside the layout, so refreshing a tab keeps the other tabs' pages alive (spec §2 /redirect/:path).
    path: 'redirect/*',
    handle: { noTab: true, breadcrumb: false } satisfies RouteHandle,
    lazy: page(() => import('./routes/redirect').then((m) => m.RedirectPage)),
  },
  {
    path: 'certificate/confirm-add/:id',
    handle: { noTab: true, breadcrumb: false } satisfies RouteHandle,
    lazy: page(() => import('./routes/certificate-confirm-alias').then((m) => m.CertificateConfirmAlias)),
  },
  {
    // Server-menu pages of platform, institution and examiner; /404 for the enterprise.
    path: '*',
    handle: { serverMenu: true } satisfies RouteHandle,
    lazy: page(() => import('./routes/server-menu-page').then((m) => m.ServerMenuPage)),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      loginRoute,
      {
        // Every other screen uses antd: its providers load with the first of them.
        id: 'antd',
        lazy: page(() => import('./antd-shell').then((m) => m.AntdShell)),
        children: [
          ...publicRoutes,
          {
            id: 'signed-in',
            loader: requireSession,
            shouldRevalidate: alwaysRevalidate,
            lazy: page(() => import('./layout/app-layout').then((m) => m.AppLayout)),
            children: signedInRoutes,
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
