import {
  type ArchiveRetentionBody,
  ELECTRONIC_RETENTION_YEARS_MIN,
  PAPER_RETENTION_YEARS_MIN,
  RETENTION_YEARS_MAX,
  retentionBelowMinimum,
} from '@skill-cert/shared/archives';
import { Form, InputNumber, Modal } from 'antd';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';

interface Values {
  paper_retention_years: number | null;
  electronic_retention_years: number | null;
}

const FIELDS: [keyof Values, string, number][] = [
  ['paper_retention_years', '纸质档案保管期限', PAPER_RETENTION_YEARS_MIN],
  ['electronic_retention_years', '电子档案保管期限', ELECTRONIC_RETENTION_YEARS_MIN],
];

// The field takes any number as typed (no clamping): a value out of range is refused with its reason, never changed.
const yearsRules = (label: string, min: number) => [
  { required: true, message: `请填写${label}` },
  { type: 'integer' as const, message: `${label}应为整数年` },
  { type: 'number' as const, min, message: retentionBelowMinimum(label, min) },
  { type: 'number' as const, max: RETENTION_YEARS_MAX, message: `${label}不能超过${RETENTION_YEARS_MAX}年` },
];

/**
 * 修改保管期限 (administrators, open archives): paper and electronic retention in whole years, counted from the seal,
 * at least the legal minimum (paper 3, electronic 5).
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
  const unsaved = useUnsavedForm(form, open);
  const submit = useAction((values: Values) =>
    unsaved
      .whileSaving(() =>
        onSubmit({
          paper_retention_years: values.paper_retention_years ?? undefined,
          electronic_retention_years: values.electronic_retention_years ?? undefined,
        }),
      )
      .catch(() => undefined),
  );
  return (
    <Modal
      open={open}
      title="修改保管期限"
      okText="保存"
      cancelText="取消"
      confirmLoading={pending || submit.running}
      onCancel={() => unsaved.confirmDiscard(onCancel)}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        aria-label="保管期限"
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit.run(values)}
        clearOnDestroy
      >
        {FIELDS.map(([name, label, min]) => (
          <Form.Item
            key={name}
            name={name}
            label={`${label}（年）`}
            rules={yearsRules(label, min)}
            extra={`自归档之日起算，法定最短 ${min} 年`}
          >
            <InputNumber style={{ width: 160 }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
