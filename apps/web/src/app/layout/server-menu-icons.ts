import {
  AccountBookOutlined,
  BankOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons only the server portals' menus name (see menu-icon.tsx). */
export const serverMenuIcons: Record<string, ComponentType> = {
  AccountBookOutlined,
  BankOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  NotificationOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
};
