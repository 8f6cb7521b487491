import { PlusOutlined } from '@ant-design/icons';
import { type MenuNode, type MenuPortal, MenuType, type MenuTypeValue } from '@skill-cert/shared/access';
import { PAGE_SIZE_OPTIONS } from '@skill-cert/shared/constants';
import { App, Button, Card, Radio, Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { ListTable } from '@/shared/components/list-table/list-table';
import { SearchForm } from '@/shared/components/list-table/search-form';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { Permission } from '@/shared/permissions/permission';
import { useDeleteMenu } from './api/delete-menu';
import { useMenus } from './api/get-menus';
import { MenuFormModal, type MenuFormTarget } from './components/menu-form-modal';
import { filterMenuRows, type MenuRow, toMenuRows } from './menu-tree';
import { menuTypeNames, portalOptions } from './portals';

const typeColors: Record<MenuTypeValue, string> = {
  [MenuType.DIRECTORY]: 'blue',
  [MenuType.PAGE]: 'green',
  [MenuType.BUTTON]: 'orange',
};

const idsWithChildren = (rows: readonly MenuRow[]): string[] =>
  rows.flatMap((r) => (r.children ? [r._id, ...idsWithChildren(r.children)] : []));

function findMenu(nodes: readonly MenuNode[], id: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n._id === id) return n;
    const found = findMenu(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** 菜单管理: the server menu tree of each portal (spec §6), administered by the platform. */
export function MenuPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const [portal, setPortal] = useState<MenuPortal>(2);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: PAGE_SIZE_OPTIONS[0] as number });
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const [target, setTarget] = useState<MenuFormTarget | null>(null);
  const menus = useMenus(portal);
  const deleteMenu = useDeleteMenu();

  const rows = useMemo(() => filterMenuRows(toMenuRows(menus.data ?? []), keyword), [menus.data, keyword]);
  // Expanded by default (and after every search), then as the user leaves it.
  const expandedKeys = expanded ?? idsWithChildren(rows);

  const search = (name: string) => {
    setKeyword(name.trim());
    setExpanded(null);
    setPage((p) => ({ ...p, current: 1 }));
  };

  const confirmDelete = (row: MenuRow) =>
    confirmOnce({
      title: '提示',
      content: `确定删除菜单“${row.name}”吗？其下级菜单及相关授权将一并删除。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        deleteMenu.mutateAsync({ id: row._id, portal }).then(
          () => {
            message.success('删除成功');
          },
          () => undefined,
        ),
    });

  const editMenu = (row: MenuRow) => {
    const menu = findMenu(menus.data ?? [], row._id);
    if (menu) setTarget({ mode: 'edit', menu });
  };

  const columns: TableColumnsType<MenuRow> = [
    { title: '菜单名称', dataIndex: 'name', width: 220 },
    { title: '图标', dataIndex: 'icon', width: 160, render: (icon: string | null) => icon || '-' },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (type: MenuTypeValue) => <Tag color={typeColors[type]}>{menuTypeNames[type]}</Tag>,
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '权限标识', dataIndex: 'key', render: (key: string | null) => key || '-' },
    { title: '路由地址', dataIndex: 'front_route_path', render: (path: string | null) => path || '-' },
    { title: '组件路径', dataIndex: 'front_route_addr', render: (addr: string | null) => addr || '-' },
    {
      title: '状态',
      dataIndex: 'whether_hidden',
      width: 80,
      render: (hidden: 0 | 1) => (hidden === 1 ? <Tag>隐藏</Tag> : <Tag color="success">显示</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, row) => (
        <Space size={0}>
          {row.type !== MenuType.BUTTON && (
            <Permission keys="system:menu:add">
              <Button
                type="link"
                size="small"
                onClick={() => setTarget({ mode: 'create', parentId: row._id })}
              >
                新增
              </Button>
            </Permission>
          )}
          <Permission keys="system:menu:edit">
            <Button type="link" size="small" onClick={() => editMenu(row)}>
              修改
            </Button>
          </Permission>
          <Permission keys="system:menu:delete">
            <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
              删除
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Card title="菜单管理">
      <Space wrap style={{ marginBottom: 16 }} size={16}>
        <Radio.Group
          aria-label="所属端"
          optionType="button"
          buttonStyle="solid"
          options={portalOptions}
          value={portal}
          onChange={(e) => {
            setPortal(e.target.value as MenuPortal);
            setExpanded(null);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        <SearchForm
          label="菜单搜索"
          initialValues={{ name: '' }}
          fields={[{ name: 'name', label: '菜单名称', placeholder: '请输入菜单名称' }]}
          onSearch={(v) => search(v.name)}
        />
        <Permission keys="system:menu:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setTarget({ mode: 'create', parentId: null })}
          >
            新增菜单
          </Button>
        </Permission>
      </Space>
      <ListTable<MenuRow>
        error={menus.isError ? menus.error : undefined}
        onRetry={() => void menus.refetch()}
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={menus.isFetching}
        expandable={{
          expandedRowKeys: [...expandedKeys],
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => `共 ${total} 条`,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
      <MenuFormModal
        portal={portal}
        menus={menus.data ?? []}
        target={target}
        onClose={() => setTarget(null)}
      />
    </Card>
  );
}
