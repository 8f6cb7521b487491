import { NEWS_CATEGORIES, type PublishedNewsRow } from '@skill-cert/shared/news';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { type PublishedNewsQuery, usePublishedNews } from './api/news';

type ReaderFilters = Omit<PublishedNewsQuery, 'page' | 'per_page'>;

const filters: SearchField[] = [
  { name: 'title', label: '标题', placeholder: '请输入标题' },
  {
    name: 'category',
    label: '分类',
    options: NEWS_CATEGORIES.map((c) => ({ label: c, value: c })),
    width: 140,
  },
];

const columns: TableColumnsType<PublishedNewsRow> = [
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string, row) => (
      <Space direction="vertical" size={0}>
        <Space size={4}>
          {row.top && <Tag color="red">置顶</Tag>}
          <Link to={`/news/view/${row._id}`}>{title}</Link>
        </Space>
        {row.summary && (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 640 }}>
            {row.summary}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  { title: '分类', dataIndex: 'category', width: 110 },
  { title: '发布时间', dataIndex: 'publish_time_str', width: 180 },
  { title: '阅读数', dataIndex: 'read_count', width: 80 },
];

/** `/news/index` (the top bar's 新闻公告): the articles published for the reader's portal, top ones first. */
export function NewsReaderPage() {
  const paged = usePagedSearch<ReaderFilters>({ title: '', category: null });
  const news = usePublishedNews(paged.query);
  return (
    <ListPageCard title="新闻公告">
      <PagedSearchTable<PublishedNewsRow, ReaderFilters>
        searchLabel="新闻搜索"
        paged={paged}
        result={news}
        columns={columns}
        filters={filters}
        locale={{ emptyText: '暂无新闻公告' }}
      />
    </ListPageCard>
  );
}
