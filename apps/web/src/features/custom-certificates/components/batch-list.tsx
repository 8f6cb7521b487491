import { PlusOutlined } from '@ant-design/icons';
import {
  CertificateHandleStatus,
  type CustomCertificateBatch,
  certificateHandleStatusText,
} from '@skill-cert/shared/custom-certificates';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { certificateZipUrl, isGenerating, useBatch, useBatches } from '../api/batches';
import { BatchCreateModal } from './batch-create-modal';
import { CustomCertificateDetailDialog } from './custom-certificate-detail-dialog';
import { HandleStatusTag } from './status-tags';

interface BatchFilters {
  name: string;
  certificate_handle_status: number | null;
}

const statusOptions = [
  CertificateHandleStatus.PROCESSING,
  CertificateHandleStatus.DONE,
  CertificateHandleStatus.PARTLY_FAILED,
].map((value) => ({ value, label: certificateHandleStatusText[value] }));

/**
 * A listed batch as it is now: a batch still generating is asked again every 2 s (the same query as the
 * detail dialog's, so both share one request).
 */
function useLiveBatch(row: CustomCertificateBatch): CustomCertificateBatch {
  const live = useBatch(isGenerating(row) ? row._id : null);
  return live.data ?? row;
}

/** The state cell; when its batch ends, the list is asked again (new counts, status filter). */
function BatchState({ row }: { row: CustomCertificateBatch }) {
  const batch = useLiveBatch(row);
  const queryClient = useQueryClient();
  const generating = isGenerating(batch);
  const wasGenerating = useRef(generating);
  useEffect(() => {
    if (wasGenerating.current && !generating)
      void queryClient.invalidateQueries({ queryKey: ['customCertificateBatches', 'list'] });
    wasGenerating.current = generating;
  }, [generating, queryClient]);
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      <HandleStatusTag batch={batch} />
      {generating && (
        <Progress
          percent={Math.round(batch.progress)}
          size="small"
          status="active"
          aria-label={`${batch.name}生成进度`}
        />
      )}
    </Space>
  );
}

function BatchCounts({ row }: { row: CustomCertificateBatch }) {
  const batch = useLiveBatch(row);
  return (
    <Typography.Text>
      {batch.total} / <Typography.Text type="success">{batch.success_count}</Typography.Text> /{' '}
      <Typography.Text type={batch.failed_count > 0 ? 'danger' : undefined}>
        {batch.failed_count}
      </Typography.Text>
    </Typography.Text>
  );
}

/** 批量生成: the company's batches (search by name and state, paged), 新建批量生成, 查看 opens the detail dialog. */
export function BatchList() {
  const paged = usePagedSearch<BatchFilters>({ name: '', certificate_handle_status: null });
  const batches = useBatches(paged.query);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);

  const columns: TableColumnsType<CustomCertificateBatch> = [
    { title: '名称', dataIndex: 'name' },
    {
      title: '证书模板',
      key: 'template',
      render: (_, b) => b.custom_certificate_template_info.template_name,
    },
    { title: '状态', key: 'status', width: 170, render: (_, b) => <BatchState row={b} /> },
    { title: '总数 / 成功 / 失败', key: 'counts', width: 150, render: (_, b) => <BatchCounts row={b} /> },
    { title: '创建人', dataIndex: 'creator_name', width: 110 },
    { title: '创建时间', dataIndex: 'create_time_str', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, b) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(b._id)}>
            查看
          </Button>
          <Button type="link" size="small" href={certificateZipUrl(b._id)} download>
            下载全部
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedSearchTable<CustomCertificateBatch, BatchFilters>
        searchLabel="批量生成搜索"
        paged={paged}
        result={batches}
        columns={columns}
        loading={batches.isLoading || batches.isPlaceholderData}
        filters={[
          { name: 'name', label: '名称', placeholder: '请输入名称' },
          { name: 'certificate_handle_status', label: '状态', options: statusOptions, width: 120 },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建批量生成
          </Button>
        }
      />
      <BatchCreateModal open={creating} onClose={() => setCreating(false)} />
      <CustomCertificateDetailDialog batchId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
