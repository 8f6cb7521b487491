import { Menu } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../product';
import { useNavMenu } from '../use-server-routes';
import { activeNavKeys, toMenuItems } from './nav-menu';
import { NavbarActions } from './navbar';

/** The horizontal layout's top bar: the menu opens its groups on hover as popovers. */
export function HorizontalHeader() {
  const nav = useNavMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toMenuItems(nav, 'horizontal'), [nav]);
  const active = useMemo(() => activeNavKeys(nav, pathname), [nav, pathname]);

  return (
    <header className="top-header">
      <div className="top-header-logo">{PRODUCT_NAME}</div>
      <nav aria-label="菜单" className="top-header-menu">
        <Menu
          mode="horizontal"
          items={items}
          triggerSubMenuAction="hover"
          selectedKeys={[active.selected, ...active.groups].filter((k): k is string => Boolean(k))}
          onClick={({ key }) => navigate(key)}
          style={{ borderBottom: 'none' }}
        />
      </nav>
      <NavbarActions />
    </header>
  );
}
