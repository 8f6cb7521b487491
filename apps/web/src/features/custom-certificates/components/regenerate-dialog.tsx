import {
  BlankType,
  type CertificateBlank,
  type CustomCertificateRow,
} from '@skill-cert/shared/custom-certificates';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useNotice } from '@/shared/components/notice/notice';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { useAction } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useReCreateCertificate } from '../api/certificates';

/** Spec §5 and §8 texts. */
export const fillMessage = (label: string) => `请填写 ${label}`;
export const uploadMessage = (label: string) => `请上传 ${label}`;
export const RECREATE_SUCCESS = '重新生成证书成功！';
export const retryLater = (error: string) => `${error}，请稍后重试！`;

type Values = Record<string, string | UploadedItem[] | undefined>;

const initialValue = (blank: CertificateBlank): string | UploadedItem[] =>
  blank.blank_type === BlankType.IMAGE
    ? blank.val && blank.file_web_path
      ? [{ file_id: blank.val, webPath: blank.file_web_path, name: blank.cn_name }]
      : []
    : blank.val;

/** The value sent for a blank: trimmed text, or the uploaded image's file id. */
const submitted = (blank: CertificateBlank, value: Values[string]): string => {
  if (blank.blank_type === BlankType.IMAGE) return Array.isArray(value) ? (value[0]?.file_id ?? '') : '';
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * 重新生成证书 for a failed certificate (spec §5): one field per blank with its current value; a required
 * text must be filled (请填写 {label}), a required image uploaded (请上传 {label}, one image).
 */
export function RegenerateDialog({
  certificate,
  onClose,
}: {
  certificate: CustomCertificateRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reCreate = useReCreateCertificate();
  const { notify, holder } = useNotice();

  useEffect(() => {
    if (!certificate) return;
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(certificate.blanks.map((b) => [b.name, initialValue(b)])));
  }, [certificate, form]);
  // After the certificate's values are in the form: what the user changes from there is unsaved.
  const unsaved = useUnsavedForm(form, certificate !== null);

  const submit = useAction(async () => {
    if (!certificate) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const blanks = certificate.blanks.map((b) => ({ name: b.name, val: submitted(b, values[b.name]) }));
    try {
      await unsaved.whileSaving(() => reCreate.mutateAsync({ id: certificate._id, body: { blanks } }));
      message.success(RECREATE_SUCCESS);
      onClose();
    } catch (error) {
      notify('重新生成证书', false, retryLater(errorMessage(error)));
    }
  });

  return (
    <Modal
      open={certificate !== null}
      title="重新生成证书"
      okText="重新生成"
      cancelText="取消"
      onOk={() => void submit.run()}
      onCancel={() => unsaved.confirmDiscard(onClose)}
      confirmLoading={submit.running}
      forceRender
      width={640}
    >
      {certificate?.fail_reason && (
        <Alert
          type="error"
          showIcon
          title={`失败原因：${certificate.fail_reason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values> form={form} labelCol={{ flex: '120px' }} aria-label="证书字段">
        {certificate?.blanks.map((blank) =>
          blank.blank_type === BlankType.IMAGE ? (
            <Form.Item
              key={blank._id || blank.name}
              name={blank.name}
              label={blank.cn_name}
              required={blank.required === 1}
              rules={[
                {
                  validator: async (_rule, value: UploadedItem[] | undefined) => {
                    if (blank.required === 1 && (!value || value.length === 0))
                      throw new Error(uploadMessage(blank.cn_name));
                  },
                },
              ]}
            >
              <FileUpload kind="image" limit={1} />
            </Form.Item>
          ) : (
            <Form.Item
              key={blank._id || blank.name}
              name={blank.name}
              label={blank.cn_name}
              rules={[
                { required: blank.required === 1, whitespace: true, message: fillMessage(blank.cn_name) },
              ]}
            >
              <Input placeholder={`请输入${blank.cn_name}`} allowClear />
            </Form.Item>
          ),
        )}
      </Form>
      {holder}
    </Modal>
  );
}
