import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { OfflineBatchStatus } from '@skill-cert/shared/offline-certificates';
import { Alert, Button, Card, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { SourceCertificateTable } from '@/shared/components/certificate-file/source-certificate-table';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import {
  batchCertificateSource,
  batchExportUrl,
  batchZipUrl,
  useBatch,
  useRefreshOnBatchNews,
} from './api/batches';
import { BatchCounts, BatchStatusTag, BatchSummary } from './components/batch-summary';

/** What a batch not yet published says on the detail, and where it leads. */
const pending: Partial<Record<number, { title: string; action: string; to: 'confirm' | 'edit' }>> = {
  [OfflineBatchStatus.PARSING]: {
    title: '证书信息表正在解析，解析完成后请确认发证',
    action: '查看',
    to: 'confirm',
  },
  [OfflineBatchStatus.TO_CONFIRM]: {
    title: '尚未确认发证：确认后才分配证书编号并生成证书',
    action: '去确认发证',
    to: 'confirm',
  },
  [OfflineBatchStatus.FAILED]: { title: '证书信息表无法解析，请重新上传', action: '重新上传', to: 'edit' },
};

/**
 * 证书详情 (`/offline-certificate/detail/:id`): the batch's counts and fields, its certificates (number, holder,
 * status; preview, download one), 导出全部证书 (the streamed zip) and 导出证书编号 (.xlsx for filing).
 */
export function OfflineDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const admin = useIsCompanyAdmin();
  const batch = useBatch(id);
  useRefreshOnBatchNews();

  if (batch.isError)
    return <GatedLoadError error={batch.error} title="暂不能生成证书" onRetry={() => void batch.refetch()} />;
  if (!batch.data) return <PageLoading />;
  const b = batch.data;
  const published = b.status === OfflineBatchStatus.PUBLISHING || b.status === OfflineBatchStatus.PUBLISHED;
  const notYet = pending[b.status];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <>
            {`证书详情：${b.name}`}
            <BatchStatusTag status={b.status} />
          </>
        }
        actions={<Button onClick={() => navigate('/offline-certificate')}>返回列表</Button>}
      >
        {notYet && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={notYet.title}
            action={
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  navigate(
                    notYet.to === 'edit'
                      ? `/offline-certificate/edit/${b._id}`
                      : `/offline-certificate/confirm-add/${b._id}`,
                  )
                }
              >
                {notYet.action}
              </Button>
            }
          />
        )}
        {b.status === OfflineBatchStatus.PUBLISHING && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`证书生成中：已完成 ${b.rendered_count + b.failed_count} / ${b.total}，生成结束后成功的证书即生效`}
          />
        )}
        {b.status === OfflineBatchStatus.PUBLISHED && b.failed_count > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`有 ${b.failed_count} 张证书生成失败，请重新生成；生成成功后证书即生效`}
          />
        )}
        {b.status !== OfflineBatchStatus.PARSING && b.status !== OfflineBatchStatus.FAILED && (
          <BatchCounts batch={b} />
        )}
        <BatchSummary batch={b} />
      </PageCard>
      {published && (
        <Card title="证书列表">
          <SourceCertificateTable
            {...batchCertificateSource(b)}
            show={{ status: true, failReason: true, download: true }}
            canRegenerate={admin}
            toolbar={
              <Space wrap>
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  href={batchZipUrl(b._id)}
                  download
                  disabled={b.rendered_count === 0}
                >
                  导出全部证书
                </Button>
                <Button icon={<FileExcelOutlined />} href={batchExportUrl(b._id)} download>
                  导出证书编号
                </Button>
              </Space>
            }
          />
        </Card>
      )}
    </Space>
  );
}
