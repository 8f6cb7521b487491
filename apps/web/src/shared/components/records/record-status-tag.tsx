import { recordStatusText } from '@skill-cert/shared/record-status';
import { Tag } from 'antd';

const colors: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/** 草稿 / 待审核 / 已通过 / 已驳回 (the enterprise's list and pages, the platform's review queue). */
export function RecordStatusTag({ status }: { status: number }) {
  return <Tag color={colors[status]}>{recordStatusText[status] ?? status}</Tag>;
}
