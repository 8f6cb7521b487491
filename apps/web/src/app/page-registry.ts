import { type ComponentType, lazy } from 'react';
import type { ServerRoute } from './menu-routes';

/** What a page named by a server menu receives. */
export interface ServerPageProps {
  route: ServerRoute;
}
export type ServerPage = ComponentType<ServerPageProps>;

const featurePage = (load: () => Promise<ComponentType>): ServerPage =>
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
  'system/menu': featurePage(() => import('@/features/system/menu-page').then((m) => m.MenuPage)),
  'system/role': featurePage(() => import('@/features/system/role-page').then((m) => m.RolePage)),
  'system/user': featurePage(() => import('@/features/system/user-page').then((m) => m.UserPage)),
  'system/notice': featurePage(() => import('@/features/system/notice-page').then((m) => m.NoticePage)),
  'platform/company': featurePage(() =>
    import('@/features/platform-company/company-page').then((m) => m.CompanyPage),
  ),
  'platform/news': placeholder,
  'institution/record-center': placeholder,
  'institution/test-plan': placeholder,
  'institution/test-plan-edit': placeholder,
  'institution/course': placeholder,
  'institution/order': placeholder,
  'institution/exchange-code': placeholder,
  'examiner/exam-task': placeholder,
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
