import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { profileLabels } from '@skill-cert/shared/roles';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/shared/session/session-store';
import { useLogout } from '@/shared/session/use-logout';

/** The user dropdown: profile (labelled by active role), 修改密码, 退出登录. */
export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const role = user?.active_role_type_id;

  const items: MenuProps['items'] = [
    { key: '/profile', label: role ? profileLabels[role] : '个人信息' },
    { key: '/update-password', label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') logout();
    else navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />}>
        {user?.name}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
