import { MenuFoldOutlined, MenuUnfoldOutlined, NotificationOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Link } from 'react-router';
import { MessageBell } from '@/features/messages/components/message-bell';
import { MessageBoxSlot } from '@/features/messages/components/message-box-slot';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { AfterFirstScreen } from './after-first-screen';
import { AppBreadcrumb } from './app-breadcrumb';
import { MenuSearchBox } from './menu-search-box';
import { RoleSwitcher } from './role-switcher';
import { SettingsButton } from './settings-button';
import { UserMenu } from './user-menu';

/**
 * Right side of the navbar, in both layouts: the live message box when a message arrives, then search, settings,
 * 新闻公告, message bell, role switcher, user (a task after the first screen).
 */
export function NavbarActions() {
  return (
    <div className="navbar-actions">
      <MessageBoxSlot />
      <AfterFirstScreen>
        <MenuSearchBox />
        <SettingsButton />
        <NewsLink />
        <MessageBell />
        <RoleSwitcher />
        <UserMenu />
      </AfterFirstScreen>
    </div>
  );
}

/** 新闻公告 (spec §2's top-bar link): the articles published for the active portal. */
function NewsLink() {
  return (
    <Tooltip title="新闻公告">
      <Link to="/news/index" aria-label="新闻公告">
        <Button type="text" icon={<NotificationOutlined />} tabIndex={-1} />
      </Link>
    </Tooltip>
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
