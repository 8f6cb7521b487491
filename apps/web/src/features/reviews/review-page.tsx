import { SettingOutlined } from '@ant-design/icons';
import {
  type ReviewKindValue,
  type ReviewRow,
  reviewKindNames,
  reviewKinds,
  reviewStepNames,
} from '@skill-cert/shared/reviews';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { useLinkedPagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { type ReviewFilters, useReviewCounts, useReviews } from './api/reviews';
import { ReviewDrawer } from './components/review-drawer';
import { ReviewSettingsModal } from './components/review-settings-modal';
import { useReviewDecision } from './components/use-review-decision';

const STEP_COLOR: Record<ReviewRow['step'], string> = { single: 'orange', first: 'orange', second: 'purple' };

/** `/review?kind=enterprise-filing` (数据看板's 备案待审核): the kind from the address. */
export function reviewLink(params: URLSearchParams): Partial<ReviewFilters> | null {
  const kind = params.get('kind');
  return reviewKinds.includes(kind as ReviewKindValue) ? { kind: kind as ReviewKindValue } : null;
}

/**
 * 审核中心 of the platform: every request that waits for the platform (filings of enterprises and institutions), with
 * counts per kind, searched by kind, keyword, submission date and step; 通过 / 驳回 from a row or its detail
 * (`platform:review:decide`); 审核设置 turns the two-step review on per kind (`platform:review:settings`).
 */
export function ReviewPage() {
  const paged = useLinkedPagedSearch<ReviewFilters>(
    { kind: null, keyword: '', start_date: '', end_date: '', step: null },
    reviewLink,
  );
  const list = useReviews(paged.query);
  const counts = useReviewCounts();
  const [open, setOpen] = useState<{ kind: ReviewKindValue; id: string } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { approve, reject, rejectDialog } = useReviewDecision();

  const countOf = (kind: ReviewKindValue) => counts.data?.kinds.find((k) => k.kind === kind)?.count;
  const filters: SearchField[] = [
    {
      name: 'kind',
      label: '审核类型',
      options: reviewKinds.map((kind) => ({
        label:
          countOf(kind) === undefined
            ? reviewKindNames[kind]
            : `${reviewKindNames[kind]}（${countOf(kind)}）`,
        value: kind,
      })),
      width: 160,
    },
    { name: 'keyword', label: '关键词', placeholder: '备案编号或单位名称' },
    { name: 'start_date', label: '提交开始', date: true },
    { name: 'end_date', label: '提交结束', date: true },
    {
      name: 'step',
      label: '审核步骤',
      options: [
        { label: `${reviewStepNames.single} / ${reviewStepNames.first}`, value: 'first' },
        { label: reviewStepNames.second, value: 'second' },
      ],
      width: 150,
    },
  ];

  const columns: TableColumnsType<ReviewRow> = [
    { title: '审核类型', dataIndex: 'kind_text', width: 110 },
    { title: '编号', dataIndex: 'title', width: 190 },
    { title: '提交单位', dataIndex: 'company_name' },
    { title: '提交时间', dataIndex: 'submitted_at_str', width: 170 },
    {
      title: '状态',
      key: 'step',
      width: 170,
      render: (_, row) => (
        <>
          <Tag color={STEP_COLOR[row.step]}>{row.step_text}</Tag>
          {row.first_reviewer_name && <span>初审：{row.first_reviewer_name}</span>}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen({ kind: row.kind, id: row._id })}>
            详情
          </Button>
          <Permission keys="platform:review:decide">
            <Button type="link" size="small" onClick={() => approve(row)}>
              通过
            </Button>
            <Button type="link" size="small" danger onClick={() => reject(row)}>
              驳回
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <ListPageCard title={counts.data ? `审核中心（待审核 ${counts.data.total}）` : '审核中心'}>
      <PagedSearchTable<ReviewRow, ReviewFilters>
        searchLabel="审核中心搜索"
        paged={paged}
        result={list}
        columns={columns}
        filters={filters}
        locale={{ emptyText: '暂无待审核事项' }}
        toolbar={
          <Permission keys="platform:review:settings">
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              审核设置
            </Button>
          </Permission>
        }
      />
      <ReviewDrawer item={open} onClose={() => setOpen(null)} />
      <ReviewSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {rejectDialog}
    </ListPageCard>
  );
}
