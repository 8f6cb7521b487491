import {
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  FileAddOutlined,
  FileProtectOutlined,
  FolderOpenOutlined,
  IdcardOutlined,
  LayoutOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons a menu may name (server menus store the antd icon name). A fixed list keeps the bundle small; an unknown
 * name gets the generic icon. The enterprise menu's icons (enterprise-pages.ts) come with the layout; the others
 * only with the server portals' menus (the enterprise's first screen carries no icon it does not show).
 */
const icons: Record<string, ComponentType> = {
  AuditOutlined,
  BookOutlined,
  FileAddOutlined,
  FileProtectOutlined,
  FolderOpenOutlined,
  IdcardOutlined,
  LayoutOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserAddOutlined,
};

let serverMenuIcons: Record<string, ComponentType> = {};

/** Loads the other icons; the guard awaits it with a server portal's menus, so the first render has them. */
export async function loadServerMenuIcons(): Promise<void> {
  serverMenuIcons = (await import('./server-menu-icons')).serverMenuIcons;
}

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && (icons[name] ?? serverMenuIcons[name])) || AppstoreOutlined;
  return <Icon />;
}
