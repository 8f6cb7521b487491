import { type ArchiveRetentionBody, RETENTION_YEARS_MAX } from '@skill-cert/shared/archive';
import { Form, InputNumber, Modal } from 'antd';

interface Values {
  paper_retention_years: number | null;
  electronic_retention_years: number | null;
}

const FIELDS: [keyof Values, string][] = [
  ['paper_retention_years', '纸质档案保管期限'],
  ['electronic_retention_years', '电子档案保管期限'],
];

const yearsRules = (label: string) => [
  { required: true, message: `请填写${label}` },
  {
    type: 'integer' as const,
    min: 1,
    max: RETENTION_YEARS_MAX,
    message: `${label}应为 1 至 ${RETENTION_YEARS_MAX} 的整数年`,
  },
];

/**
 * 修改保管期限 (administrators, open archives): paper and electronic retention in whole years, counted from the seal.
 */
export function RetentionDialog({
  open,
  initial,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  initial: { paper_retention_years: number; electronic_retention_years: number };
  pending: boolean;
  onCancel: () => void;
  onSubmit: (body: ArchiveRetentionBody) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const submit = (values: Values) =>
    onSubmit({
      paper_retention_years: values.paper_retention_years ?? undefined,
      electronic_retention_years: values.electronic_retention_years ?? undefined,
    }).catch(() => undefined);
  return (
    <Modal
      open={open}
      title="修改保管期限"
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        aria-label="保管期限"
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        clearOnDestroy
      >
        {FIELDS.map(([name, label]) => (
          <Form.Item
            key={name}
            name={name}
            label={`${label}（年）`}
            rules={yearsRules(label)}
            extra="自归档之日起算"
          >
            <InputNumber min={1} max={RETENTION_YEARS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
