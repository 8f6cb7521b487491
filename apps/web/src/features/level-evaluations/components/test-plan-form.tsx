import {
  type EvaluationOptions,
  evaluationFields,
  MAX_PUBLICITY_DAYS,
  type TestPlanDetail,
  testPlanBody,
} from '@skill-cert/shared/level-evaluations';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Row,
  Space,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { draftRule, outsideDateRange } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useSaveTestPlan } from '../api/test-plans';
import { PlanBasics } from './evaluation-detail-content';
import { TEST_PLAN_LABELS } from './plan-columns';
import {
  followPlanChoice,
  MethodFields,
  ScopeFields,
  SiteAndPeopleFields,
  usePlanChoice,
} from './plan-fields';
import { type EvaluationFormValues, toEvaluationBody, toEvaluationFormValues } from './step-form-values';

/** The evaluation's form values and the registration window (报名时间). */
export interface TestPlanFormValues extends EvaluationFormValues {
  registration?: [Dayjs | null, Dayjs | null] | null;
}

export const toTestPlanFormValues = (d: TestPlanDetail): TestPlanFormValues => ({
  ...toEvaluationFormValues(d),
  registration: d.registration_start_date
    ? [dayjs(d.registration_start_date), d.registration_end_date ? dayjs(d.registration_end_date) : null]
    : null,
});

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** The body of `PATCH /api/testPlans/{id}`: the evaluation's, with the registration window. */
export function toTestPlanBody(v: TestPlanFormValues) {
  const { submit: _submit, ...plan } = toEvaluationBody(v, false);
  return {
    ...plan,
    registration_start_date: day(v.registration?.[0]),
    registration_end_date: day(v.registration?.[1]),
  };
}

/** The form field a rule of the shared body names (its issue's path). */
const FIELD_OF: Record<string, keyof TestPlanFormValues> = {
  name: 'name',
  start_date: 'dates',
  end_date: 'dates',
  registration_start_date: 'registration',
  registration_end_date: 'registration',
  publicity_days: 'publicity_days',
  remark: 'remark',
};

const draft = (schema: Parameters<typeof draftRule>[0]) => draftRule(schema, () => false);

/** A test plan's name: required, at most 100 characters (the evaluation's rule, in the plan's own words). */
export const TEST_PLAN_NAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: '请输入考试计划名称' },
  { max: 100, message: '考试计划名称不能超过100个字符' },
];

/**
 * 基本信息 of a test plan. In 草稿: the plan's scope inside an approved filing, methods with full and pass marks,
 * 报名时间, 考试日期, 公示天数, site and people (the evaluation's fields), saved with 保存 (the shared body's rules
 * checked first: the registration closes before the exam starts). Afterwards: its facts.
 */
export function TestPlanBasics({
  plan,
  options,
}: {
  plan: TestPlanDetail;
  options: EvaluationOptions | undefined;
}) {
  if (!plan.abilities.can_edit || !options) return <TestPlanFacts plan={plan} />;
  return <TestPlanForm key={plan.update_time_str} plan={plan} options={options} />;
}

function TestPlanFacts({ plan }: { plan: TestPlanDetail }) {
  return (
    <PlanBasics
      plan={plan}
      labels={TEST_PLAN_LABELS}
      extra={
        <Descriptions.Item label="报名时间">
          {plan.registration_start_date
            ? `${plan.registration_start_date} 至 ${plan.registration_end_date ?? ''}`
            : '-'}
        </Descriptions.Item>
      }
    />
  );
}

function TestPlanForm({ plan, options }: { plan: TestPlanDetail; options: EvaluationOptions }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TestPlanFormValues>();
  const unsaved = useUnsavedForm(form);
  const save = useSaveTestPlan();
  const [initialValues] = useState(() => toTestPlanFormValues(plan));
  const choice = usePlanChoice(form, options, initialValues);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = useAction(async () => {
    setProblem(null);
    if (!(await form.validateFields().catch(() => null))) {
      message.error('请检查填写的内容');
      return;
    }
    const body = toTestPlanBody({ ...initialValues, ...form.getFieldsValue(true) });
    // The shared rules of the fields typed here (dates in order, the registration closing before the exam); the
    // server checks the rest (ids of the filing's people) and says so.
    const checked = testPlanBody.safeParse(
      Object.fromEntries(Object.keys(FIELD_OF).map((key) => [key, body[key as keyof typeof body]])),
    );
    const issue = checked.error?.issues.find((i) => FIELD_OF[String(i.path[0] ?? '')]);
    if (issue) {
      form.setFields([{ name: FIELD_OF[String(issue.path[0])], errors: [issue.message] }]);
      return;
    }
    try {
      await unsaved.whileSaving(() => save.mutateAsync({ id: plan._id, body }));
      message.success('保存成功');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });

  return (
    <Form<TestPlanFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      aria-label="考试计划基本信息"
      onValuesChange={(changed: Partial<TestPlanFormValues>) => followPlanChoice(form, changed)}
    >
      {problem && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblem(null)}
          style={{ marginBottom: 16 }}
          title={problem}
        />
      )}
      <Card size="small" title="基本信息" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="考试计划名称" rules={TEST_PLAN_NAME_RULES}>
              <Input placeholder="例如：2026年第一期电工四级考试" maxLength={100} />
            </Form.Item>
          </Col>
          <ScopeFields options={options} choice={choice} />
          <Col xs={24} md={12}>
            <Form.Item name="registration" label="报名时间" extra="报名截止日期不能晚于考试开始日期">
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                placeholder={['报名开始日期', '报名截止日期']}
                disabledDate={outsideDateRange}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dates" label="考试日期">
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
              <Input.TextArea rows={2} maxLength={500} placeholder="选填" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title="评价方式" style={{ marginBottom: 16 }}>
        <MethodFields choice={choice} />
      </Card>
      <Card size="small" title="场地与人员" style={{ marginBottom: 16 }}>
        <SiteAndPeopleFields choice={choice} />
      </Card>
      <Space wrap>
        <Button type="primary" loading={submit.running} onClick={() => void submit.run()}>
          保存
        </Button>
        <Button
          onClick={() =>
            unsaved.confirmDiscard(() => {
              form.resetFields();
              setProblem(null);
            })
          }
        >
          放弃修改
        </Button>
      </Space>
    </Form>
  );
}
