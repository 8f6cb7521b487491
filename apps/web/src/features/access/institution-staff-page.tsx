import { PlusOutlined } from '@ant-design/icons';
import { CompanyRole, type InstitutionStaffRow, institutionStaffBody } from '@skill-cert/shared/companies';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { schemaRule } from '@/shared/forms';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { usePermission } from '@/shared/permissions/permission';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useInstitutionRoleOptions } from './api/get-portal-roles';
import { type StaffQuery, useInstitutionStaff, useStaffMutations } from './api/institution-staff';

/** The key of 新增人员, 设置角色 and 移除 (docs/api.md "Permission keys"). */
export const STAFF_EDIT_KEY = 'institution:staff:edit';

type StaffFilters = Omit<StaffQuery, 'page' | 'per_page'>;

interface StaffValues {
  name?: string;
  phone?: string;
  role_ids?: string[];
}

const field = institutionStaffBody.shape;

/**
 * 机构设置 · 人员管理 (机构端 /staff): the institution's staff and the institution roles each holds (the 管理员 holds
 * 机构管理员 besides). With `institution:staff:edit`: 新增人员 by name and phone with roles (an account is created when
 * none exists), 设置角色, 移除; the server keeps the last 管理员 and another institution's people out.
 */
export function InstitutionStaffPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const canEdit = usePermission(STAFF_EDIT_KEY);
  const paged = usePagedSearch<StaffFilters>({ keyword: '' });
  const staff = useInstitutionStaff(paged.query);
  const mutations = useStaffMutations();
  const [editing, setEditing] = useState<{ member: InstitutionStaffRow | null } | null>(null);

  const confirmRemove = (member: InstitutionStaffRow) =>
    confirmOnce({
      title: '提示',
      content: `确定将“${member.name}”移出机构吗？移出后该账号将失去本机构的角色与权限。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        mutations.remove.mutateAsync(member.user_id).then(
          () => {
            message.success('已移除');
            if (staff.data?.list.length === 1 && paged.query.page > 1) paged.setPage(paged.query.page - 1);
          },
          () => undefined, // e.g. the last administrator: the HTTP client has shown the server's reason.
        ),
    });

  const columns: TableColumnsType<InstitutionStaffRow> = [
    { title: '姓名', dataIndex: 'name', width: 160 },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    {
      title: '身份',
      dataIndex: 'role',
      width: 100,
      render: (role: number, row) => (
        <Tag color={role === CompanyRole.ADMIN ? 'blue' : 'default'}>{row.role_text}</Tag>
      ),
    },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: InstitutionStaffRow['roles']) =>
        roles.length === 0 ? '-' : roles.map((r) => <Tag key={r._id}>{r.name}</Tag>),
    },
    { title: '加入时间', dataIndex: 'joined_time_str', width: 180 },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_: unknown, member: InstitutionStaffRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ member })}>
                  设置角色
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmRemove(member)}>
                  移除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title="人员管理">
      <PagedSearchTable<InstitutionStaffRow, StaffFilters>
        searchLabel="人员搜索"
        paged={paged}
        result={staff}
        rowKey="user_id"
        columns={columns}
        filters={[{ name: 'keyword', label: '关键词', placeholder: '请输入姓名或手机号' }]}
        locale={{ emptyText: '暂无人员' }}
        toolbar={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ member: null })}>
              新增人员
            </Button>
          )
        }
      />
      <StaffDialog
        member={editing?.member ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSave={async (values, member) => {
          if (member) {
            await mutations.setRoles.mutateAsync({ userId: member.user_id, role_ids: values.role_ids });
            message.success('角色已更新');
          } else {
            await mutations.add.mutateAsync(values);
            message.success('已添加');
          }
          setEditing(null);
        }}
      />
    </Card>
  );
}

/** 新增人员 (name, phone, roles) or 设置角色 of a member (roles only). */
function StaffDialog({
  member,
  open,
  onClose,
  onSave,
}: {
  member: InstitutionStaffRow | null;
  open: boolean;
  onClose: () => void;
  onSave: (
    values: { name: string; phone: string; role_ids: string[] },
    member: InstitutionStaffRow | null,
  ) => Promise<void>;
}) {
  const [form] = Form.useForm<StaffValues>();
  const unsaved = useUnsavedForm(form, open);
  const roles = useInstitutionRoleOptions(open);
  const save = useAction(async () => {
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await unsaved.whileSaving(() =>
        onSave(
          { name: v.name?.trim() ?? '', phone: v.phone?.trim() ?? '', role_ids: v.role_ids ?? [] },
          member,
        ),
      );
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title={member ? `设置角色：${member.name}` : '新增人员'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void save.run()}
    >
      <Form<StaffValues>
        form={form}
        layout="vertical"
        preserve={false}
        aria-label={member ? '设置角色' : '新增人员'}
        initialValues={{ role_ids: member?.roles.map((r) => r._id) ?? [] }}
      >
        {!member && (
          <>
            <Form.Item label="姓名" name="name" rules={[schemaRule(field.name)]}>
              <Input placeholder="请输入姓名" maxLength={32} />
            </Form.Item>
            <Form.Item
              label="手机号"
              name="phone"
              rules={[schemaRule(field.phone)]}
              extra="该手机号没有账号时将自动创建，使用验证码登录"
            >
              <Input placeholder="请输入手机号" maxLength={11} />
            </Form.Item>
          </>
        )}
        {roles.isError && (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} title="角色列表加载失败，请关闭后重试" />
        )}
        <Form.Item
          label="角色"
          name="role_ids"
          extra="角色在“角色管理”中维护，决定该人员可使用的机构端菜单与操作"
        >
          <Select
            mode="multiple"
            allowClear
            placeholder="请选择角色"
            loading={roles.isLoading}
            optionFilterProp="label"
            options={(roles.data ?? []).map((r) => ({ label: r.name, value: r._id }))}
            notFoundContent={roles.isLoading ? '加载中…' : '暂无角色，请先在“角色管理”中新增'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
