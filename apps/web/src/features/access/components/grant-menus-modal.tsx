import type { MenuNode, RoleRow } from '@skill-cert/shared/access';
import { Alert, App, Button, Checkbox, Empty, Modal, Space, Spin, Tree, type TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useMenus } from '../api/get-menus';
import { useRole } from '../api/get-role';
import { useGrantRoleMenus } from '../api/grant-role-menus';
import { PLATFORM_ROLES, type RoleScope } from '../api/role-scope';
import {
  allMenuIds,
  grantTreeData,
  linkedTreeKeys,
  parentIndex,
  subtreeIds,
  withAncestors,
} from '../menu-tree';
import { portalName } from '../portals';

const NO_MENUS: MenuNode[] = [];

/**
 * 分配权限: a checkable tree of the role's portal menus, preloaded with its grant. Linked (the default)
 * checks a parent with all its children and shows a page granted without its buttons half-checked;
 * unlinked lets a page be granted without its buttons. Either way
 * the saved menu_ids carry every checked node's ancestors (the half-checked parents), so the grant
 * holds together: a button never comes without its page and directory.
 */
export function GrantMenusModal({
  scope = PLATFORM_ROLES,
  role,
  onClose,
}: {
  scope?: RoleScope;
  role: RoleRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const menus = useMenus(role?.portal ?? 2, role !== null, scope);
  const detail = useRole(role?._id ?? null, scope);
  const grant = useGrantRoleMenus(scope);
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [linked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);

  // A fresh start for the next role opened.
  const close = () => {
    setSelected(null);
    setLinked(true);
    setExpanded(null);
    onClose();
  };

  const nodes = role && menus.data ? menus.data : NO_MENUS;
  const treeData = useMemo(() => grantTreeData(nodes), [nodes]);
  const parents = useMemo(() => parentIndex(nodes), [nodes]);
  const everyId = useMemo(() => allMenuIds(nodes), [nodes]);
  const granted = useMemo(() => selected ?? new Set(detail.data?.menu_ids ?? []), [selected, detail.data]);

  const checkedKeys: TreeProps['checkedKeys'] = linked
    ? linkedTreeKeys(nodes, granted)
    : { checked: [...granted], halfChecked: [] };

  // The tree never conducts by itself (checkStrictly): linked, a tick takes the node with everything below
  // it and an untick drops them, while what stays granted above shows half-checked.
  const onCheck: TreeProps['onCheck'] = (_checked, info) => {
    const key = String(info.node.key);
    const next = new Set(granted);
    if (info.checked) {
      for (const id of withAncestors([key], parents)) next.add(id);
      if (linked) for (const id of subtreeIds(nodes, key)) next.add(id);
    } else for (const id of subtreeIds(nodes, key)) next.delete(id);
    setSelected(next);
  };

  const save = async () => {
    if (!role) return;
    const menu_ids = withAncestors(granted, parents).filter((id) => parents.has(id));
    try {
      await grant.mutateAsync({ id: role._id, menu_ids });
      message.success('分配权限成功');
      close();
    } catch {
      // Shown by the HTTP client.
    }
  };

  const loading = menus.isLoading || detail.isLoading;
  const failed = menus.isError ? menus : detail.isError ? detail : null;

  let body: React.ReactNode;
  if (failed) body = <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  else if (loading) body = <Spin style={{ display: 'block', padding: 32 }} />;
  else if (treeData.length === 0) body = <Empty description="该端暂无菜单" />;
  else {
    body = (
      <div style={{ maxHeight: 420, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          treeData={treeData}
          checkedKeys={checkedKeys}
          onCheck={onCheck}
          expandedKeys={expanded ?? everyId}
          onExpand={(keys) => setExpanded(keys)}
          selectable={false}
        />
      </div>
    );
  }

  return (
    <Modal
      open={role !== null}
      title={role ? `分配权限：${role.name}（${portalName(role.portal)}）` : '分配权限'}
      width={560}
      okText="保存"
      cancelText="取消"
      onOk={save}
      onCancel={close}
      okButtonProps={{ disabled: loading || failed !== null }}
      confirmLoading={grant.isPending}
      destroyOnHidden
    >
      {detail.data?.permission_all === 1 && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          title="该角色已开启全部权限，拥有所属端全部菜单；此处的勾选在关闭全部权限后生效。"
        />
      )}
      <Space style={{ marginBottom: 8 }} wrap>
        <Checkbox checked={linked} onChange={(e) => setLinked(e.target.checked)}>
          父子联动
        </Checkbox>
        <Button size="small" onClick={() => setExpanded(everyId)}>
          展开全部
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠全部
        </Button>
        <Button size="small" onClick={() => setSelected(new Set(everyId))}>
          全选
        </Button>
        <Button size="small" onClick={() => setSelected(new Set())}>
          全不选
        </Button>
      </Space>
      {body}
    </Modal>
  );
}
