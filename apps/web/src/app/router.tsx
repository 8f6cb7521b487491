import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { alwaysRevalidate, requireSession, requireSessionWithoutCompany } from './guards';
import { roleHomeTitles } from './role-homes';
import type { RouteHandle } from './route-handle';
import { HomeRedirect } from './routes/home-redirect';
import { RouteError } from './routes/route-error';

/** Route `lazy` for a page component exported by name. */
const page =
  (load: () => Promise<ComponentType>): (() => Promise<{ Component: ComponentType }>) =>
  async () => ({ Component: await load() });

const handle = (title: string): RouteHandle => ({ title });

const placeholder = page(() => import('./routes/placeholder-page').then((m) => m.PlaceholderPage));

const publicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: handle('登录'),
    lazy: page(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
  },
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
      import('@/features/certificate-info/certificate-info-page').then((m) => m.CertificateInfoPage),
    ),
  },
  {
    path: 'join',
    handle: handle('加入或创建企业'),
    loader: requireSessionWithoutCompany,
    shouldRevalidate: alwaysRevalidate,
    lazy: page(() => import('@/features/join/join-page').then((m) => m.JoinPage)),
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
  { path: 'redirect/*', lazy: page(() => import('./routes/redirect').then((m) => m.RedirectPage)) },
];

const signedInRoutes: RouteObject[] = [
  { index: true, Component: HomeRedirect },
  ...Object.entries(roleHomeTitles).map(
    ([path, title]): RouteObject => ({ path: path.slice(1), handle: handle(title), lazy: placeholder }),
  ),
  {
    path: 'profile',
    handle: handle('个人中心'),
    lazy: page(() => import('@/features/account/profile-page').then((m) => m.ProfilePage)),
  },
  {
    path: 'update-password',
    handle: handle('修改密码'),
    lazy: page(() => import('@/features/account/update-password-page').then((m) => m.UpdatePasswordPage)),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
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
];

export const createAppRouter = () => createBrowserRouter(routes);
