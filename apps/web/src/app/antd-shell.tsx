import { Outlet } from 'react-router';
import { AntdProviders } from '@/shared/antd/antd-providers';

/** The layout route above every screen but the sign-in page: antd's providers, loaded with the first such screen. */
export function AntdShell() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
