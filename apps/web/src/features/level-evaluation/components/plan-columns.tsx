import { planScopeText } from '@skill-cert/shared/certificate';
import type { LevelEvaluationRow } from '@skill-cert/shared/levelEvaluation';
import { type TableColumnsType, Typography } from 'antd';
import { EvaluationStatusTag } from './evaluation-status-tag';

/** A plan number ends in YYYYMM and a 3-digit sequence, after the filing's record number. */
const PLAN_SEQUENCE_CHARS = 9;

/** 职业/工种 of a plan, '-' before one is chosen. */
export const scopeText = planScopeText;
/** 考评日期 of a plan. */
export const datesText = (p: Pick<LevelEvaluationRow, 'start_date' | 'end_date'>): string =>
  p.start_date ? `${p.start_date} 至 ${p.end_date ?? ''}` : '-';

/**
 * The columns of a plan row in every list of plans (等级评价, 评价审批): 计划编号 … 合格人数, then `extra`
 * (e.g. 提交人), then 状态. Each list adds its 操作.
 */
export function planColumns(
  extra: TableColumnsType<LevelEvaluationRow> = [],
): TableColumnsType<LevelEvaluationRow> {
  return [
    {
      title: '计划编号',
      dataIndex: 'plan_no',
      width: 160,
      ellipsis: false,
      // Two lines, the filing's record number then YYYYMM + sequence: the part that tells plans apart stays in view.
      render: (no: string | null) =>
        no ? (
          <span title={no}>
            {no.slice(0, -PLAN_SEQUENCE_CHARS)}
            <br />
            {no.slice(-PLAN_SEQUENCE_CHARS)}
          </span>
        ) : (
          <Typography.Text type="secondary">提交后生成</Typography.Text>
        ),
    },
    {
      title: '评价名称',
      dataIndex: 'name',
      render: (name: string) => name || <Typography.Text type="secondary">未命名</Typography.Text>,
    },
    { title: '职业/工种', key: 'occupation', width: 100, render: (_, r) => scopeText(r) },
    { title: '等级', dataIndex: 'level_name', width: 100, render: (t: string | null) => t ?? '-' },
    {
      // Two lines (start, end): the list fits a 1366-wide window with 状态 in view.
      title: '考评日期',
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
      width: 110,
      render: (status: number) => <EvaluationStatusTag status={status} />,
    },
  ];
}
