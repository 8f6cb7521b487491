import { isRecordEditable, RecordStatus } from '@skill-cert/shared/record-status';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { App } from 'antd';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useDeleteRecordApplication } from '../api/delete-record-application';
import { ENTERPRISE_RECORDS, type RecordsBase } from '../api/records-base';
import { useSubmitRecordApplication } from '../api/submit-record-application';

/** 提交审核 and 删除 with their confirmations, shared by the lists and the detail views (enterprise and institution). */
export function useRecordActions(base: RecordsBase = ENTERPRISE_RECORDS) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const submit = useSubmitRecordApplication(base);
  const remove = useDeleteRecordApplication(base);

  const confirmSubmit = (
    row: Pick<RecordApplicationRow, '_id' | 'record_no' | 'status'>,
    after?: () => void,
  ) =>
    confirmOnce({
      title: '提示',
      content: `确定将备案申请 ${row.record_no} 提交审核吗？提交后在审核完成前不能修改。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        submit.mutateAsync(row._id).then(
          () => {
            message.success('已提交审核');
            after?.();
          },
          () => undefined,
        ),
    });

  const confirmDelete = (row: Pick<RecordApplicationRow, '_id' | 'record_no'>, after?: () => void) =>
    confirmOnce({
      title: '提示',
      content: `确定删除草稿 ${row.record_no} 吗？删除后不可恢复。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(row._id).then(
          () => {
            message.success('删除成功');
            after?.();
          },
          () => undefined,
        ),
    });

  return { confirmSubmit, confirmDelete };
}

export const canEdit = (status: number) => isRecordEditable(status);
export const canDelete = (status: number) => status === RecordStatus.DRAFT;
