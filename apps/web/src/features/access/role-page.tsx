import { PlusOutlined } from '@ant-design/icons';
import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import { App, Button, Card, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { useDeleteRole } from './api/delete-role';
import { type RoleQuery, useRoles } from './api/get-roles';
import { INSTITUTION_ROLES, PLATFORM_ROLES, type RoleScope } from './api/role-scope';
import { GrantMenusModal } from './components/grant-menus-modal';
import { RoleFormModal } from './components/role-form-modal';
import { portalName, portalOptions } from './portals';

type RoleFilters = Omit<RoleQuery, 'page' | 'per_page'>;

/**
 * 角色管理: roles, their grants (分配权限), create, edit, delete. The platform's page manages the roles of every
 * server-menu portal; an institution's (机构设置 · 角色管理) the same way only its own roles, of 机构端.
 */
export function RolePage({ scope = PLATFORM_ROLES }: { scope?: RoleScope }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = usePagedSearch<RoleFilters>(
    scope.institution ? { keyword: '' } : { portal: null, keyword: '' },
  );
  const roles = useRoles(paged.query, scope);
  const deleteRole = useDeleteRole(scope);
  const [editing, setEditing] = useState<{ role: RoleRow | null } | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);

  const confirmDelete = (role: RoleRow) =>
    confirmOnce({
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
    ...(scope.institution
      ? []
      : [
          {
            title: '所属端',
            dataIndex: 'portal',
            width: 100,
            render: (portal: MenuPortal) => portalName(portal),
          },
        ]),
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
          <Permission keys={scope.keys.edit}>
            <Button type="link" size="small" onClick={() => setEditing({ role })}>
              修改
            </Button>
          </Permission>
          <Permission keys={scope.keys.grant}>
            <Button type="link" size="small" onClick={() => setGranting(role)}>
              分配权限
            </Button>
          </Permission>
          <Permission keys={scope.keys.delete}>
            <Button type="link" size="small" danger onClick={() => confirmDelete(role)}>
              删除
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  const filters: SearchField[] = [
    ...(scope.institution ? [] : [{ name: 'portal', label: '所属端', options: portalOptions, width: 140 }]),
    { name: 'keyword', label: '角色名称', placeholder: '请输入角色名称' },
  ];

  return (
    <Card title="角色管理">
      <PagedSearchTable<RoleRow, RoleFilters>
        searchLabel="角色搜索"
        paged={paged}
        result={roles}
        columns={columns}
        filters={filters}
        locale={scope.institution ? { emptyText: '暂无角色，可新增角色并分配机构端菜单权限' } : undefined}
        toolbar={
          <Permission keys={scope.keys.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
              新增角色
            </Button>
          </Permission>
        }
      />
      <RoleFormModal
        scope={scope}
        open={editing !== null}
        role={editing?.role ?? null}
        defaultPortal={paged.query.portal}
        onClose={() => setEditing(null)}
      />
      <GrantMenusModal scope={scope} role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}

/** 机构设置 · 角色管理 (机构端 /role): the institution's own roles and the institution menu they grant. */
export function InstitutionRolePage() {
  return <RolePage scope={INSTITUTION_ROLES} />;
}
