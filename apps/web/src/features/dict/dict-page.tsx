import { PlusOutlined } from '@ant-design/icons';
import type { DictItemRow, DictionaryRow } from '@skill-cert/shared/dict';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Menu,
  Row,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { ListTable } from '@/shared/components/list-table/list-table';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { Permission } from '@/shared/permissions/permission';
import { useDeleteDictItem, useDictItems, useDictionaryList } from './api/dictionaries';
import { DictItemModal } from './components/dict-item-modal';

const EDIT_KEY = 'platform:dict:edit';

/**
 * 字典管理 (`/dict`): the dictionaries every page reads through `POST /api/dict`, on the left; the chosen one's items
 * on the right: name, value, order, enabled and colour, edited in a dialog. A dictionary whose values the code relies
 * on (值固定) keeps its values and items; another takes new items and deletes. A change shows in every browser on
 * its next request (docs/decisions.md "Dictionaries are data").
 */
export function DictPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const dictionaries = useDictionaryList();
  const [chosen, setChosen] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const list = dictionaries.data ?? [];
  const dict = list.find((d) => d.name === chosen) ?? list[0] ?? null;
  const items = useDictItems(dict?.name ?? null);
  const remove = useDeleteDictItem();
  const [editing, setEditing] = useState<{ row: DictItemRow | null } | null>(null);

  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? list.filter((d) => d.title.includes(k) || d.name.toLowerCase().includes(k)) : list;
  }, [list, keyword]);
  const rows = items.data ?? [];
  const nextSort = rows.reduce((max, r) => Math.max(max, r.sort), 0) + 10;

  const confirmDelete = (row: DictItemRow) => {
    let once: Promise<void> | null = null;
    confirmOnce({
      title: '删除字典项',
      content: `确定删除“${row.label}”吗？删除后各页面不再显示此项，已保存的数据仍保留原值。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => {
        once ??= remove.mutateAsync(row._id).then(
          () => {
            message.success('删除成功');
          },
          () => {
            once = null;
          },
        );
        return once;
      },
    });
  };

  const columns: TableColumnsType<DictItemRow> = [
    {
      title: '名称',
      dataIndex: 'label',
      render: (label: string, row) => (row.color ? <Tag color={row.color}>{label}</Tag> : label),
    },
    { title: '值', dataIndex: 'value', width: 120, render: (v: number | string) => String(v) },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '颜色',
      dataIndex: 'color',
      width: 130,
      render: (color: string | null) =>
        color ? (
          <Space size={6}>
            <span
              aria-hidden
              style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: color }}
            />
            {color}
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '更新时间', dataIndex: 'update_time_str', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Permission keys={EDIT_KEY}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              修改
            </Button>
            {!row.fixed && (
              <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
                删除
              </Button>
            )}
          </Space>
        </Permission>
      ),
    },
  ];

  if (dictionaries.error)
    return (
      <ListPageCard title="字典管理">
        <QueryError error={dictionaries.error} onRetry={() => void dictionaries.refetch()} />
      </ListPageCard>
    );

  return (
    <ListPageCard title="字典管理">
      <Row gutter={16} wrap={false}>
        <Col flex="260px">
          <Card size="small" title="字典" styles={{ body: { padding: 8 } }}>
            <Input.Search
              allowClear
              placeholder="字典名称或编码"
              aria-label="搜索字典"
              onChange={(e) => setKeyword(e.target.value)}
              style={{ marginBottom: 8 }}
            />
            {shown.length === 0 && !dictionaries.isPending ? (
              <Empty description="没有匹配的字典" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Menu
                aria-label="字典列表"
                mode="inline"
                style={{ borderInlineEnd: 'none', maxHeight: 560, overflowY: 'auto' }}
                selectedKeys={dict ? [dict.name] : []}
                onClick={({ key }) => setChosen(key)}
                items={shown.map((d) => ({ key: d.name, label: d.title, title: `${d.title}（${d.name}）` }))}
              />
            )}
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {dict && <DictHeader dict={dict} onAdd={() => setEditing({ row: null })} />}
          <ListTable<DictItemRow>
            rowKey="_id"
            aria-label="字典项"
            loading={items.isFetching && !items.data}
            error={items.error}
            onRetry={() => void items.refetch()}
            columns={columns}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: '该字典暂无字典项' }}
          />
        </Col>
      </Row>
      {dict && (
        <DictItemModal
          dict={dict}
          open={editing !== null}
          editing={editing?.row ?? null}
          nextSort={nextSort}
          onClose={() => setEditing(null)}
        />
      )}
    </ListPageCard>
  );
}

function DictHeader({ dict, onAdd }: { dict: DictionaryRow; onAdd: () => void }) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
      <Space size={8} wrap>
        <Typography.Text strong>{dict.title}</Typography.Text>
        <Typography.Text type="secondary" copyable>
          {dict.name}
        </Typography.Text>
        {dict.fixed ? (
          <Tag
            color="orange"
            title="该字典的值被系统使用：可修改名称、排序、颜色和启用状态，不能修改值或增删字典项"
          >
            值固定
          </Tag>
        ) : (
          <Tag color="blue">可增删</Tag>
        )}
        <Typography.Text type="secondary">
          共 {dict.item_count} 项，启用 {dict.enabled_count} 项
        </Typography.Text>
      </Space>
      {!dict.fixed && (
        <Permission keys={EDIT_KEY}>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            新增字典项
          </Button>
        </Permission>
      )}
    </Space>
  );
}
