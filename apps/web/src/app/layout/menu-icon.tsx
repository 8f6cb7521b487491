import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileAddOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons a menu may name (server menus store the antd icon name). A fixed list keeps the bundle
 * small; an unknown name gets the generic icon.
 */
const icons: Record<string, ComponentType> = {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileAddOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  return <Icon />;
}
