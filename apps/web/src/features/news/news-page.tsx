import { PlusOutlined } from '@ant-design/icons';
import { NEWS_CATEGORIES, type NewsRow, NewsStatus, newsStatusNames } from '@skill-cert/shared/news';
import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import { App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { StatusTag } from '@/shared/components/status-tag';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { type NewsQuery, useNewsAction, useNewsList } from './api/news';
import { NewsFormModal } from './components/news-form-modal';

type NewsFilters = Omit<NewsQuery, 'page' | 'per_page'>;

const STATUS_COLOR = { 0: 'default', 1: 'green', 2: 'orange' };

/** Who reads an article, in words. */
export const audienceText = (row: Pick<NewsRow, 'audience_all' | 'audience'>) =>
  row.audience_all ? '全部端' : row.audience.map((p) => roleTypeNames[p as RoleTypeId]).join('、');

const filters: SearchField[] = [
  { name: 'title', label: '标题', placeholder: '请输入标题' },
  {
    name: 'category',
    label: '分类',
    options: NEWS_CATEGORIES.map((c) => ({ label: c, value: c })),
    width: 140,
  },
  {
    name: 'status',
    label: '状态',
    options: Object.entries(newsStatusNames).map(([value, label]) => ({ label, value: Number(value) })),
    width: 120,
  },
];

/** 新闻公告 of the platform: articles for every portal; new, edit, publish, take offline, delete by key. */
export function NewsPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = usePagedSearch<NewsFilters>({ title: '', category: null, status: null });
  const news = useNewsList(paged.query);
  const act = useNewsAction();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const confirmAction = (row: NewsRow, action: 'publish' | 'offline' | 'delete') => {
    const words = {
      publish: {
        title: '发布新闻',
        content: `确定发布“${row.title}”吗？发布后可见端的用户即可阅读。`,
        done: '发布成功',
      },
      offline: {
        title: '下线新闻',
        content: `确定下线“${row.title}”吗？下线后用户将无法再阅读。`,
        done: '已下线',
      },
      delete: { title: '删除新闻', content: `确定删除“${row.title}”吗？删除后不可恢复。`, done: '删除成功' },
    }[action];
    confirmOnce({
      title: words.title,
      content: words.content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action !== 'publish' },
      onOk: () =>
        act.mutateAsync({ id: row._id, action }).then(
          () => {
            message.success(words.done);
            if (action === 'delete' && news.data?.list.length === 1 && paged.query.page > 1)
              paged.setPage(paged.query.page - 1);
          },
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<NewsRow> = [
    {
      title: '标题',
      dataIndex: 'title',
      // Inline, not a flex box: the cell's own ellipsis cuts inline content only.
      render: (title: string, row) => (
        <>
          {row.top && <Tag color="red">置顶</Tag>}
          {row.status === NewsStatus.PUBLISHED ? <Link to={`/news/view/${row._id}`}>{title}</Link> : title}
        </>
      ),
    },
    { title: '分类', dataIndex: 'category', width: 100 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: number) => <StatusTag status={status} text={newsStatusNames} color={STATUS_COLOR} />,
    },
    { title: '可见范围', key: 'audience', width: 140, render: (_, row) => audienceText(row) },
    { title: '阅读数', dataIndex: 'read_count', width: 70 },
    {
      title: '发布时间',
      key: 'publish',
      width: 180,
      render: (_, row) => row.publish_time_str ?? (row.publish_at_str ? `定时：${row.publish_at_str}` : '-'),
    },
    { title: '更新时间', dataIndex: 'update_time_str', width: 172 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, row) => (
        <Space size={0}>
          <Permission keys="platform:news:edit">
            <Button type="link" size="small" onClick={() => setEditing({ id: row._id })}>
              修改
            </Button>
          </Permission>
          <Permission keys="platform:news:publish">
            {row.status === NewsStatus.PUBLISHED ? (
              <Button type="link" size="small" danger onClick={() => confirmAction(row, 'offline')}>
                下线
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => confirmAction(row, 'publish')}>
                发布
              </Button>
            )}
          </Permission>
          {row.status !== NewsStatus.PUBLISHED && (
            <Permission keys="platform:news:delete">
              <Button type="link" size="small" danger onClick={() => confirmAction(row, 'delete')}>
                删除
              </Button>
            </Permission>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPageCard title="新闻公告">
      <PagedSearchTable<NewsRow, NewsFilters>
        searchLabel="新闻搜索"
        paged={paged}
        result={news}
        columns={columns}
        filters={filters}
        locale={{ emptyText: '暂无新闻，可点击“新增新闻”撰写' }}
        toolbar={
          <Space>
            <Link to="/news/index">查看新闻列表</Link>
            <Permission keys="platform:news:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
                新增新闻
              </Button>
            </Permission>
          </Space>
        }
      />
      <NewsFormModal open={editing !== null} editing={editing?.id ?? null} onClose={() => setEditing(null)} />
    </ListPageCard>
  );
}
