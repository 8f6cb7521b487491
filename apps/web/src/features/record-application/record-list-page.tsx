import { PlusOutlined } from '@ant-design/icons';
import type { RecordApplicationRow } from '@skill-cert/shared/recordApplication';
import { RecordStatus, recordStatusText } from '@skill-cert/shared/recordStatus';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { RecordStatusTag } from '@/shared/components/record-application/record-status-tag';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { type RecordQuery, useRecordApplications } from './api/get-record-applications';
import { useRefreshOnRecordDecision } from './api/use-refresh-on-decision';
import { canDelete, canEdit, useRecordActions } from './components/record-actions';

type RecordFilters = Omit<RecordQuery, 'page' | 'per_page'>;

const statusOptions = Object.entries(recordStatusText).map(([value, label]) => ({
  label,
  value: Number(value),
}));

/** 备案申请: the company's applications with status filter, search and pagination. */
export function RecordListPage() {
  const navigate = useNavigate();
  const paged = usePagedSearch<RecordFilters>({ keyword: '', status: null });
  const records = useRecordApplications(paged.query);
  useRefreshOnRecordDecision();
  const { confirmSubmit, confirmDelete } = useRecordActions();

  const columns: TableColumnsType<RecordApplicationRow> = [
    { title: '备案编号', dataIndex: 'record_no', width: 180 },
    {
      title: '评价范围',
      dataIndex: 'scope_summary',
      render: (text: string) => text || <Typography.Text type="secondary">未填写</Typography.Text>,
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
          <Button type="link" size="small" onClick={() => navigate(`/record-application/detail/${r._id}`)}>
            详情
          </Button>
          {canEdit(r.status) && (
            <>
              <Button type="link" size="small" onClick={() => navigate(`/record-application/edit/${r._id}`)}>
                编辑
              </Button>
              <Button type="link" size="small" onClick={() => confirmSubmit(r)}>
                提交审核
              </Button>
            </>
          )}
          {canDelete(r.status) && (
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
    <ListPageCard title="备案申请">
      <PagedSearchTable<RecordApplicationRow, RecordFilters>
        searchLabel="备案搜索"
        paged={paged}
        result={records}
        columns={columns}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '请输入备案编号或职业名称', width: 240 },
          { name: 'status', label: '状态', options: statusOptions, width: 140 },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/record-application/add')}>
            新增备案
          </Button>
        }
      />
    </ListPageCard>
  );
}
