import { profileLabels, RoleType, roleTypeNames } from '@skill-cert/shared/roles';
import { Card, Descriptions } from 'antd';
import { lazy, Suspense } from 'react';
import { PageLoading } from '@/shared/components/page-loading';
import { useCurrentUser } from '@/shared/session/session-store';

// The enterprise's /profile is its company's settings screen, loaded only for that role.
const CompanyProfile = lazy(() =>
  import('@/features/company-settings/company-profile').then((m) => ({ default: m.CompanyProfile })),
);

/** /profile: company information for the enterprise role, personal information for the others. */
export function ProfilePage() {
  const user = useCurrentUser();
  const role = user?.active_role_type_id ?? null;
  if (role === RoleType.ENTERPRISE && user?.company_id)
    return (
      <Suspense fallback={<PageLoading />}>
        <CompanyProfile companyId={user.company_id} />
      </Suspense>
    );
  return (
    <Card title={role ? profileLabels[role] : '个人信息'}>
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
