import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MessageBell } from '@/features/messages/components/message-bell';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { AfterFirstScreen } from './after-first-screen';
import { AppBreadcrumb } from './app-breadcrumb';
import { MenuSearchBox } from './menu-search-box';
import { RoleSwitcher } from './role-switcher';
import { SettingsButton } from './settings-button';
import { UserMenu } from './user-menu';

/** Right side of the navbar, in both layouts: search, settings, message bell, role switcher, user (a task after the first screen). */
export function NavbarActions() {
  return (
    <div className="navbar-actions">
      <AfterFirstScreen>
        <MenuSearchBox />
        <SettingsButton />
        <MessageBell />
        <RoleSwitcher />
        <UserMenu />
      </AfterFirstScreen>
    </div>
  );
}

export function Hamburger() {
  const { device, sidebarOpened, mobileSidebarOpen, toggleSidebar } = useLayoutSettings();
  const open = device === 'mobile' ? mobileSidebarOpen : sidebarOpened;
  return (
    <Button
      type="text"
      className="hamburger"
      icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      aria-label={open ? '收起菜单' : '展开菜单'}
      aria-expanded={open}
      onClick={toggleSidebar}
    />
  );
}

/** The vertical layout's navbar: sidebar toggle and breadcrumb, then the actions. */
export function Navbar() {
  return (
    <header className="navbar">
      <Hamburger />
      <AppBreadcrumb />
      <NavbarActions />
    </header>
  );
}
