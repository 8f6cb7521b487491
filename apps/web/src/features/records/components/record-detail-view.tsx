import { RecordStatus } from '@skill-cert/shared/records';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { RecordApplicationContent } from '@/shared/components/records/record-application-content';
import { useRecordApplication } from '../api/get-record-application';
import type { RecordsBase } from '../api/records-base';
import { canDelete, useRecordActions } from './record-actions';

export interface RecordDetailViewProps {
  base: RecordsBase;
  id: string;
  canWrite: boolean;
  onEdit: () => void;
  /** 返回列表, and where a deleted draft leads. */
  onBack: () => void;
  /** Said above an approved filing (what it now allows). */
  approvedNote?: ReactNode;
}

/** 备案详情: all content, the rejection reason, the timeline; 编辑 / 提交审核 / 删除 while it may change. */
export function RecordDetailView({
  base,
  id,
  canWrite,
  onEdit,
  onBack,
  approvedNote,
}: RecordDetailViewProps) {
  const record = useRecordApplication(id, base);
  const { confirmSubmit, confirmDelete } = useRecordActions(base);

  if (record.isError) return <QueryError error={record.error} onRetry={() => void record.refetch()} />;
  if (!record.data) return <PageLoading />;
  const detail = record.data;
  return (
    <PageCard
      title={`备案详情 ${detail.record_no}`}
      actions={
        <>
          {canWrite && detail.editable && (
            <>
              <Button onClick={onEdit}>编辑</Button>
              <Button type="primary" onClick={() => confirmSubmit(detail)}>
                {detail.status === RecordStatus.REJECTED ? '重新提交审核' : '提交审核'}
              </Button>
            </>
          )}
          {canWrite && canDelete(detail.status) && (
            <Button danger onClick={() => confirmDelete(detail, onBack)}>
              删除
            </Button>
          )}
          <Button onClick={onBack}>返回列表</Button>
        </>
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
      {detail.status === RecordStatus.APPROVED && approvedNote && (
        <Alert type="success" showIcon style={{ marginBottom: 16 }} title={approvedNote} />
      )}
      <RecordApplicationContent detail={detail} variant="page" />
    </PageCard>
  );
}
