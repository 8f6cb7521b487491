import { Form, Input, Modal, Typography } from 'antd';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';

export interface ReasonAction {
  /** 撤销 or 换发. */
  verb: string;
  /** What happens, said in the dialog and again in the confirmation. */
  consequence: string;
}

interface ReasonModalProps {
  action: ReasonAction;
  /** The certificate acted on (its number or holder), or null: closed. */
  target: string | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}

/**
 * 撤销 / 换发 a certificate: the reason is required (as the server requires it), then the user confirms once more
 * before anything is sent; the dialog closes when the server has done it.
 */
export function ReasonModal({ action, target, pending, onCancel, onSubmit }: ReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const unsaved = useUnsavedForm(form, target !== null);
  const confirmOnce = useConfirmOnce();
  const label = `${action.verb}原因`;
  return (
    <Modal
      title={`${action.verb}证书`}
      open={target !== null}
      onCancel={() => unsaved.confirmDiscard(onCancel)}
      okText={`${action.verb}`}
      cancelText="取消"
      okButtonProps={{ danger: action.verb === '撤销' }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        证书：{target}
        <br />
        {action.consequence}
      </Typography.Paragraph>
      <Form
        form={form}
        name={`certificate-${action.verb}`}
        layout="vertical"
        onFinish={({ reason }) =>
          confirmOnce({
            title: '提示',
            content: `确定${action.verb}证书“${target}”吗？${action.consequence}`,
            okText: '确定',
            cancelText: '取消',
            okButtonProps: action.verb === '撤销' ? { danger: true } : undefined,
            // A refusal was shown by the client; the confirmation closes either way.
            onOk: () => unsaved.whileSaving(() => onSubmit(reason.trim())).catch(() => undefined),
          })
        }
      >
        <Form.Item
          label={label}
          name="reason"
          rules={[
            { required: true, whitespace: true, message: `请输入${label}` },
            { max: 200, message: `${label}不能超过200个字符` },
          ]}
        >
          <Input.TextArea rows={3} placeholder={`请输入${label}`} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
