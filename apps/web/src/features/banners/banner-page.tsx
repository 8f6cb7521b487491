import { PlusOutlined } from '@ant-design/icons';
import { type BannerRow, BannerStatus, bannerStatusNames } from '@skill-cert/shared/banners';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { RowActions, useConfirmRowAction } from '@/shared/components/list-table/row-actions';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { StatusTag } from '@/shared/components/status-tag';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { type BannerQuery, useBannerAction, useBannerList } from './api/banners';
import { BannerFormModal, positionOptions } from './components/banner-form-modal';

type BannerFilters = Omit<BannerQuery, 'page' | 'per_page'>;

const STATUS_COLOR = { 0: 'default', 1: 'green' };

const filters: SearchField[] = [
  { name: 'title', label: '标题', placeholder: '请输入标题' },
  { name: 'position', label: '位置', options: positionOptions, width: 140 },
  {
    name: 'status',
    label: '状态',
    options: Object.entries(bannerStatusNames).map(([value, label]) => ({ label, value: Number(value) })),
    width: 120,
  },
];

const windowText = (row: BannerRow) =>
  row.show_from_str || row.show_until_str
    ? `${row.show_from_str ?? '不限'} 至 ${row.show_until_str ?? '不限'}`
    : '一直展示';

/** 轮播图 of the platform: the login page's and the learner app's banners; new, edit, 启用/停用, delete by key. */
export function BannerPage() {
  const paged = usePagedSearch<BannerFilters>({ title: '', position: null, status: null });
  const list = useBannerList(paged.query);
  const act = useBannerAction();
  const [editing, setEditing] = useState<{ row: BannerRow | null } | null>(null);

  const confirmAction = useConfirmRowAction<BannerRow>({
    words: (row, action) => {
      return {
        enable: {
          title: '启用轮播图',
          content: `确定启用“${row.title}”吗？在展示时间内即会展示。`,
          done: '已启用',
        },
        disable: {
          title: '停用轮播图',
          content: `确定停用“${row.title}”吗？停用后不再展示。`,
          done: '已停用',
        },
        delete: {
          title: '删除轮播图',
          content: `确定删除“${row.title}”吗？删除后不可恢复。`,
          done: '删除成功',
        },
      }[action];
    },
    act: (row, action) =>
      act.mutateAsync({
        id: row._id,
        status:
          action === 'delete' ? 'delete' : action === 'enable' ? BannerStatus.ENABLED : BannerStatus.DISABLED,
      }),
    paged,
    rowsOnPage: list.data?.list.length ?? 0,
  });

  const columns: TableColumnsType<BannerRow> = [
    {
      title: '图片',
      key: 'image',
      width: 140,
      render: (_, row) => (
        <img
          src={row.image_url}
          alt={row.title}
          width={120}
          height={40}
          loading="lazy"
          style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
        />
      ),
    },
    { title: '标题', dataIndex: 'title' },
    { title: '位置', dataIndex: 'position_name', width: 110 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '链接',
      dataIndex: 'link',
      ellipsis: true,
      render: (link: string | null) => link ?? '-',
    },
    { title: '展示时间', key: 'window', width: 200, render: (_, row) => windowText(row) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 140,
      render: (status: number, row) => (
        <Space size={4}>
          <StatusTag status={status} text={bannerStatusNames} color={STATUS_COLOR} />
          {row.shown && <Tag color="blue">展示中</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_, row) => (
        <RowActions
          enabled={row.status === BannerStatus.ENABLED}
          editKey="platform:banner:edit"
          deleteKey="platform:banner:delete"
          onEdit={() => setEditing({ row })}
          onAction={(action) => confirmAction(row, action)}
        />
      ),
    },
  ];

  return (
    <ListPageCard title="轮播图">
      <PagedSearchTable<BannerRow, BannerFilters>
        searchLabel="轮播图搜索"
        paged={paged}
        result={list}
        columns={columns}
        filters={filters}
        locale={{ emptyText: '暂无轮播图，可点击“新增轮播图”添加' }}
        toolbar={
          <Permission keys="platform:banner:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              新增轮播图
            </Button>
          </Permission>
        }
      />
      <BannerFormModal
        open={editing !== null}
        editing={editing?.row ?? null}
        onClose={() => setEditing(null)}
      />
    </ListPageCard>
  );
}
