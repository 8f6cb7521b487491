import { SIDEBAR_WIDTH_PX } from '@skill-cert/shared/constants';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { PRODUCT_NAME } from '../product';
import { useNavMenu } from '../use-server-routes';
import { AfterFirstScreen } from './after-first-screen';
import { activeNavKeys, toMenuItems } from './nav-menu';

/** Collapsed to icons on a desktop. */
export const COLLAPSED_SIDEBAR_WIDTH_PX = 64;

/**
 * The vertical layout's sidebar, 210 px. On a desktop it collapses to icons; on a mobile device it
 * is hidden and slides in over the page with the drawer background (see AppLayout).
 */
export function Sidebar() {
  const nav = useNavMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { device, sidebarOpened, mobileSidebarOpen, closeMobileSidebar } = useLayoutSettings();
  const mobile = device === 'mobile';
  const collapsed = !mobile && !sidebarOpened;
  const items = useMemo(() => toMenuItems(nav, 'inline'), [nav]);
  const active = useMemo(() => activeNavKeys(nav, pathname), [nav, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(active.groups);
  const activeGroups = active.groups.join('|');

  // Opening a page opens its group; the groups the user opened stay open.
  useEffect(() => {
    if (!activeGroups) return;
    setOpenKeys((keys) => [...new Set([...keys, ...activeGroups.split('|')])]);
  }, [activeGroups]);

  const className = [
    'sidebar-container',
    collapsed ? 'is-collapsed' : '',
    mobile ? 'is-mobile' : '',
    mobile && !mobileSidebarOpen ? 'is-hidden' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <aside
      className={className}
      style={{ width: collapsed ? COLLAPSED_SIDEBAR_WIDTH_PX : SIDEBAR_WIDTH_PX }}
      aria-hidden={mobile && !mobileSidebarOpen}
      data-testid="sidebar"
    >
      <div className="sidebar-logo" title={PRODUCT_NAME}>
        {collapsed ? '证' : PRODUCT_NAME}
      </div>
      <nav aria-label="菜单">
        <AfterFirstScreen>
          <Menu
            mode="inline"
            items={items}
            inlineCollapsed={collapsed}
            selectedKeys={active.selected ? [active.selected] : []}
            {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
            onClick={({ key }) => {
              if (mobile) closeMobileSidebar();
              navigate(key);
            }}
            style={{ borderInlineEnd: 'none' }}
          />
        </AfterFirstScreen>
      </nav>
    </aside>
  );
}
