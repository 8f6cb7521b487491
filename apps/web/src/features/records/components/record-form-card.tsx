import { RecordStatus } from '@skill-cert/shared/records';
import { Alert, App, Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { RecordStatusTag } from '@/shared/components/records/record-status-tag';
import { useOccupations } from '../api/get-occupations';
import { useRecordApplication } from '../api/get-record-application';
import type { RecordsBase } from '../api/records-base';
import { useSaveRecordApplication } from '../api/save-record-application';
import { RecordForm, toRecordFormValues } from './record-form';
import './record-application.css';

export interface RecordFormCardProps {
  base: RecordsBase;
  /** The filing to edit, or null for 新增备案. */
  id: string | null;
  /** The title of a new one (新增备案). */
  newTitle: ReactNode;
  /** After it was saved (or submitted: `submitted`). */
  onSaved: (id: string, submitted: boolean) => void;
  /** 取消, and 查看详情 of a filing that cannot change. */
  onCancel: () => void;
  onOpen?: (id: string) => void;
}

/**
 * 新增备案 and 编辑备案: the one filing form, saved as a draft or submitted. A filing under review or approved cannot
 * be changed: it says so and offers its detail.
 */
export function RecordFormCard({ base, id, newTitle, onSaved, onCancel, onOpen }: RecordFormCardProps) {
  const { message } = App.useApp();
  const occupations = useOccupations();
  const record = useRecordApplication(id ?? '', base);
  const save = useSaveRecordApplication(base);

  const failed = occupations.isError ? occupations : id && record.isError ? record : null;
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!occupations.data || (id && !record.data)) return <PageLoading />;
  const detail = id ? record.data : undefined;
  if (detail && !detail.editable)
    return (
      <Result
        status="warning"
        title={`备案申请 ${detail.record_no} ${detail.status_text}，不能修改`}
        subTitle="只有草稿或已驳回的备案申请可以编辑。"
        extra={
          <Button type="primary" onClick={() => (onOpen ? onOpen(detail._id) : onCancel())}>
            查看详情
          </Button>
        }
      />
    );
  return (
    <Card
      title={
        detail ? (
          <>
            编辑备案 {detail.record_no} <RecordStatusTag status={detail.status} />
          </>
        ) : (
          newTitle
        )
      }
    >
      {detail?.status === RecordStatus.REJECTED && detail.reject_reason && (
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
        key={detail?.update_time_str ?? 'new'}
        categories={occupations.data.categories}
        initialValues={detail ? toRecordFormValues(detail) : undefined}
        saving={save.isPending}
        onCancel={onCancel}
        onSave={async (body) => {
          const saved = await save.mutateAsync({ id, body });
          message.success(body.submit ? '已提交审核' : id ? '保存成功' : '草稿已保存');
          onSaved(saved._id, body.submit);
        }}
      />
    </Card>
  );
}
