import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { findOccupation, type OccupationCategory, skillLevelName } from '@skill-cert/shared/occupations';
import {
  EvaluationBasis,
  type RecordApplicationDetail,
  type RecordFile,
  recordFields,
} from '@skill-cert/shared/records';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  Radio,
  Row,
  Select,
  Space,
} from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { RegionCascader } from '@/shared/components/region-cascader/region-cascader';
import { draftRule } from '@/shared/forms';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import type { RecordApplicationInput } from '../api/save-record-application';
import { FileUpload } from './file-upload';

interface ScopeValues {
  occupation_code?: string;
  work_type?: string | null;
  levels?: number[];
}
interface SiteValues {
  name?: string;
  region?: string[];
  address?: string;
}
interface PersonValues {
  name?: string;
  id_number?: string;
  phone?: string;
  qualification?: string;
}

/** What the form holds; `toRecordInput` turns it into the request body. */
export interface RecordFormValues {
  scopes: ScopeValues[];
  evaluation_basis?: 1 | 2 | null;
  basis_file?: RecordFile[];
  sites: SiteValues[];
  examiners: PersonValues[];
  supervisors: PersonValues[];
  attachments?: RecordFile[];
  remark?: string | null;
}

export const emptyRecordForm = (): RecordFormValues => ({
  scopes: [{}],
  evaluation_basis: EvaluationBasis.NATIONAL,
  sites: [{}],
  examiners: [{}],
  supervisors: [{}],
  attachments: [],
});

/** A county code as the cascader's path: province, city, and the county unless the city is the leaf. */
export function regionPath(code: string): string[] {
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  if (code === province) return [province];
  return code === city ? [province, city] : [province, city, code];
}

export function toRecordFormValues(d: RecordApplicationDetail): RecordFormValues {
  const person = (p: RecordApplicationDetail['examiners'][number]): PersonValues => ({
    name: p.name,
    id_number: p.id_number,
    phone: p.phone,
    qualification: p.qualification,
  });
  return {
    scopes: d.scopes.map((s) => ({
      occupation_code: s.occupation_code,
      work_type: s.work_type,
      levels: s.levels,
    })),
    evaluation_basis: d.evaluation_basis,
    basis_file: d.basis_file ? [d.basis_file] : [],
    sites: d.sites.map((s) => ({ name: s.name, region: regionPath(s.region_code), address: s.address })),
    examiners: d.examiners.map(person),
    supervisors: d.supervisors.map(person),
    attachments: d.attachments,
    remark: d.remark,
  };
}

const trimmed = (v: string | undefined | null) => (v ?? '').trim();

export function toRecordInput(values: RecordFormValues, submit: boolean): RecordApplicationInput {
  const person = (p: PersonValues) => ({
    name: trimmed(p.name),
    id_number: trimmed(p.id_number).toUpperCase(),
    phone: trimmed(p.phone),
    qualification: trimmed(p.qualification),
  });
  const basis = values.evaluation_basis ?? null;
  return {
    scopes: (values.scopes ?? []).map((s) => ({
      occupation_code: s.occupation_code ?? '',
      work_type: s.work_type || null,
      levels: s.levels ?? [],
    })),
    evaluation_basis: basis,
    basis_file_id: basis === EvaluationBasis.ENTERPRISE ? (values.basis_file?.[0]?.file_id ?? null) : null,
    sites: (values.sites ?? []).map((s) => ({
      name: trimmed(s.name),
      region_code: s.region?.at(-1) ?? '',
      address: trimmed(s.address),
    })),
    examiners: (values.examiners ?? []).map(person),
    supervisors: (values.supervisors ?? []).map(person),
    attachment_ids: (values.attachments ?? []).map((f) => f.file_id),
    remark: trimmed(values.remark) || null,
    submit,
  };
}

type Intent = 'draft' | 'submit';

/** Row fields: a draft checks what is filled in, submitting also asks for what is blank. */
const rowRule = (intent: { current: Intent }, schema: Parameters<typeof draftRule>[0]) =>
  draftRule(schema, () => intent.current === 'submit');

const regionRule = (intent: { current: Intent }): FormRule => ({
  required: true,
  validator: async (_rule, value: string[] | undefined) => {
    if (!value?.length && intent.current === 'draft') return;
    if (!value || value.length < 2) throw new Error('请选择场地所在地区');
  },
});

/** A list rule that holds only when submitting: a draft may still lack rows. */
const atLeastOne = (intent: { current: Intent }, message: string) =>
  ({
    validator: async (_rule: unknown, rows: unknown[] | undefined) => {
      if (intent.current === 'submit' && (!rows || rows.length === 0)) throw new Error(message);
    },
  }) as const;

function ScopeRow({
  form,
  name,
  index,
  categories,
  intent,
  onRemove,
}: {
  form: FormInstance<RecordFormValues>;
  name: number;
  index: number;
  categories: OccupationCategory[];
  intent: { current: Intent };
  onRemove: () => void;
}) {
  const code = Form.useWatch(['scopes', name, 'occupation_code'], form);
  const occupation = code ? findOccupation(categories, code) : undefined;
  // A disabled occupation is offered for no new row; the one this row already holds stays, marked.
  const options = useMemo(
    () =>
      categories.map((c) => ({
        label: c.name,
        title: c.name,
        options: c.occupations
          .filter((o) => o.enabled || o.code === code)
          .map((o) => ({ label: `${o.name}（${o.code}）${o.enabled ? '' : '（已停用）'}`, value: o.code })),
      })),
    [categories, code],
  );
  const label = `评价职业 ${index + 1}`;
  return (
    <fieldset className="record-form-row" aria-label={label}>
      <Row gutter={16} align="top">
        <Col xs={24} md={9}>
          <Form.Item
            name={[name, 'occupation_code']}
            label="职业（职业编码）"
            rules={[rowRule(intent, recordFields.occupationCode)]}
          >
            <Select
              placeholder="请选择或搜索职业"
              options={options}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(next: string) => {
                const picked = findOccupation(categories, next);
                const levels = (form.getFieldValue(['scopes', name, 'levels']) as number[] | undefined) ?? [];
                form.setFieldValue(['scopes', name, 'work_type'], null);
                form.setFieldValue(
                  ['scopes', name, 'levels'],
                  levels.filter((l) => (picked?.levels as number[] | undefined)?.includes(l)),
                );
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item name={[name, 'work_type']} label="工种/职业方向">
            <Select
              allowClear
              placeholder={occupation && occupation.work_types.length === 0 ? '该职业不分工种' : '请选择工种'}
              disabled={!occupation || occupation.work_types.length === 0}
              options={occupation?.work_types.map((w) => ({ label: w, value: w }))}
            />
          </Form.Item>
        </Col>
        <Col xs={22} md={9}>
          <Form.Item name={[name, 'levels']} label="评价等级" rules={[rowRule(intent, recordFields.levels)]}>
            <Checkbox.Group
              disabled={!occupation}
              options={(occupation?.levels ?? [5, 4, 3, 2, 1]).map((l) => ({
                label: skillLevelName(l),
                value: l,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={2} md={1}>
          <RemoveButton label={`删除${label}`} onClick={onRemove} />
        </Col>
      </Row>
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      type="text"
      danger
      aria-label={label}
      title={label}
      icon={<DeleteOutlined />}
      onClick={onClick}
      style={{ marginTop: 30 }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}

function PersonList({
  field,
  label,
  intent,
}: {
  field: 'examiners' | 'supervisors';
  label: string;
  intent: { current: Intent };
}) {
  return (
    <Form.List name={field} rules={[atLeastOne(intent, `请至少添加一名${label}`)]}>
      {(rows, { add, remove }, { errors }) => (
        <>
          {rows.map((row, index) => (
            <fieldset key={row.key} className="record-form-row" aria-label={`${label} ${index + 1}`}>
              <Row gutter={16}>
                <Col xs={24} md={4}>
                  <Form.Item
                    name={[row.name, 'name']}
                    label="姓名"
                    rules={[rowRule(intent, recordFields.personName)]}
                  >
                    <Input placeholder="请输入姓名" maxLength={32} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item
                    name={[row.name, 'id_number']}
                    label="身份证号"
                    rules={[rowRule(intent, recordFields.idNumber)]}
                  >
                    <Input placeholder="请输入18位身份证号" maxLength={18} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={5}>
                  <Form.Item
                    name={[row.name, 'phone']}
                    label="手机号"
                    rules={[rowRule(intent, recordFields.phone)]}
                  >
                    <Input placeholder="请输入手机号" maxLength={11} />
                  </Form.Item>
                </Col>
                <Col xs={22} md={8}>
                  <Form.Item
                    name={[row.name, 'qualification']}
                    label="资格（职业/等级）"
                    rules={[rowRule(intent, recordFields.qualification)]}
                  >
                    <Input placeholder="如：电工 二级/技师" maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={2} md={1}>
                  <RemoveButton label={`删除${label} ${index + 1}`} onClick={() => remove(row.name)} />
                </Col>
              </Row>
            </fieldset>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 8 }}>
            添加{label}
          </Button>
        </>
      )}
    </Form.List>
  );
}

export interface RecordFormProps {
  categories: OccupationCategory[];
  initialValues?: RecordFormValues;
  saving?: boolean;
  /** Called with the body after validation (and, to submit, after the user confirmed). */
  onSave: (input: RecordApplicationInput) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * The application form (add and edit): scope rows from the occupation catalogue, evaluation basis with its
 * file, sites, examiners and quality supervisors, attachments. 保存草稿 saves whatever is filled in, checking
 * only its format; 提交审核 also needs every part and field, then asks to confirm.
 */
export function RecordForm({ categories, initialValues, saving, onSave, onCancel }: RecordFormProps) {
  const confirmOnce = useConfirmOnce();
  const [form] = Form.useForm<RecordFormValues>();
  const unsaved = useUnsavedForm(form);
  const intent = useRef<Intent>('draft');
  const basis = Form.useWatch('evaluation_basis', form);

  const save = useAction(async (which: Intent) => {
    intent.current = which;
    let values: RecordFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as RecordFormValues;
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const input = toRecordInput(values, which === 'submit');
    if (which === 'draft') {
      await unsaved.whileSaving(() => onSave(input)).catch(() => undefined);
      return;
    }
    confirmOnce({
      title: '提示',
      content: '确定提交审核吗？提交后在审核完成前不能修改。',
      okText: '确定',
      cancelText: '取消',
      onOk: () => unsaved.whileSaving(() => onSave(input)).catch(() => undefined),
    });
  });

  return (
    <Form<RecordFormValues>
      form={form}
      layout="vertical"
      aria-label="备案申请表"
      initialValues={initialValues ?? emptyRecordForm()}
      scrollToFirstError
    >
      <Section title="评价范围">
        <Form.List name="scopes" rules={[atLeastOne(intent, '请至少添加一个评价职业')]}>
          {(rows, { add, remove }, { errors }) => (
            <>
              {rows.map((row, index) => (
                <ScopeRow
                  key={row.key}
                  form={form}
                  name={row.name}
                  index={index}
                  categories={categories}
                  intent={intent}
                  onRemove={() => remove(row.name)}
                />
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 8 }}>
                添加评价职业
              </Button>
            </>
          )}
        </Form.List>
      </Section>

      <Section title="评价依据">
        <Form.Item
          name="evaluation_basis"
          label="评价依据"
          required
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (intent.current === 'submit' && !value) throw new Error('请选择评价依据');
              },
            },
          ]}
        >
          <Radio.Group
            options={[
              { label: '国家职业标准', value: EvaluationBasis.NATIONAL },
              { label: '企业评价规范', value: EvaluationBasis.ENTERPRISE },
            ]}
          />
        </Form.Item>
        {basis === EvaluationBasis.ENTERPRISE && (
          <Form.Item
            name="basis_file"
            label="企业评价规范文件"
            required
            extra="支持 PDF、Word 文件，不超过 50M"
            rules={[
              {
                validator: async (_rule, value: RecordFile[] | undefined) => {
                  if (intent.current === 'submit' && !value?.length)
                    throw new Error('请上传企业评价规范文件');
                },
              },
            ]}
          >
            <FileUpload accept=".pdf,.doc,.docx" buttonText="上传评价规范" />
          </Form.Item>
        )}
      </Section>

      <Section title="考核场地">
        <Form.List name="sites" rules={[atLeastOne(intent, '请至少添加一个考核场地')]}>
          {(rows, { add, remove }, { errors }) => (
            <>
              {rows.map((row, index) => (
                <fieldset key={row.key} className="record-form-row" aria-label={`考核场地 ${index + 1}`}>
                  <Row gutter={16}>
                    <Col xs={24} md={6}>
                      <Form.Item
                        name={[row.name, 'name']}
                        label="场地名称"
                        rules={[rowRule(intent, recordFields.siteName)]}
                      >
                        <Input placeholder="请输入场地名称" maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[row.name, 'region']} label="所在地区" rules={[regionRule(intent)]}>
                        <RegionCascader />
                      </Form.Item>
                    </Col>
                    <Col xs={22} md={9}>
                      <Form.Item
                        name={[row.name, 'address']}
                        label="详细地址"
                        rules={[rowRule(intent, recordFields.address)]}
                      >
                        <Input placeholder="请输入详细地址" maxLength={200} />
                      </Form.Item>
                    </Col>
                    <Col xs={2} md={1}>
                      <RemoveButton label={`删除考核场地 ${index + 1}`} onClick={() => remove(row.name)} />
                    </Col>
                  </Row>
                </fieldset>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 8 }}>
                添加考核场地
              </Button>
            </>
          )}
        </Form.List>
      </Section>

      <Section title="考评员">
        <PersonList field="examiners" label="考评员" intent={intent} />
      </Section>
      <Section title="质量督导员">
        <PersonList field="supervisors" label="质量督导员" intent={intent} />
      </Section>

      <Section title="附件与备注">
        <Form.Item
          name="attachments"
          label="附件"
          extra="如考评员资格证书、场地照片等，最多20个，每个不超过 50M"
        >
          <FileUpload limit={20} buttonText="上传附件" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不能超过500个字符' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填" />
        </Form.Item>
      </Section>

      <Space>
        <Button type="primary" loading={saving || save.running} onClick={() => void save.run('submit')}>
          提交审核
        </Button>
        <Button loading={saving || save.running} onClick={() => void save.run('draft')}>
          保存草稿
        </Button>
        {onCancel && <Button onClick={() => unsaved.confirmDiscard(onCancel)}>取消</Button>}
      </Space>
    </Form>
  );
}
