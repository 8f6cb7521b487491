import {
  type MenuBody,
  type MenuNode,
  type MenuPortal,
  MenuType,
  type MenuTypeValue,
} from '@skill-cert/shared/access';
import { App, Form, Input, InputNumber, Modal, Radio, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useCreateMenu } from '../api/create-menu';
import { useUpdateMenu } from '../api/update-menu';
import { parentOptions } from '../menu-tree';
import { menuTypeNames, portalName } from '../portals';

interface MenuFormValues {
  parent_id?: string | null;
  type: MenuTypeValue;
  name: string;
  icon?: string | null;
  key?: string | null;
  front_route_path?: string | null;
  front_route_name?: string | null;
  front_route_addr?: string | null;
  redirect_url?: string | null;
  whether_hidden: 0 | 1;
  whether_cache: 0 | 1;
  sort: number;
}

/** What the dialog is for: a new menu (under `parentId`), or `menu` to edit. */
export type MenuFormTarget = { mode: 'create'; parentId: string | null } | { mode: 'edit'; menu: MenuNode };

/** A grouping node's route path (spec §3: 'Layout' means grouping node). */
export const DIRECTORY_ROUTE_PATH = 'Layout';

const text = (value: string | null | undefined): string | null => value?.trim() || null;

/** The fields each type carries (目录: name, icon, sort; 菜单: route fields too; 按钮: name, key, sort). */
export function menuBodyOf(values: MenuFormValues, portal: MenuPortal): MenuBody {
  const base = {
    portal,
    parent_id: values.parent_id ?? null,
    type: values.type,
    name: values.name.trim(),
    sort: values.sort ?? 0,
    icon: null,
    key: null,
    front_route_path: null,
    front_route_name: null,
    front_route_addr: null,
    redirect_url: null,
    whether_hidden: 0,
    whether_cache: 1,
  } satisfies MenuBody;
  switch (values.type) {
    case MenuType.DIRECTORY:
      return { ...base, icon: text(values.icon), front_route_path: DIRECTORY_ROUTE_PATH };
    case MenuType.PAGE:
      return {
        ...base,
        icon: text(values.icon),
        key: text(values.key),
        front_route_path: text(values.front_route_path),
        front_route_name: text(values.front_route_name),
        front_route_addr: text(values.front_route_addr),
        redirect_url: text(values.redirect_url),
        whether_hidden: values.whether_hidden ?? 0,
        whether_cache: values.whether_cache ?? 1,
      };
    default:
      return { ...base, key: text(values.key) };
  }
}

const typeOptions = ([MenuType.DIRECTORY, MenuType.PAGE, MenuType.BUTTON] as const).map((value) => ({
  label: menuTypeNames[value],
  value,
}));

export function MenuFormModal({
  portal,
  menus,
  target,
  onClose,
}: {
  portal: MenuPortal;
  menus: readonly MenuNode[];
  target: MenuFormTarget | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MenuFormValues>();
  const type = Form.useWatch('type', form);
  const createMenu = useCreateMenu();
  const updateMenu = useUpdateMenu();
  const editing = target?.mode === 'edit' ? target.menu : null;

  const parents = useMemo(
    () => [
      {
        title: '主类目',
        value: '',
        key: '',
        children: parentOptions(menus, editing?._id),
      },
    ],
    [menus, editing],
  );

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      const { children: _children, _id, portal: _portal, ...menu } = target.menu;
      form.setFieldsValue({ ...menu, parent_id: menu.parent_id ?? '' });
    } else {
      form.setFieldsValue({ parent_id: target.parentId ?? '' });
    }
  }, [target, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = menuBodyOf({ ...values, parent_id: values.parent_id || null }, portal);
    try {
      if (editing) {
        await updateMenu.mutateAsync({ id: editing._id, body });
        message.success('修改成功');
      } else {
        await createMenu.mutateAsync(body);
        message.success('新增成功');
      }
      onClose();
    } catch {
      // The HTTP client has shown why; the dialog stays open to fix it.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={`${editing ? '修改' : '新增'}菜单（${portalName(portal)}）`}
      width={640}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={createMenu.isPending || updateMenu.isPending}
      forceRender
    >
      <Form<MenuFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        initialValues={{
          type: MenuType.DIRECTORY,
          sort: 0,
          whether_hidden: 0,
          whether_cache: 1,
          parent_id: '',
        }}
      >
        <Form.Item name="parent_id" label="上级菜单">
          <TreeSelect treeData={parents} treeDefaultExpandAll placeholder="请选择上级菜单" />
        </Form.Item>
        <Form.Item name="type" label="菜单类型" rules={[{ required: true, message: '请选择菜单类型' }]}>
          <Radio.Group options={typeOptions} />
        </Form.Item>
        <Form.Item
          name="name"
          label="菜单名称"
          rules={[
            { required: true, whitespace: true, message: '请输入菜单名称' },
            { max: 50, message: '菜单名称不能超过50个字符' },
          ]}
        >
          <Input placeholder="请输入菜单名称" />
        </Form.Item>
        {type !== MenuType.BUTTON && (
          <Form.Item name="icon" label="图标">
            <Input placeholder="图标名，如 SettingOutlined" />
          </Form.Item>
        )}
        {type === MenuType.PAGE && (
          <>
            <Form.Item
              name="front_route_path"
              label="路由地址"
              rules={[{ required: true, whitespace: true, message: '请输入路由地址' }]}
            >
              <Input placeholder="如 /system/role" />
            </Form.Item>
            <Form.Item name="front_route_name" label="路由名称">
              <Input placeholder="如 SystemRole" />
            </Form.Item>
            <Form.Item name="front_route_addr" label="组件路径">
              <Input placeholder="如 system/role" />
            </Form.Item>
            <Form.Item name="redirect_url" label="重定向地址">
              <Input placeholder="请输入重定向地址" />
            </Form.Item>
          </>
        )}
        {type !== MenuType.DIRECTORY && (
          <Form.Item
            name="key"
            label="权限标识"
            rules={
              type === MenuType.BUTTON
                ? [{ required: true, whitespace: true, message: '请输入权限标识' }]
                : []
            }
          >
            <Input placeholder="如 system:role:add" />
          </Form.Item>
        )}
        {type === MenuType.PAGE && (
          <>
            <Form.Item name="whether_hidden" label="是否隐藏">
              <Radio.Group
                options={[
                  { label: '显示', value: 0 },
                  { label: '隐藏', value: 1 },
                ]}
              />
            </Form.Item>
            <Form.Item name="whether_cache" label="是否缓存">
              <Radio.Group
                options={[
                  { label: '缓存', value: 1 },
                  { label: '不缓存', value: 0 },
                ]}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="sort" label="排序" rules={[{ required: true, message: '请输入排序' }]}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
