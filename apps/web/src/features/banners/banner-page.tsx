import { PlusOutlined } from '@ant-design/icons';
import { type BannerRow, BannerStatus, bannerStatusNames } from '@skill-cert/shared/banners';
import { App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { StatusTag } from '@/shared/components/status-tag';
import { useConfirmOnce } from '@/shared/hooks/use-action';
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

type Action = 'enable' | 'disable' | 'delete';

/** 轮播图 of the platform: the login page's and the learner app's banners; new, edit, 启用/停用, delete by key. */
export function BannerPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = usePagedSearch<BannerFilters>({ title: '', position: null, status: null });
  const list = useBannerList(paged.query);
  const act = useBannerAction();
  const [editing, setEditing] = useState<{ row: BannerRow | null } | null>(null);

  const confirmAction = (row: BannerRow, action: Action) => {
    const words = {
      enable: {
        title: '启用轮播图',
        content: `确定启用“${row.title}”吗？在展示时间内即会展示。`,
        done: '已启用',
      },
      disable: { title: '停用轮播图', content: `确定停用“${row.title}”吗？停用后不再展示。`, done: '已停用' },
      delete: {
        title: '删除轮播图',
        content: `确定删除“${row.title}”吗？删除后不可恢复。`,
        done: '删除成功',
      },
    }[action];
    const status =
      action === 'delete' ? 'delete' : action === 'enable' ? BannerStatus.ENABLED : BannerStatus.DISABLED;
    let once: Promise<void> | null = null;
    confirmOnce({
      title: words.title,
      content: words.content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action !== 'enable' },
      // A second click on 确定 (before the loading state shows, or while the dialog closes) sends nothing more.
      onOk: () => {
        once ??= act.mutateAsync({ id: row._id, status }).then(
          () => {
            message.success(words.done);
            if (action === 'delete' && list.data?.list.length === 1 && paged.query.page > 1)
              paged.setPage(paged.query.page - 1);
          },
          () => {
            once = null;
          },
        );
        return once;
      },
    });
  };

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
        <Space size={0}>
          <Permission keys="platform:banner:edit">
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              修改
            </Button>
            {row.status === BannerStatus.ENABLED ? (
              <Button type="link" size="small" danger onClick={() => confirmAction(row, 'disable')}>
                停用
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => confirmAction(row, 'enable')}>
                启用
              </Button>
            )}
          </Permission>
          <Permission keys="platform:banner:delete">
            <Button type="link" size="small" danger onClick={() => confirmAction(row, 'delete')}>
              删除
            </Button>
          </Permission>
        </Space>
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
