import type { RoleRow } from '@skill-cert/shared/access';
import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { Button, Card, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { type UserQuery, type UserRow, useUsers } from './api/get-users';
import { AssignRolesModal } from './components/assign-roles-modal';
import { portalName, roleTypeOptions } from './portals';

type UserFilters = Omit<UserQuery, 'page' | 'per_page'>;

const roleTypeColors: Record<RoleTypeId, string> = { 1: 'blue', 2: 'purple', 3: 'green', 4: 'orange' };

/** 用户管理: every user, the role types they hold and their roles; 分配角色 changes both. */
export function UserPage() {
  const paged = usePagedSearch<UserFilters>({ keyword: '', role_type_id: null });
  const users = useUsers(paged.query);
  const [assigning, setAssigning] = useState<UserRow | null>(null);

  const columns: TableColumnsType<UserRow> = [
    { title: '姓名', dataIndex: 'name', width: 160 },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    {
      title: '角色类型',
      dataIndex: 'role_types_info',
      render: (ids: RoleTypeId[]) =>
        ids.length === 0
          ? '-'
          : ids.map((id) => (
              <Tag key={id} color={roleTypeColors[id]}>
                {roleTypeNames[id]}
              </Tag>
            )),
    },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: RoleRow[]) =>
        roles.length === 0
          ? '-'
          : roles.map((role) => (
              <Tag key={role._id} title={portalName(role.portal)}>
                {role.name}
              </Tag>
            )),
    },
    { title: '创建时间', dataIndex: 'create_time_str', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, user) => (
        <Permission keys="system:user:grant">
          <Button type="link" size="small" onClick={() => setAssigning(user)}>
            分配角色
          </Button>
        </Permission>
      ),
    },
  ];

  return (
    <Card title="用户管理">
      <PagedSearchTable<UserRow, UserFilters>
        searchLabel="用户搜索"
        paged={paged}
        result={users}
        columns={columns}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '请输入姓名或手机号' },
          { name: 'role_type_id', label: '角色类型', options: roleTypeOptions, width: 140 },
        ]}
      />
      <AssignRolesModal user={assigning} onClose={() => setAssigning(null)} />
    </Card>
  );
}
