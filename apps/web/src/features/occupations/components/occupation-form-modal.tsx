import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALL_SKILL_LEVELS,
  OCCUPATION_CODE,
  OCCUPATION_NAME_MAX,
  OCCUPATION_SORT_MAX,
  type OccupationBody,
  type OccupationRow,
  occupationBody,
  skillLevelNames,
  WORK_TYPE_NAME_MAX,
  WORK_TYPES_MAX,
  workTypeKindNames,
} from '@skill-cert/shared/occupations';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useSaveOccupation } from '../api/occupations';

interface WorkTypeValues {
  name?: string;
  kind?: 1 | 2;
  enabled?: boolean;
}
interface OccupationValues {
  code?: string;
  name?: string;
  levels?: number[];
  comprehensive_review?: boolean;
  sort?: number | null;
  status?: 0 | 1;
  work_types?: WorkTypeValues[];
}

const levelOptions = ALL_SKILL_LEVELS.map((l) => ({ label: skillLevelNames[l], value: l }));
const kindOptions = Object.entries(workTypeKindNames).map(([value, label]) => ({
  label,
  value: Number(value),
}));

/** The form's values of a saved occupation. */
export const valuesOf = (row: OccupationRow): OccupationValues => ({
  code: row.code,
  name: row.name,
  levels: row.levels,
  comprehensive_review: row.comprehensive_review,
  sort: row.sort,
  status: row.status,
  work_types: row.work_types.map((w) => ({ name: w.name, kind: w.kind, enabled: w.status === 1 })),
});

/** The request body of the form's values (the contract checks it again). */
export const bodyOf = (v: OccupationValues): OccupationBody => ({
  code: v.code?.trim() ?? '',
  name: v.name?.trim() ?? '',
  levels: (v.levels ?? []) as OccupationBody['levels'],
  comprehensive_review: v.comprehensive_review ?? true,
  sort: v.sort ?? 0,
  status: v.status ?? 1,
  work_types: (v.work_types ?? []).map((w) => ({
    name: w.name?.trim() ?? '',
    kind: w.kind ?? 1,
    status: w.enabled === false ? 0 : 1,
  })),
});

const EMPTY: OccupationValues = {
  levels: [...ALL_SKILL_LEVELS],
  comprehensive_review: true,
  sort: 0,
  status: 1,
  work_types: [],
};

/** 新增职业 / 修改职业 (`editing`: the row, or null for a new one), its 工种 / 职业方向 listed in the form. */
export function OccupationFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: OccupationRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OccupationValues>();
  const unsaved = useUnsavedForm(form, open);
  const save = useSaveOccupation();

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? valuesOf(editing) : EMPTY);
  }, [open, editing, form]);

  const submit = useAction(async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const parsed = occupationBody.safeParse(bodyOf(v));
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '请检查填写的内容');
      return;
    }
    try {
      await unsaved.whileSaving(() => save.mutateAsync({ id: editing?._id ?? null, body: bodyOf(v) }));
      message.success('保存成功');
      onClose();
    } catch {
      // shown by the client (e.g. where a removed 工种 is used); what was typed stays
    }
  });

  const title = editing ? '修改职业' : '新增职业';
  return (
    <Modal
      title={title}
      open={open}
      width={720}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      footer={[
        <Button key="cancel" onClick={() => unsaved.confirmDiscard(onClose)}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={submit.running} onClick={() => void submit.run()}>
          保存
        </Button>,
      ]}
    >
      <Form<OccupationValues> form={form} layout="vertical" aria-label={title} preserve={false}>
        <Space size={16} align="start" wrap>
          <Form.Item
            label="职业编码"
            name="code"
            extra={editing ? '已被备案或计划使用的职业不能修改编码' : '如 6-31-01-03（大类-中类-小类-细类）'}
            rules={[
              { required: true, whitespace: true, message: '请输入职业编码' },
              { pattern: OCCUPATION_CODE, message: '职业编码应为“大类-中类-小类-细类”格式，如 6-31-01-03' },
            ]}
          >
            <Input placeholder="如 6-31-01-03" maxLength={10} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label="职业名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入职业名称' },
              { max: OCCUPATION_NAME_MAX, message: `职业名称不能超过${OCCUPATION_NAME_MAX}个字符` },
            ]}
          >
            <Input placeholder="如 电工" maxLength={OCCUPATION_NAME_MAX} style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Form.Item
          label="可评价等级"
          name="levels"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个可评价等级' }]}
        >
          <Checkbox.Group options={levelOptions} />
        </Form.Item>
        <Space size={32} align="start" wrap>
          <Form.Item
            label="二级、一级须综合评审"
            name="comprehensive_review"
            valuePropName="checked"
            extra="国家规定二级/技师、一级/高级技师的评价须包含综合评审"
          >
            <Switch checkedChildren="须" unCheckedChildren="不须" />
          </Form.Item>
          <Form.Item label="排序" name="sort" extra="数字越小越靠前">
            <InputNumber min={0} max={OCCUPATION_SORT_MAX} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Radio.Group
              options={[
                { label: '启用', value: 1 },
                { label: '停用', value: 0 },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.List name="work_types">
          {(fields, { add, remove }) => (
            <fieldset aria-label="工种/职业方向" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 14, marginBottom: 8 }}>工种/职业方向（不分工种的职业不填）</legend>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[
                      { required: true, whitespace: true, message: '请输入名称' },
                      { max: WORK_TYPE_NAME_MAX, message: `名称不能超过${WORK_TYPE_NAME_MAX}个字符` },
                    ]}
                  >
                    <Input
                      placeholder="名称，如 电焊工"
                      aria-label={`第${i + 1}个工种/职业方向名称`}
                      maxLength={WORK_TYPE_NAME_MAX}
                      style={{ width: 240 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'kind']} initialValue={1}>
                    <Select options={kindOptions} aria-label={`第${i + 1}个类型`} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'enabled']} valuePropName="checked" initialValue={true}>
                    <Switch checkedChildren="启用" unCheckedChildren="停用" aria-label={`第${i + 1}个启用`} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第${i + 1}个工种/职业方向`}
                    title="删除（已被使用的不能删除，可停用）"
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= WORK_TYPES_MAX}
                onClick={() => add({ kind: 1, enabled: true })}
              >
                添加工种/职业方向
              </Button>
            </fieldset>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
