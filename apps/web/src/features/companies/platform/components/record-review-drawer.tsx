import { RecordStatus } from '@skill-cert/shared/records';
import { App, Button, Drawer, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { RecordApplicationContent } from '@/shared/components/records/record-application-content';
import { RejectModal } from '@/shared/components/reject-modal';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { Permission } from '@/shared/permissions/permission';
import { useDecideRecord } from '../api/decide-record';
import { usePlatformRecord } from '../api/get-platform-record';
import { approveBodyOf, codeProblem, RecordCodesForm, useCodeDraft } from './record-codes-form';

/** One application for review: its content and timeline; 通过 / 驳回 while it waits (审核备案). */
export function RecordReviewDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const record = usePlatformRecord(id);
  const decide = useDecideRecord();
  const [rejecting, setRejecting] = useState(false);
  const detail = record.data;
  const pending = detail?.status === RecordStatus.PENDING;
  const { draft, setDraft } = useCodeDraft(detail);

  const approve = () => {
    if (!detail || !draft) return;
    const problem = codeProblem(detail, draft);
    if (problem) {
      message.error(problem);
      return;
    }
    confirmOnce({
      title: '提示',
      content: `确定通过「${detail.company_name}」的备案申请 ${detail.record_no} 吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        decide.mutateAsync({ id: detail._id, approve: true, codes: approveBodyOf(detail, draft) }).then(
          () => message.success('已通过'),
          () => undefined,
        ),
    });
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={860}
      title={detail ? `备案审核 ${detail.record_no}` : '备案审核'}
      destroyOnHidden
      extra={
        pending && (
          <Permission keys="platform:company:review">
            <Space>
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
              <Button type="primary" onClick={approve}>
                通过
              </Button>
            </Space>
          </Permission>
        )
      }
    >
      {record.isError ? (
        <Result status="error" title="加载失败" subTitle={errorMessage(record.error)} />
      ) : detail ? (
        <>
          {pending && draft && (
            <Permission keys="platform:company:review">
              <RecordCodesForm detail={detail} draft={draft} onChange={setDraft} />
            </Permission>
          )}
          <RecordApplicationContent detail={detail} variant="drawer" />
        </>
      ) : (
        <Spin />
      )}
      {detail && (
        <RejectModal
          open={rejecting}
          title={`驳回备案申请 ${detail.record_no}`}
          saving={decide.isPending}
          onCancel={() => setRejecting(false)}
          onReject={(reason) =>
            decide.mutateAsync({ id: detail._id, approve: false, reason }).then(
              () => {
                message.success('已驳回');
                setRejecting(false);
              },
              () => undefined,
            )
          }
        />
      )}
    </Drawer>
  );
}
