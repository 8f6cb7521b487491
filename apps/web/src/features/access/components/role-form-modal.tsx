import type { MenuPortal, RoleRow } from '@skill-cert/shared/access';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { type RoleInput, useCreateRole } from '../api/create-role';
import { PLATFORM_ROLES, type RoleScope } from '../api/role-scope';
import { useUpdateRole } from '../api/update-role';
import { portalOptions } from '../portals';

interface RoleFormValues {
  portal: MenuPortal;
  name: string;
  remark?: string | null;
  permission_all: boolean;
}

/**
 * A new role (`role` null) or the role to edit; `open` false hides the dialog. An institution's role has neither
 * 所属端 (always 机构端) nor 全部权限.
 */
export function RoleFormModal({
  scope = PLATFORM_ROLES,
  open,
  role,
  defaultPortal,
  onClose,
}: {
  scope?: RoleScope;
  open: boolean;
  role: RoleRow | null;
  defaultPortal?: MenuPortal | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  const createRole = useCreateRole(scope);
  const updateRole = useUpdateRole(scope);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? {
            portal: role.portal,
            name: role.name,
            remark: role.remark,
            permission_all: role.permission_all === 1,
          }
        : { portal: defaultPortal ?? 2, permission_all: false },
    );
  }, [open, role, defaultPortal, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const named = { name: values.name.trim(), remark: values.remark?.trim() || null };
    const body: RoleInput = scope.institution
      ? named
      : { ...named, portal: values.portal, permission_all: values.permission_all ? 1 : 0 };
    try {
      if (role) {
        await updateRole.mutateAsync({ id: role._id, body });
        message.success('修改成功');
      } else {
        await createRole.mutateAsync(body);
        message.success('新增成功');
      }
      onClose();
    } catch {
      // The HTTP client has shown why; the dialog stays open.
    }
  };

  return (
    <Modal
      open={open}
      title={role ? '修改角色' : '新增角色'}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={createRole.isPending || updateRole.isPending}
      forceRender
    >
      <Form<RoleFormValues> form={form} labelCol={{ flex: '96px' }}>
        {!scope.institution && (
          <Form.Item name="portal" label="所属端" rules={[{ required: true, message: '请选择所属端' }]}>
            {/* A role's grants are menus of its portal: moving it would void them. */}
            <Select options={portalOptions} disabled={role !== null} placeholder="请选择所属端" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label="角色名称"
          rules={[
            { required: true, whitespace: true, message: '请输入角色名称' },
            { max: 50, message: '角色名称不能超过50个字符' },
          ]}
        >
          <Input placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
          <Input.TextArea rows={3} placeholder="请输入备注" />
        </Form.Item>
        {!scope.institution && (
          <Form.Item
            name="permission_all"
            label="全部权限"
            valuePropName="checked"
            extra="开启后拥有所属端的全部菜单与按钮权限"
          >
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
