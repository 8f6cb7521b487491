import { PlusOutlined } from '@ant-design/icons';
import { occupationWorkTypeText } from '@skill-cert/shared/certificates';
import { ALL_SKILL_LEVELS, skillLevelName } from '@skill-cert/shared/occupations';
import {
  isOfflineBatchDeletable,
  type OfflineBatchRow,
  OfflineBatchStatus,
  offlineBatchStatusText,
} from '@skill-cert/shared/offline-certificates';
import { App, Button, Empty, Space, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { isNoFiling, NoFilingResult } from '@/shared/components/no-filing/no-filing';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { type BatchFilters, useBatches, useDeleteBatch, useRefreshOnBatchNews } from './api/batches';
import { BatchStatusTag, datesText } from './components/batch-summary';

const statusOptions = [
  OfflineBatchStatus.PARSING,
  OfflineBatchStatus.TO_CONFIRM,
  OfflineBatchStatus.PUBLISHING,
  OfflineBatchStatus.PUBLISHED,
  OfflineBatchStatus.FAILED,
].map((value) => ({ value, label: offlineBatchStatusText[value] }));
const levelOptions = ALL_SKILL_LEVELS.map((value) => ({ value, label: skillLevelName(value) }));

const initialFilters: BatchFilters = {
  keyword: '',
  status: null,
  level: null,
  issue_date_start: '',
  issue_date_end: '',
};

/** What the 数量 column says: drafts (and those with problems) before publishing, certificates after. */
function CountCell({ row }: { row: OfflineBatchRow }) {
  switch (row.status) {
    case OfflineBatchStatus.PARSING:
      return <Typography.Text type="secondary">解析中</Typography.Text>;
    case OfflineBatchStatus.FAILED:
      return <Typography.Text type="secondary">-</Typography.Text>;
    case OfflineBatchStatus.TO_CONFIRM:
      return (
        <span>
          {row.total} 条
          {row.problem_count > 0 && (
            <>
              <br />
              <Typography.Text type="danger">有问题 {row.problem_count}</Typography.Text>
            </>
          )}
        </span>
      );
    default:
      return (
        <span>
          {row.status === OfflineBatchStatus.PUBLISHING ? `${row.rendered_count}/${row.total}` : row.total} 张
          {row.failed_count > 0 && (
            <>
              <br />
              <Typography.Text type="danger">失败 {row.failed_count}</Typography.Text>
            </>
          )}
        </span>
      );
  }
}

/**
 * 证书生成 (`/offline-certificate`, CustomCertificateList): the company's offline batches in the list kit's search
 * table (keyword, state, level, issue dates); actions by state: 继续确认 (待确认; 查看进度 while 发布中), 编辑 while
 * 待确认 or 失败, 删除 before publishing (administrators, after a confirmation), 查看 (the detail) for every batch.
 */
export function OfflineListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const admin = useIsCompanyAdmin();
  const paged = usePagedSearch<BatchFilters>(initialFilters);
  const batches = useBatches(paged.query);
  const remove = useDeleteBatch();
  useRefreshOnBatchNews();
  const blocked = batches.isError && isNoFiling(batches.error);

  const askDelete = (row: OfflineBatchRow) =>
    confirmOnce({
      title: '删除批次',
      content: `确定删除“${row.name}”吗？其证书信息将一并删除，删除后不能恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove
          .mutateAsync(row._id)
          .then(() => {
            message.success('已删除');
            // The last row of a later page: the page before it.
            if (batches.data?.list.length === 1 && paged.query.page > 1) paged.setPage(paged.query.page - 1);
          })
          // The client showed the refusal; the dialog closes.
          .catch(() => undefined),
    });

  const columns: TableColumnsType<OfflineBatchRow> = [
    {
      // Two lines, the name then who created it and when.
      title: '批次名称',
      key: 'name',
      ellipsis: false,
      render: (_, r) => (
        <span>
          {r.name}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.created_by_name} · {r.create_time_str.slice(0, 16)}
          </Typography.Text>
        </span>
      ),
    },
    { title: '职业/工种', key: 'occupation', width: 120, render: (_, r) => occupationWorkTypeText(r) },
    { title: '等级', dataIndex: 'level_name', width: 110 },
    { title: '评价日期', key: 'dates', width: 110, ellipsis: false, render: (_, r) => datesText(r) },
    { title: '证书模板', dataIndex: 'template_name', width: 130 },
    { title: '发证日期', dataIndex: 'issue_date', width: 100 },
    { title: '数量', key: 'count', width: 100, ellipsis: false, render: (_, r) => <CountCell row={r} /> },
    { title: '状态', key: 'status', width: 85, render: (_, r) => <BatchStatusTag status={r.status} /> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0} wrap>
          {(r.status === OfflineBatchStatus.TO_CONFIRM || r.status === OfflineBatchStatus.PUBLISHING) && (
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`/offline-certificate/confirm-add/${r._id}`)}
            >
              {r.status === OfflineBatchStatus.TO_CONFIRM ? '继续确认' : '查看进度'}
            </Button>
          )}
          {(r.status === OfflineBatchStatus.TO_CONFIRM || r.status === OfflineBatchStatus.FAILED) && (
            <Button type="link" size="small" onClick={() => navigate(`/offline-certificate/edit/${r._id}`)}>
              编辑
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/offline-certificate/detail/${r._id}`)}>
            查看
          </Button>
          {admin && isOfflineBatchDeletable(r.status) && (
            <Button type="link" size="small" danger onClick={() => askDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPageCard title="证书生成">
      {blocked ? (
        <NoFilingResult error={batches.error} title="暂不能生成证书" />
      ) : (
        <PagedSearchTable<OfflineBatchRow, BatchFilters>
          searchLabel="证书生成搜索"
          paged={paged}
          result={batches}
          columns={columns}
          locale={{
            emptyText: (
              <Empty description="暂无证书生成批次：在本系统外组织的评价，可点击“新增证书”上传获证人员信息生成证书" />
            ),
          }}
          filters={[
            { name: 'keyword', label: '关键词', placeholder: '批次名称或职业', width: 180 },
            { name: 'status', label: '状态', options: statusOptions, width: 110 },
            { name: 'level', label: '等级', options: levelOptions, width: 140 },
            { name: 'issue_date_start', label: '发证日期', placeholder: '开始日期', date: true, width: 140 },
            { name: 'issue_date_end', label: '至', placeholder: '结束日期', date: true, width: 140 },
          ]}
          toolbar={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/offline-certificate/add')}
            >
              新增证书
            </Button>
          }
        />
      )}
    </ListPageCard>
  );
}
