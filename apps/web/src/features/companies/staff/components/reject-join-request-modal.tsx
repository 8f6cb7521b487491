import type { JoinRequestRow } from '@skill-cert/shared/companies';
import { Form, Input, Modal } from 'antd';

/** Said to the applicant when the administrator gives no reason (the server needs one). */
export const NO_REASON = '管理员未填写驳回原因';

interface RejectJoinRequestModalProps {
  request: JoinRequestRow | null;
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** 驳回 a join request, with an optional reason that the applicant receives by message. */
export function RejectJoinRequestModal({
  request,
  pending,
  onCancel,
  onReject,
}: RejectJoinRequestModalProps) {
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      title={request ? `驳回“${request.user_name}”的加入申请` : '驳回加入申请'}
      open={request !== null}
      onCancel={onCancel}
      okText="驳回"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="reject-join-request"
        layout="vertical"
        onFinish={({ reason }) => onReject(reason?.trim() || NO_REASON)}
      >
        <Form.Item
          label="驳回原因（选填）"
          name="reason"
          rules={[{ max: 500, message: '驳回原因不能超过500个字符' }]}
          extra="驳回原因将通过消息告知申请人"
        >
          <Input.TextArea rows={3} placeholder="请输入驳回原因" maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
