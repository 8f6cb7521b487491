import {
  EvaluationMethod,
  type EvaluationOptions,
  evaluationFields,
  evaluationMethodText,
  type LevelEvaluationDetail,
  levelRequiresComprehensive,
  MAX_PUBLICITY_DAYS,
} from '@skill-cert/shared/levelEvaluation';
import { skillLevelName } from '@skill-cert/shared/occupation';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Steps,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { draftRule } from '@/shared/forms';
import { errorMessage } from '@/shared/http';
import { CandidatePanel } from './candidate-panel';
import {
  type EvaluationFormValues,
  METHODS,
  STEP_TITLES,
  scopeKey,
  submitProblem,
  toEvaluationBody,
  withRequiredMethods,
} from './step-form-values';

export interface EvaluationStepFormProps {
  options: EvaluationOptions;
  /** The saved plan (edit), or null for a new one: candidates come after the first save. */
  plan: LevelEvaluationDetail | null;
  initialValues: EvaluationFormValues;
  initialStep?: number;
  saving: boolean;
  /** Saves the body (POST or PATCH); answers the saved plan. A refusal rejects with the server's message. */
  onSave: (body: ReturnType<typeof toEvaluationBody>, step: number) => Promise<unknown>;
  onCancel: () => void;
}

const draft = (schema: Parameters<typeof draftRule>[0]) => draftRule(schema, () => false);
const COMPREHENSIVE_REASON = '二级、一级的评价须包含综合评审';

/**
 * The plan in four steps (基本信息 → 评价方式 → 场地与人员 → 考生名单). Every step stays mounted, so switching
 * steps loses nothing; 保存草稿 saves what is filled in at any step; 提交审批 first says what is still missing
 * (evaluationSubmitProblem), then what the server refuses.
 */
export function EvaluationStepForm({
  options,
  plan,
  initialValues,
  initialStep = 0,
  saving,
  onSave,
  onCancel,
}: EvaluationStepFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EvaluationFormValues>();
  const [step, setStep] = useState(initialStep);
  const [problem, setProblem] = useState<string | null>(null);

  const filingId = Form.useWatch('record_application_id', form) ?? initialValues.record_application_id;
  const scope = Form.useWatch('scope', form) ?? initialValues.scope;
  const level = Form.useWatch('level', form) ?? initialValues.level;
  const methodValues = Form.useWatch('methods', form) ?? initialValues.methods;
  const filing = options.filings.find((f) => f._id === filingId) ?? null;
  const scopeRow = filing?.scopes.find((s) => scopeKey(s.occupation_code, s.work_type) === scope) ?? null;
  const comprehensiveForced = Boolean(level && levelRequiresComprehensive(level));

  const people = useMemo(
    () => ({
      examiners: (filing?.examiners ?? []).map((p) => ({
        label: `${p.name}（${p.qualification}）`,
        value: p._id,
      })),
      supervisors: (filing?.supervisors ?? []).map((p) => ({
        label: `${p.name}（${p.qualification}）`,
        value: p._id,
      })),
    }),
    [filing],
  );

  const save = async (submit: boolean) => {
    setProblem(null);
    try {
      await form.validateFields();
    } catch (e) {
      const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      const name = String(first?.name[0] ?? '');
      setStep(name === 'methods' ? 1 : ['site_id', 'examiner_ids', 'supervisor_ids'].includes(name) ? 2 : 0);
      message.error('请检查填写的内容');
      return;
    }
    const values = { ...initialValues, ...form.getFieldsValue(true) } as EvaluationFormValues;
    if (submit) {
      const missing = submitProblem(values);
      if (missing) {
        setStep(missing.step);
        setProblem(missing.message);
        message.error(missing.message);
        return;
      }
    }
    try {
      await onSave(toEvaluationBody(values, submit), step);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Form<EvaluationFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      aria-label="评价计划"
      onValuesChange={(changed: Partial<EvaluationFormValues>) => {
        if ('record_application_id' in changed)
          form.setFieldsValue({
            scope: null,
            level: null,
            site_id: null,
            examiner_ids: [],
            supervisor_ids: [],
          });
        if ('scope' in changed) form.setFieldsValue({ level: null });
        if ('level' in changed)
          form.setFieldsValue({ methods: withRequiredMethods(form.getFieldValue('methods'), changed.level) });
      }}
    >
      <Steps
        current={step}
        onChange={setStep}
        style={{ marginBottom: 24 }}
        items={STEP_TITLES.map((title) => ({ title }))}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblem(null)}
          style={{ marginBottom: 16 }}
          title={`还不能提交审批：${problem}`}
        />
      )}

      <div hidden={step !== 0}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="评价名称" rules={[draft(evaluationFields.name)]}>
              <Input placeholder="例如：2026年第一期电工四级评价" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="record_application_id" label="备案">
              <Select
                placeholder="请选择审核通过的备案"
                options={options.filings.map((f) => ({ label: f.record_no, value: f._id }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="scope" label="职业/工种">
              <Select
                placeholder={filing ? '请选择职业/工种' : '请先选择备案'}
                disabled={!filing}
                options={(filing?.scopes ?? []).map((s) => ({
                  label: `${s.occupation_name}${s.work_type ? `/${s.work_type}` : ''}`,
                  value: scopeKey(s.occupation_code, s.work_type),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="level" label="评价等级">
              <Select
                placeholder={scopeRow ? '请选择评价等级' : '请先选择职业/工种'}
                disabled={!scopeRow}
                options={(scopeRow?.levels ?? []).map((l) => ({ label: skillLevelName(l), value: l }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dates" label="考评日期">
              <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="publicity_days"
              label="公示天数"
              extra={`成绩审核通过后公示的天数，0 表示不公示，最多 ${MAX_PUBLICITY_DAYS} 天`}
              rules={[draft(evaluationFields.publicityDays)]}
            >
              <InputNumber min={0} max={MAX_PUBLICITY_DAYS} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注">
              <Input.TextArea rows={3} maxLength={500} placeholder="选填" />
            </Form.Item>
          </Col>
        </Row>
      </div>

      <div hidden={step !== 1}>
        {comprehensiveForced && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${COMPREHENSIVE_REASON}，已自动勾选`}
          />
        )}
        {METHODS.map((m) => {
          const locked = m === EvaluationMethod.COMPREHENSIVE && comprehensiveForced;
          // Marks belong to a chosen method: an unticked one's are kept but not editable.
          const unused = !locked && !methodValues?.[m]?.checked;
          return (
            <Row key={m} gutter={16} align="middle" style={{ marginBottom: 8 }}>
              <Col flex="180px">
                <Form.Item name={['methods', m, 'checked']} valuePropName="checked" noStyle>
                  <Checkbox disabled={locked}>{evaluationMethodText[m]}</Checkbox>
                </Form.Item>
              </Col>
              <Col flex="200px">
                <Form.Item
                  name={['methods', m, 'full_mark']}
                  label="满分"
                  layout="horizontal"
                  style={{ margin: 0 }}
                >
                  <InputNumber
                    min={1}
                    max={1000}
                    precision={1}
                    disabled={unused}
                    aria-label={`${evaluationMethodText[m]}满分`}
                  />
                </Form.Item>
              </Col>
              <Col flex="200px">
                <Form.Item
                  name={['methods', m, 'pass_mark']}
                  label="合格分"
                  layout="horizontal"
                  style={{ margin: 0 }}
                  dependencies={[['methods', m, 'full_mark']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_r, v: number | null) => {
                        const full = getFieldValue(['methods', m, 'full_mark']) as number | null;
                        if (v !== null && v !== undefined && full !== null && full !== undefined && v > full)
                          throw new Error(`${evaluationMethodText[m]}的合格分不能高于满分`);
                      },
                    }),
                  ]}
                >
                  <InputNumber
                    min={0}
                    max={1000}
                    precision={1}
                    disabled={unused}
                    aria-label={`${evaluationMethodText[m]}合格分`}
                  />
                </Form.Item>
              </Col>
              {locked && (
                <Col>
                  <Typography.Text type="secondary">{COMPREHENSIVE_REASON}</Typography.Text>
                </Col>
              )}
            </Row>
          );
        })}
      </div>

      <div hidden={step !== 2}>
        {!filing && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="请先在“基本信息”中选择备案" />
        )}
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="site_id" label="考核场地">
              <Select
                placeholder="请选择备案中的考核场地"
                disabled={!filing}
                options={(filing?.sites ?? []).map((s) => ({
                  label: `${s.name}（${[...s.region_names, s.address].join(' ')}）`,
                  value: s._id,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="examiner_ids" label="考评员">
              <Select
                mode="multiple"
                placeholder="请选择备案中的考评员"
                disabled={!filing}
                options={people.examiners}
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="supervisor_ids" label="质量督导员">
              <Select
                mode="multiple"
                placeholder="请选择备案中的质量督导员"
                disabled={!filing}
                options={people.supervisors}
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
        </Row>
      </div>

      <div hidden={step !== 3}>
        {plan ? (
          <CandidatePanel plan={plan} />
        ) : (
          <Alert
            type="info"
            showIcon
            title="请先保存草稿，再添加考生"
            description="考生可从员工中选择、逐个添加或从 Excel 导入。"
            action={
              <Button type="primary" loading={saving} onClick={() => void save(false)}>
                保存草稿
              </Button>
            }
          />
        )}
      </div>

      <Space style={{ marginTop: 24 }} wrap>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
        {step < STEP_TITLES.length - 1 && (
          <Button type="primary" onClick={() => setStep(step + 1)}>
            下一步
          </Button>
        )}
        <Button loading={saving} onClick={() => void save(false)}>
          保存草稿
        </Button>
        {/* The way forward stands out: 下一步 until the last step, then 提交审批. */}
        <Button
          type="primary"
          ghost={step < STEP_TITLES.length - 1}
          loading={saving}
          onClick={() => void save(true)}
        >
          提交审批
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </Form>
  );
}
