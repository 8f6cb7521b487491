import {
  type EvaluationStatusValue,
  evaluationStatusColor,
  evaluationStatusText,
} from '@skill-cert/shared/level-evaluations';
import { Tag } from 'antd';

/** 草稿 … 已归档 in the contract's colours (list, detail, approvals). */
export function EvaluationStatusTag({ status }: { status: number }) {
  const s = status as EvaluationStatusValue;
  return <Tag color={evaluationStatusColor[s]}>{evaluationStatusText[s] ?? status}</Tag>;
}
