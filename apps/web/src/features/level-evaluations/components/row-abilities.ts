import { EvaluationStatus, isPlanEditable } from '@skill-cert/shared/level-evaluations';

/**
 * The list's actions by state (a row has no `abilities`; the detail has them and the server checks every
 * action again): 编辑 and 提交审批 in 草稿 / 已驳回, 删除 in 草稿, 录入成绩 in 进行中.
 */
export const rowAbilities = (status: number) => ({
  edit: isPlanEditable(status),
  submit: isPlanEditable(status),
  delete: status === EvaluationStatus.DRAFT,
  scores: status === EvaluationStatus.IN_PROGRESS,
});
