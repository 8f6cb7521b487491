import { planScopeText } from '@skill-cert/shared/certificates';
import type { LevelEvaluationRow } from '@skill-cert/shared/level-evaluations';
import { type TableColumnsType, Typography } from 'antd';
import { PlanNo } from '@/shared/components/plan-no';
import { EvaluationStatusTag } from './evaluation-status-tag';

/**
 * A plan number whole on one line (the record number, YYYYMM, a 3-digit sequence: 25 characters at 13 px) and the
 * padding: with 状态 still in view beside the fixed 操作 at 1366 px.
 */
export const PLAN_NO_WIDTH = 208;
export const PLAN_NO_STYLE = { fontSize: 13 } as const;

/** 职业/工种 of a plan, '-' before one is chosen. */
export const scopeText = planScopeText;
/** 考评日期 of a plan. */
export const datesText = (p: Pick<LevelEvaluationRow, 'start_date' | 'end_date'>): string =>
  p.start_date ? `${p.start_date} 至 ${p.end_date ?? ''}` : '-';

/** What a list calls a plan's name and dates: an evaluation's, or a test plan's (考试计划名称, 考试日期). */
export interface PlanLabels {
  name: string;
  dates: string;
}
const EVALUATION_LABELS: PlanLabels = { name: '评价名称', dates: '考评日期' };
export const TEST_PLAN_LABELS: PlanLabels = { name: '考试计划名称', dates: '考试日期' };

/**
 * The columns of a plan row in every list of plans (等级评价, 评价审批, 考试计划): 计划编号 … 合格人数, then `extra`
 * (e.g. 提交人), then 状态. Each list adds its 操作.
 */
export function planColumns<Row extends LevelEvaluationRow = LevelEvaluationRow>(
  extra: TableColumnsType<Row> = [],
  labels: PlanLabels = EVALUATION_LABELS,
): TableColumnsType<Row> {
  return [
    {
      title: '计划编号',
      dataIndex: 'plan_no',
      width: PLAN_NO_WIDTH,
      ellipsis: false,
      render: (no: string | null) => (
        <span style={PLAN_NO_STYLE}>
          <PlanNo value={no} empty={<Typography.Text type="secondary">提交后生成</Typography.Text>} />
        </span>
      ),
    },
    {
      title: labels.name,
      dataIndex: 'name',
      render: (name: string) => name || <Typography.Text type="secondary">未命名</Typography.Text>,
    },
    { title: '职业/工种', key: 'occupation', width: 100, render: (_, r) => scopeText(r) },
    { title: '等级', dataIndex: 'level_name', width: 100, render: (t: string | null) => t ?? '-' },
    {
      // Two lines (start, end): the list fits a 1366-wide window with 状态 in view.
      title: labels.dates,
      key: 'dates',
      width: 110,
      ellipsis: false,
      render: (_, r) =>
        r.start_date ? (
          <span title={datesText(r)}>
            {r.start_date}
            <br />至 {r.end_date ?? ''}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: '考生/合格',
      key: 'counts',
      width: 85,
      render: (_, r) => `${r.candidate_count} / ${r.pass_count}`,
    },
    ...extra,
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (status: number) => <EvaluationStatusTag status={status} />,
    },
  ];
}
