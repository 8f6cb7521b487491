import {
  type EvaluationOptions,
  evaluationFields,
  type LevelEvaluationDetail,
  MAX_PUBLICITY_DAYS,
} from '@skill-cert/shared/level-evaluations';
import { Alert, App, Button, Col, DatePicker, Form, Input, InputNumber, Row, Space, Steps } from 'antd';
import { useState } from 'react';
import { draftRule, outsideDateRange } from '@/shared/forms';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { CandidatePanel } from './candidate-panel';
import { submitQuestion } from './evaluation-actions';
import {
  followPlanChoice,
  MethodFields,
  ScopeFields,
  SiteAndPeopleFields,
  usePlanChoice,
} from './plan-fields';
import { type EvaluationFormValues, STEP_TITLES, submitProblem, toEvaluationBody } from './step-form-values';

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
  const confirmOnce = useConfirmOnce();
  const [form] = Form.useForm<EvaluationFormValues>();
  const unsaved = useUnsavedForm(form);
  const [step, setStep] = useState(initialStep);
  // Why 提交审批 was refused: found missing here (checked again as the user types), or said by the server.
  const [problem, setProblem] = useState<{ message: string; missing: boolean } | null>(null);
  const currentValues = () => ({ ...initialValues, ...form.getFieldsValue(true) }) as EvaluationFormValues;

  const choice = usePlanChoice(form, options, initialValues);

  const save = useAction(async (submit: boolean) => {
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
    const values = currentValues();
    if (submit) {
      const missing = submitProblem(values, choice.scopeRow ?? undefined);
      if (missing) {
        setStep(missing.step);
        setProblem({ message: missing.message, missing: true });
        message.error(missing.message);
        return;
      }
    }
    const send = async () => {
      try {
        await unsaved.whileSaving(() => onSave(toEvaluationBody(values, submit), step));
      } catch (error) {
        setProblem({ message: errorMessage(error), missing: false });
      }
    };
    if (!submit) return send();
    // The same question as the list's 提交审批.
    confirmOnce({
      title: '提示',
      content: submitQuestion(values.name?.trim() ?? ''),
      okText: '确定',
      cancelText: '取消',
      onOk: send,
    });
  });

  return (
    <Form<EvaluationFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      aria-label="评价计划"
      onValuesChange={(changed: Partial<EvaluationFormValues>) => {
        // What was missing follows the form: gone once filled in, or the next thing missing.
        if (problem?.missing) {
          const missing = submitProblem(currentValues(), choice.scopeRow ?? undefined);
          setProblem(missing ? { message: missing.message, missing: true } : null);
        }
        followPlanChoice(form, changed);
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
          title={`还不能提交审批：${problem.message}`}
        />
      )}

      <div hidden={step !== 0}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="评价名称" rules={[draft(evaluationFields.name)]}>
              <Input placeholder="例如：2026年第一期电工四级评价" maxLength={100} />
            </Form.Item>
          </Col>
          <ScopeFields options={options} choice={choice} />
          <Col xs={24} md={12}>
            <Form.Item name="dates" label="考评日期">
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                placeholder={['开始日期', '结束日期']}
                disabledDate={outsideDateRange}
              />
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
        <MethodFields choice={choice} />
      </div>

      <div hidden={step !== 2}>
        <SiteAndPeopleFields choice={choice} />
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
              <Button type="primary" loading={saving || save.running} onClick={() => void save.run(false)}>
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
        <Button loading={saving || save.running} onClick={() => void save.run(false)}>
          保存草稿
        </Button>
        {/* The way forward stands out: 下一步 until the last step, then 提交审批. */}
        <Button
          type="primary"
          ghost={step < STEP_TITLES.length - 1}
          loading={saving || save.running}
          onClick={() => void save.run(true)}
        >
          提交审批
        </Button>
        <Button onClick={() => unsaved.confirmDiscard(onCancel)}>取消</Button>
      </Space>
    </Form>
  );
}
