import type { RecordApplicationRow } from '@skill-cert/shared/recordApplication';
import { isRecordEditable, RecordStatus } from '@skill-cert/shared/recordStatus';
import { App } from 'antd';
import { useDeleteRecordApplication } from '../api/delete-record-application';
import { useSubmitRecordApplication } from '../api/submit-record-application';

/** 提交审核 and 删除 with their confirmations, shared by the list and the detail page. */
export function useRecordActions() {
  const { message, modal } = App.useApp();
  const submit = useSubmitRecordApplication();
  const remove = useDeleteRecordApplication();

  const confirmSubmit = (
    row: Pick<RecordApplicationRow, '_id' | 'record_no' | 'status'>,
    after?: () => void,
  ) =>
    modal.confirm({
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
    modal.confirm({
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
