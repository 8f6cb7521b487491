import { profileLabels, roleTypeNames } from '@skill-cert/shared/roles';
import { Card, Descriptions } from 'antd';
import { useCurrentUser } from '@/shared/session/session-store';

/** /profile for every role but the enterprise's (whose /profile is its company's settings): the user's own facts. */
export function PersonalProfile() {
  const user = useCurrentUser();
  const role = user?.active_role_type_id ?? null;
  const title = role ? profileLabels[role] : '个人信息';
  return (
    <Card title={title} role="region" aria-label={title}>
      <Descriptions
        column={1}
        items={[
          { key: 'name', label: '用户名', children: user?.name },
          { key: 'phone', label: '手机号', children: user?.phone },
          { key: 'email', label: '邮箱', children: user?.email ?? '-' },
          { key: 'role', label: '当前角色', children: role ? roleTypeNames[role] : '-' },
        ]}
      />
    </Card>
  );
}
