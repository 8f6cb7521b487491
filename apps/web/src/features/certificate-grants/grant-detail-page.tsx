import { GrantStatus } from '@skill-cert/shared/certificate-grants';
import { Alert, Button, Card, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { SourceCertificateTable } from '@/shared/components/certificate-file/source-certificate-table';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { grantCertificateSource, grantZipUrl, useGrant, useRefreshOnGrantDone } from './api/grants';
import { GrantStatusTag, GrantSummary } from './components/grant-summary';
import { PaperAnalysisPanel } from './paper-analysis-panel';

/**
 * 发证详情 (`/grant-certificate/detail/:id`, GrantCertificateDetailView): the grant, its certificates (search,
 * preview, download one), 下载全部证书 (the streamed zip) and the paper-certificate analysis.
 */
export function GrantDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const grant = useGrant(id);
  useRefreshOnGrantDone();

  if (grant.isError) return <QueryError error={grant.error} onRetry={() => void grant.refetch()} />;
  if (!grant.data) return <PageLoading />;
  const g = grant.data;
  const confirmPath = `/grant-certificate/confirm-add/${g._id}`;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {`发证详情：${g.evaluation_name}`}
            <GrantStatusTag status={g.status} />
          </Space>
        }
        extra={<Button onClick={() => navigate('/grant-certificate')}>返回列表</Button>}
      >
        {g.status !== GrantStatus.GRANTED && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              g.status === GrantStatus.GENERATING
                ? '证书正在生成，生成完成并确认发证后才生效'
                : '证书尚未确认发证，确认前不生效，也不能公开查验'
            }
            action={
              <Button size="small" type="primary" onClick={() => navigate(confirmPath)}>
                {g.status === GrantStatus.GENERATING ? '查看进度' : '去确认发证'}
              </Button>
            }
          />
        )}
        <GrantSummary grant={g} />
      </Card>
      <Card title="证书列表">
        <SourceCertificateTable
          {...grantCertificateSource(g)}
          show={{ status: true, failReason: false, download: true }}
          canRegenerate={false}
          toolbar={
            <Button type="primary" href={grantZipUrl(g._id)} download disabled={g.success_count === 0}>
              下载全部证书
            </Button>
          }
        />
      </Card>
      <Card title="纸质证书分析">
        <PaperAnalysisPanel grantId={g._id} />
      </Card>
    </Space>
  );
}
