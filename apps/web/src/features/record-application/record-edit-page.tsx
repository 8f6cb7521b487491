import { RecordStatus } from '@skill-cert/shared/recordApplication';
import { Alert, App, Button, Card, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { RecordStatusTag } from '@/shared/components/record-application/record-status-tag';
import { useOccupations } from './api/get-occupations';
import { useRecordApplication } from './api/get-record-application';
import { useSaveRecordApplication } from './api/save-record-application';
import { RecordForm, toRecordFormValues } from './components/record-form';
import './components/record-application.css';

/** 编辑备案: a draft or rejected application; one under review or approved cannot be changed. */
export function RecordEditPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const occupations = useOccupations();
  const record = useRecordApplication(id);
  const save = useSaveRecordApplication();

  const failed = occupations.isError ? occupations : record.isError ? record : null;
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!occupations.data || !record.data) return <PageLoading />;
  const detail = record.data;
  if (!detail.editable)
    return (
      <Result
        status="warning"
        title={`备案申请 ${detail.record_no} ${detail.status_text}，不能修改`}
        subTitle="只有草稿或已驳回的备案申请可以编辑。"
        extra={
          <Button type="primary" onClick={() => navigate(`/record-application/detail/${detail._id}`)}>
            查看详情
          </Button>
        }
      />
    );
  return (
    <Card
      title={
        <>
          编辑备案 {detail.record_no} <RecordStatusTag status={detail.status} />
        </>
      }
    >
      {detail.status === RecordStatus.REJECTED && detail.reject_reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`驳回原因：${detail.reject_reason}`}
          description="请根据驳回原因修改后重新提交审核。"
        />
      )}
      <RecordForm
        // A newer copy from the server (another tab saved it) starts the form afresh.
        key={detail.update_time_str}
        categories={occupations.data.categories}
        initialValues={toRecordFormValues(detail)}
        saving={save.isPending}
        onCancel={() => navigate(`/record-application/detail/${detail._id}`)}
        onSave={async (body) => {
          await save.mutateAsync({ id: detail._id, body });
          message.success(body.submit ? '已提交审核' : '保存成功');
          navigate(`/record-application/detail/${detail._id}`);
        }}
      />
    </Card>
  );
}
