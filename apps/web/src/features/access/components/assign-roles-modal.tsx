import { MENU_PORTALS, type MenuPortal } from '@skill-cert/shared/access';
import type { RoleTypeId } from '@skill-cert/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePortalRoles } from '../api/get-portal-roles';
import type { UserRow } from '../api/get-users';
import { useSetUserRoleTypes } from '../api/set-user-role-types';
import { portalName, roleTypeOptions } from '../portals';

interface AssignValues {
  role_type_ids: RoleTypeId[];
  role_ids: string[];
}

const isMenuPortal = (id: number): id is MenuPortal => (MENU_PORTALS as readonly number[]).includes(id);

/**
 * 分配角色: the role types (portals) a user holds, then roles of those portals. Roles only exist for the
 * server-menu portals (平台端, 机构端, 考评员端); a role of a portal the user does not hold is dropped.
 */
export function AssignRolesModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AssignValues>();
  const roleTypes = Form.useWatch('role_type_ids', form);
  const portalRoles = usePortalRoles(MENU_PORTALS, user !== null);
  const setRoleTypes = useSetUserRoleTypes();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({ role_type_ids: user.role_types_info, role_ids: user.roles.map((r) => r._id) });
  }, [user, form]);

  const heldPortals = useMemo(() => (roleTypes ?? []).filter(isMenuPortal), [roleTypes]);
  const portalOfRole = useMemo(() => {
    const index = new Map<string, MenuPortal>();
    for (const result of portalRoles) for (const role of result.data ?? []) index.set(role._id, role.portal);
    return index;
  }, [portalRoles]);

  const roleOptions = MENU_PORTALS.flatMap((portal, i) => {
    const roles = portalRoles[i]?.data ?? [];
    if (!heldPortals.includes(portal) || roles.length === 0) return [];
    return [
      {
        label: portalName(portal),
        title: portalName(portal),
        options: roles.map((role) => ({ label: role.name, value: role._id })),
      },
    ];
  });

  // Unticking a role type drops the roles of that portal from the selection.
  const onValuesChange = (changed: Partial<AssignValues>, all: AssignValues) => {
    if (!changed.role_type_ids) return;
    const kept = (all.role_ids ?? []).filter((id) => {
      const portal = portalOfRole.get(id);
      return portal === undefined || changed.role_type_ids?.includes(portal);
    });
    if (kept.length !== (all.role_ids ?? []).length) form.setFieldValue('role_ids', kept);
  };

  const save = async () => {
    if (!user) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const role_ids = values.role_ids.filter((id) => {
      const portal = portalOfRole.get(id);
      return portal !== undefined && values.role_type_ids.includes(portal);
    });
    setSaving(true);
    try {
      // One request: role types and roles change together, or not at all.
      await setRoleTypes.mutateAsync({ id: user._id, role_type_ids: values.role_type_ids, role_ids });
      message.success('分配角色成功');
      onClose();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    }
  };

  const rolesFailed = portalRoles.some((r) => r.isError);
  const rolesLoading = portalRoles.some((r) => r.isLoading);

  return (
    <Modal
      open={user !== null}
      title={user ? `分配角色：${user.name}` : '分配角色'}
      width={560}
      okText="保存"
      cancelText="取消"
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      // Saving needs every role's portal: without the lists a role could be dropped by mistake.
      okButtonProps={{ disabled: rolesLoading || rolesFailed }}
      forceRender
    >
      {rolesFailed && (
        <Alert style={{ marginBottom: 12 }} type="error" showIcon title="角色列表加载失败，请关闭后重试" />
      )}
      <Form<AssignValues>
        form={form}
        layout="vertical"
        initialValues={{ role_type_ids: [], role_ids: [] }}
        onValuesChange={onValuesChange}
      >
        <Form.Item name="role_type_ids" label="角色类型">
          <Checkbox.Group options={roleTypeOptions} />
        </Form.Item>
        <Form.Item
          name="role_ids"
          label="角色"
          dependencies={['role_type_ids']}
          rules={[
            {
              // A server-menu role type without a role opens no page at all (暂无可访问的页面).
              validator: async (_rule, ids: string[] | undefined) => {
                const covered = new Set((ids ?? []).map((id) => portalOfRole.get(id)));
                const bare = heldPortals.find((portal) => !covered.has(portal));
                if (bare !== undefined) throw new Error(`请为${portalName(bare)}选择至少一个角色`);
              },
            },
          ]}
          extra={heldPortals.length === 0 ? '请先勾选平台端、机构端或考评员端' : undefined}
        >
          <Select
            mode="multiple"
            allowClear
            placeholder="请选择角色"
            options={roleOptions}
            disabled={heldPortals.length === 0}
            loading={rolesLoading}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
