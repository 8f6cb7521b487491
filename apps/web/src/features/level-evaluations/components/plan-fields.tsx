import {
  EvaluationMethod,
  type EvaluationOptions,
  evaluationMethodText,
  qualificationFits,
  qualificationMismatch,
} from '@skill-cert/shared/level-evaluations';
import { occupationRequiresComprehensive, skillLevelName } from '@skill-cert/shared/occupations';
import {
  Alert,
  Checkbox,
  Col,
  Form,
  type FormInstance,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { type EvaluationFormValues, METHODS, scopeKey, withRequiredMethods } from './step-form-values';

type Filing = EvaluationOptions['filings'][number];
type ScopeRow = Filing['scopes'][number];

/** What the chosen filing and scope allow, followed as the form changes. */
export interface PlanChoice {
  filing: Filing | null;
  scopeRow: ScopeRow | null;
  comprehensiveForced: boolean;
  methodValues: EvaluationFormValues['methods'];
  /** Examiners whose filed qualification does not name the chosen occupation: offered, with a warning. */
  unfit: Set<string>;
  unfitChosen: Filing['examiners'];
  people: {
    examiners: { label: string; value: string }[];
    supervisors: { label: string; value: string }[];
  };
}

export const COMPREHENSIVE_REASON = '二级、一级的评价须包含综合评审';

/** The filing, scope, level and people the plan form holds now (an evaluation's step form, a test plan's basics). */
export function usePlanChoice(
  form: FormInstance<EvaluationFormValues>,
  options: EvaluationOptions,
  initialValues: EvaluationFormValues,
): PlanChoice {
  const filingId = Form.useWatch('record_application_id', form) ?? initialValues.record_application_id;
  const scope = Form.useWatch('scope', form) ?? initialValues.scope;
  const level = Form.useWatch('level', form) ?? initialValues.level;
  const methodValues = Form.useWatch('methods', form) ?? initialValues.methods;
  const examinerIds: string[] = Form.useWatch('examiner_ids', form) ?? initialValues.examiner_ids ?? [];
  const filing = options.filings.find((f) => f._id === filingId) ?? null;
  const scopeRow = filing?.scopes.find((s) => scopeKey(s.occupation_code, s.work_type) === scope) ?? null;
  const unfit = useMemo(
    () =>
      new Set(
        scopeRow
          ? (filing?.examiners ?? [])
              .filter((p) => !qualificationFits(p.qualification, scopeRow))
              .map((p) => p._id)
          : [],
      ),
    [filing, scopeRow],
  );
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
  return {
    filing,
    scopeRow,
    comprehensiveForced: Boolean(level && occupationRequiresComprehensive(scopeRow ?? undefined, level)),
    methodValues,
    unfit,
    unfitChosen: (filing?.examiners ?? []).filter((p) => unfit.has(p._id) && examinerIds.includes(p._id)),
    people,
  };
}

/** What a change of the filing, scope or level clears or locks below it (`onValuesChange` of the plan form). */
export function followPlanChoice(
  form: FormInstance<EvaluationFormValues>,
  changed: Partial<EvaluationFormValues>,
): void {
  if ('record_application_id' in changed)
    form.setFieldsValue({ scope: null, level: null, site_id: null, examiner_ids: [], supervisor_ids: [] });
  if ('scope' in changed) form.setFieldsValue({ level: null });
  if ('level' in changed)
    form.setFieldsValue({ methods: withRequiredMethods(form.getFieldValue('methods'), changed.level) });
}

/** 备案, 职业/工种, 评价等级: the scope inside an approved filing (half-width columns). */
export function ScopeFields({ options, choice }: { options: EvaluationOptions; choice: PlanChoice }) {
  const { filing, scopeRow } = choice;
  return (
    <>
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
            // An occupation disabled in 职业目录 is offered for no new plan; the one this plan holds stays, marked.
            options={(filing?.scopes ?? [])
              .filter((s) => s.enabled || s === scopeRow)
              .map((s) => ({
                label: `${s.occupation_name}${s.work_type ? `/${s.work_type}` : ''}${s.enabled ? '' : '（已停用）'}`,
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
    </>
  );
}

/** The methods with their full and pass marks; levels 2 and 1 have 综合评审 ticked and locked. */
export function MethodFields({ choice }: { choice: PlanChoice }) {
  const { comprehensiveForced, methodValues } = choice;
  return (
    <>
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
    </>
  );
}

/** 考核场地, 考评员 (warned when a qualification does not name the occupation), 质量督导员: people of the filing. */
export function SiteAndPeopleFields({ choice }: { choice: PlanChoice }) {
  const { filing, scopeRow, unfit, unfitChosen, people } = choice;
  return (
    <>
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
          <Form.Item
            name="examiner_ids"
            label="考评员"
            validateStatus={unfitChosen.length && scopeRow ? 'warning' : undefined}
            help={
              unfitChosen.length && scopeRow
                ? qualificationMismatch(unfitChosen, scopeRow.occupation_name)
                : undefined
            }
          >
            <Select
              mode="multiple"
              placeholder="请选择备案中的考评员"
              disabled={!filing}
              options={people.examiners}
              optionFilterProp="label"
              optionRender={(option) => (
                <Space size={4}>
                  {option.label}
                  {unfit.has(option.value as string) && <Tag color="warning">资格与本计划职业不符</Tag>}
                </Space>
              )}
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
    </>
  );
}
