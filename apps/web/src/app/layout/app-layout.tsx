import { Layout } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSessionKeeper } from '@/shared/session/use-session-keeper';
import { PRODUCT_NAME } from '../product';
import { useRouteTitle } from '../route-handle';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';

/** The signed-in shell: sidebar, navbar and the page. */
export function AppLayout() {
  useSessionKeeper();
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar />
      <Layout>
        <Navbar />
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
