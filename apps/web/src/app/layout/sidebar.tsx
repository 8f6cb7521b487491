import { SIDEBAR_WIDTH_PX } from '@skill-cert/shared/constants';
import { roleHome } from '@skill-cert/shared/roles';
import { Layout, Menu, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';
import { PRODUCT_NAME } from '../product';
import { roleHomeTitles } from '../role-homes';

export function Sidebar() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const home = roleHome(user?.active_role_type_id, user?.company_id);
  const items = [{ key: home, label: roleHomeTitles[home] ?? '首页' }];

  return (
    <Layout.Sider width={SIDEBAR_WIDTH_PX} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
      <Typography.Title level={5} style={{ padding: '16px 12px', margin: 0, textAlign: 'center' }}>
        {PRODUCT_NAME}
      </Typography.Title>
      <nav aria-label="菜单">
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          onClick={({ key }) => navigate(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
    </Layout.Sider>
  );
}
