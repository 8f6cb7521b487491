import { PlusOutlined } from '@ant-design/icons';
import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import { App, Button, Card, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { useDeleteRole } from './api/delete-role';
import { type RoleQuery, useRoles } from './api/get-roles';
import { GrantMenusModal } from './components/grant-menus-modal';
import { RoleFormModal } from './components/role-form-modal';
import { portalName, portalOptions } from './portals';

type RoleFilters = Omit<RoleQuery, 'page' | 'per_page'>;

/** 角色管理: roles of the server-menu portals, their grants (分配权限), create, edit, delete. */
export function RolePage() {
  const { message, modal } = App.useApp();
  const paged = usePagedSearch<RoleFilters>({ portal: null, keyword: '' });
  const roles = useRoles(paged.query);
  const deleteRole = useDeleteRole();
  const [editing, setEditing] = useState<{ role: RoleRow | null } | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);

  const confirmDelete = (role: RoleRow) =>
    modal.confirm({
      title: '提示',
      content: `确定删除角色“${role.name}”吗？持有该角色的用户将失去其权限。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        deleteRole.mutateAsync(role._id).then(
          () => {
            message.success('删除成功');
            // Deleting the last row of a page would leave the page empty.
            if (roles.data?.list.length === 1 && paged.query.page > 1) paged.setPage(paged.query.page - 1);
          },
          () => undefined,
        ),
    });

  const columns: TableColumnsType<RoleRow> = [
    { title: '角色名称', dataIndex: 'name' },
    { title: '所属端', dataIndex: 'portal', width: 100, render: (portal: MenuPortal) => portalName(portal) },
    { title: '备注', dataIndex: 'remark', render: (remark: string | null) => remark || '-' },
    {
      title: '权限范围',
      dataIndex: 'permission_all',
      width: 120,
      render: (all: 0 | 1) => (all === 1 ? <Tag color="gold">全部权限</Tag> : <Tag>按菜单授权</Tag>),
    },
    { title: '创建时间', dataIndex: 'create_time_str', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, role) => (
        <Space size={0}>
          <Permission keys="system:role:edit">
            <Button type="link" size="small" onClick={() => setEditing({ role })}>
              修改
            </Button>
          </Permission>
          <Permission keys="system:role:grant">
            <Button type="link" size="small" onClick={() => setGranting(role)}>
              分配权限
            </Button>
          </Permission>
          <Permission keys="system:role:delete">
            <Button type="link" size="small" danger onClick={() => confirmDelete(role)}>
              删除
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card title="角色管理">
      <PagedSearchTable<RoleRow, RoleFilters>
        searchLabel="角色搜索"
        paged={paged}
        result={roles}
        columns={columns}
        filters={[
          { name: 'portal', label: '所属端', options: portalOptions, width: 140 },
          { name: 'keyword', label: '角色名称', placeholder: '请输入角色名称' },
        ]}
        toolbar={
          <Permission keys="system:role:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
              新增角色
            </Button>
          </Permission>
        }
      />
      <RoleFormModal
        open={editing !== null}
        role={editing?.role ?? null}
        defaultPortal={paged.query.portal}
        onClose={() => setEditing(null)}
      />
      <GrantMenusModal role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
