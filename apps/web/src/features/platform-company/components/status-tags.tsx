import { recordStatusText } from '@skill-cert/shared/recordApplication';
import { Tag } from 'antd';

const recordColors: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/** 待审核 / 已通过 / 已驳回 (the platform never sees 草稿). */
export function RecordStatusTag({ status }: { status: number }) {
  return <Tag color={recordColors[status]}>{recordStatusText[status] ?? status}</Tag>;
}

/** 正常 / 已冻结. */
export function CompanyStatusTag({ status }: { status: number }) {
  return status ? <Tag color="success">正常</Tag> : <Tag color="error">已冻结</Tag>;
}
