import { RecordStatus, recordStatusText } from '@skill-cert/shared/record-status';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CutText } from '@/shared/components/list-table/cut-text';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { RecordStatusTag } from '@/shared/components/records/record-status-tag';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { type RecordQuery, useRecordApplications } from '../api/get-record-applications';
import type { RecordsBase } from '../api/records-base';
import { canDelete, canEdit, useRecordActions } from './record-actions';

type RecordFilters = Omit<RecordQuery, 'page' | 'per_page'>;

const statusOptions = Object.entries(recordStatusText).map(([value, label]) => ({
  label,
  value: Number(value),
}));

export interface RecordTableProps {
  /** The enterprise's 备案申请 or the institution's 备案中心. */
  base: RecordsBase;
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
  /** 编辑, 提交审核 and 删除 (the institution: its `institution:record:edit` key). */
  canWrite: boolean;
  /** 新增备案 beside the search form. */
  toolbar?: ReactNode;
  /** What the list says when there is no filing at all. */
  emptyText?: ReactNode;
}

/**
 * The filings of the caller's company or institution: status filter, search, pagination, status tags with the
 * rejection reason, and 详情 / 编辑 / 提交审核 / 删除 by state. Both portals' lists are this one table.
 */
export function RecordTable({ base, onOpen, onEdit, canWrite, toolbar, emptyText }: RecordTableProps) {
  const paged = usePagedSearch<RecordFilters>({ keyword: '', status: null });
  const records = useRecordApplications(paged.query, base);
  const { confirmSubmit, confirmDelete } = useRecordActions(base);

  const columns: TableColumnsType<RecordApplicationRow> = [
    { title: '备案编号', dataIndex: 'record_no', width: 180 },
    {
      title: '评价范围',
      dataIndex: 'scope_summary',
      ellipsis: false,
      render: (text: string) =>
        text ? <CutText text={text} /> : <Typography.Text type="secondary">未填写</Typography.Text>,
    },
    {
      title: '场地/考评员/督导员',
      key: 'counts',
      width: 150,
      render: (_, r) => `${r.site_count} / ${r.examiner_count} / ${r.supervisor_count}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 220,
      render: (status: number, r) => (
        <Space orientation="vertical" size={2}>
          <RecordStatusTag status={status} />
          {status === RecordStatus.REJECTED && r.reject_reason && (
            <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 200 }} ellipsis>
              驳回原因：{r.reject_reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '提交时间',
      dataIndex: 'submit_time_str',
      width: 170,
      render: (t: string | null) => t ?? '-',
    },
    { title: '更新时间', dataIndex: 'update_time_str', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onOpen(r._id)}>
            详情
          </Button>
          {canWrite && canEdit(r.status) && (
            <>
              <Button type="link" size="small" onClick={() => onEdit(r._id)}>
                编辑
              </Button>
              <Button type="link" size="small" onClick={() => confirmSubmit(r)}>
                提交审核
              </Button>
            </>
          )}
          {canWrite && canDelete(r.status) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmDelete(r, () => {
                  if (records.data?.list.length === 1 && paged.query.page > 1)
                    paged.setPage(paged.query.page - 1);
                })
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PagedSearchTable<RecordApplicationRow, RecordFilters>
      searchLabel="备案搜索"
      paged={paged}
      result={records}
      columns={columns}
      locale={emptyText ? { emptyText } : undefined}
      filters={[
        { name: 'keyword', label: '关键词', placeholder: '请输入备案编号或职业名称', width: 240 },
        { name: 'status', label: '状态', options: statusOptions, width: 140 },
      ]}
      toolbar={toolbar}
    />
  );
}
