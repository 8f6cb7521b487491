import { RecordStatus } from '@skill-cert/shared/recordApplication';
import { Alert, Button, Card, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { RecordApplicationContent } from '@/shared/components/record-application/record-application-content';
import { useRecordApplication } from './api/get-record-application';
import { useRefreshOnRecordDecision } from './api/use-refresh-on-decision';
import { canDelete, useRecordActions } from './components/record-actions';

/** 备案详情: all content, the rejection reason, the timeline; 编辑 / 提交审核 while it may change. */
export function RecordDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const record = useRecordApplication(id);
  useRefreshOnRecordDecision();
  const { confirmSubmit, confirmDelete } = useRecordActions();

  if (record.isError) return <QueryError error={record.error} onRetry={() => void record.refetch()} />;
  if (!record.data) return <PageLoading />;
  const detail = record.data;
  return (
    <Card
      title={`备案详情 ${detail.record_no}`}
      extra={
        <Space wrap>
          {detail.editable && (
            <>
              <Button onClick={() => navigate(`/record-application/edit/${detail._id}`)}>编辑</Button>
              <Button type="primary" onClick={() => confirmSubmit(detail)}>
                {detail.status === RecordStatus.REJECTED ? '重新提交审核' : '提交审核'}
              </Button>
            </>
          )}
          {canDelete(detail.status) && (
            <Button danger onClick={() => confirmDelete(detail, () => navigate('/record-application'))}>
              删除
            </Button>
          )}
          <Button onClick={() => navigate('/record-application')}>返回列表</Button>
        </Space>
      }
    >
      {detail.status === RecordStatus.REJECTED && detail.reject_reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`驳回原因：${detail.reject_reason}`}
          description="请根据驳回原因编辑后重新提交审核。"
        />
      )}
      {detail.status === RecordStatus.PENDING && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="已提交审核，请等待平台审核。审核完成前不能修改。"
        />
      )}
      <RecordApplicationContent detail={detail} variant="page" />
    </Card>
  );
}
