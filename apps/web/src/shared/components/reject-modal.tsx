import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';

/** 驳回: the reason is required; the company sees it (备案审核, 审核中心). */
export function RejectModal({
  open,
  title,
  saving,
  onCancel,
  onReject,
}: {
  open: boolean;
  /** e.g. 驳回备案申请 BA20260101ABCDEF. */
  title: string;
  saving: boolean;
  onCancel: () => void;
  onReject: (reason: string) => Promise<unknown>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText="确定驳回"
      okButtonProps={{ danger: true, loading: saving }}
      cancelText="取消"
      onCancel={onCancel}
      onOk={() =>
        form
          .validateFields()
          .then(({ reason }) => onReject(reason.trim()))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" aria-label="驳回原因表单">
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请输入驳回原因' },
            { max: 500, message: '驳回原因不能超过500个字符' },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder="请说明需要修改的内容，企业将看到该原因"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
