import { RoleType } from '@skill-cert/shared/roles';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { CustomCertificateDialogHost } from '@/features/custom-certificates/components/custom-certificate-dialog-host';
import { onViewCustomCertificate } from '@/features/messages/messages-store';
import { RealtimeProvider } from '@/features/messages/realtime/realtime-provider';
import { LoadWhen } from '@/shared/components/load-when';
import { useRoleDicts } from '@/shared/dict/role-dicts';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { isServerMenuPortal } from '@/shared/permissions/personal-menus';
import { useCurrentUser } from '@/shared/session/session-store';
import { useSessionKeeper } from '@/shared/session/use-session-keeper';
import { UnsavedChangesPrompt } from '@/shared/unsaved-changes';
import { enterprisePages } from '../enterprise-pages';
import { PRODUCT_NAME } from '../product';
import { pageCacheKey, type TabInput } from '../tabs/tabs-model';
import { useTabsStore } from '../tabs/tabs-store';
import { useServerRouteTable } from '../use-server-routes';
import { AppMain } from './app-main';
import { type CurrentPage, useCurrentPage } from './current-page';
import { HorizontalHeader } from './horizontal-header';
import './layout.css';
import { SIDEBAR_WIDTH_PX } from '@skill-cert/shared/constants';
import { Navbar } from './navbar';
import { COLLAPSED_SIDEBAR_WIDTH_PX, Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { useDeviceWatcher } from './use-device';

// Shown only after a delete_role_notice leaves several roles: loaded then.
const RolePickerDialog = lazy(() =>
  import('@/features/auth/components/role-picker-dialog').then((m) => ({ default: m.RolePickerDialog })),
);

// 布局设置 loads when the gear is first pressed.
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/** The signed-in shell (spec §2 Layout): sidebar or top menu, navbar, tab bar, and the page. */
export function AppLayout() {
  useSessionKeeper();
  useDeviceWatcher();
  useRoleDicts(useCurrentUser()?.active_role_type_id);
  const page = useCurrentPage();
  useDocumentTitle(page);
  useTabTracking(page);

  const { layout, device, tagsView, sidebarOpened, mobileSidebarOpen, closeMobileSidebar, settingsOpen } =
    useLayoutSettings();
  const mobile = device === 'mobile';
  // On a mobile device the horizontal layout falls back to the vertical one.
  const horizontal = layout === 'horizontal' && !mobile;
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) closeMobileSidebar();
  }, [pathname, closeMobileSidebar]);

  const sidebarWidth = sidebarOpened ? SIDEBAR_WIDTH_PX : COLLAPSED_SIDEBAR_WIDTH_PX;
  const className = [
    'app-wrapper',
    horizontal ? 'layout-horizontal' : 'layout-vertical',
    mobile ? 'mobile' : 'desktop',
    mobile
      ? mobileSidebarOpen
        ? 'open-sidebar'
        : 'hide-sidebar'
      : sidebarOpened
        ? 'open-sidebar'
        : 'hide-sidebar',
  ].join(' ');

  return (
    <RealtimeProvider
      renderRolePicker={(roles) => (
        <Suspense fallback={null}>
          <RolePickerDialog roles={roles} redirectTo={null} />
        </Suspense>
      )}
    >
      <div className={className}>
        {mobile && mobileSidebarOpen && (
          <button type="button" className="drawer-bg" aria-label="关闭菜单" onClick={closeMobileSidebar} />
        )}
        {!horizontal && <Sidebar />}
        <div className="main-container" style={{ marginLeft: horizontal || mobile ? 0 : sidebarWidth }}>
          <div className="fixed-header">
            {horizontal ? <HorizontalHeader /> : <Navbar />}
            {tagsView && <TagsView activeKey={page?.key ?? null} />}
          </div>
          <AppMain page={page} />
          <UnsavedChangesPrompt />
        </div>
        <LoadWhen when={settingsOpen}>
          <SettingsDrawer />
        </LoadWhen>
      </div>
      {/* 查看证书 of create_custom_certificate_done opens it (spec §4); the app layer wires the two features. */}
      <CustomCertificateDialogHost register={onViewCustomCertificate} />
    </RealtimeProvider>
  );
}

function useDocumentTitle(page: CurrentPage | null): void {
  const title = page?.title;
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/** Affixed tabs of the active role (its home), and a tab for every page visited. */
function useTabTracking(page: CurrentPage | null): void {
  const dispatch = useTabsStore((s) => s.dispatch);
  const affixTabs = useAffixTabs();
  const affixSignature = affixTabs.map((t) => `${t.key}:${t.title}`).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list.
  useEffect(() => {
    dispatch({ type: 'setAffix', tabs: affixTabs });
  }, [affixSignature, dispatch]);

  useEffect(() => {
    if (!page || page.noTab) return;
    const { key, fullPath, title, affix, cache } = page;
    dispatch({ type: 'open', tab: { key, fullPath, title, affix, cache } });
  }, [page, dispatch]);
}

function useAffixTabs(): TabInput[] {
  const role = useCurrentUser()?.active_role_type_id;
  const { table } = useServerRouteTable();
  return useMemo(() => {
    if (role === RoleType.ENTERPRISE) {
      return enterprisePages
        .filter((p) => p.affix)
        .map((p) => ({
          key: pageCacheKey({ name: p.name, pattern: p.path, fullPath: p.path }),
          fullPath: p.path,
          title: p.title,
          affix: true,
          cache: true,
        }));
    }
    if (!isServerMenuPortal(role)) return [];
    return table.routes
      .filter((r) => r.affix && !r.redirect)
      .map((r) => ({
        key: pageCacheKey({ name: r.name, pattern: r.path, fullPath: r.path }),
        fullPath: r.path,
        title: r.title,
        affix: true,
        cache: r.cache,
      }));
  }, [role, table]);
}
