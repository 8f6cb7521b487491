import { ProduceStatus, produceStatusText } from '@skill-cert/shared/custom-certificates';
import { Tag } from 'antd';

/** Production status of one certificate of any source: 0 待生成, 1 生成成功, 2 生成失败 (can be regenerated). */
const produceStatusColors: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** The 生成状态 filter of a certificate list. */
export const produceStatusOptions = [ProduceStatus.PENDING, ProduceStatus.DONE, ProduceStatus.FAILED].map(
  (value) => ({ value, label: produceStatusText[value] }),
);

/** The 生成状态 tag of a certificate (custom batches, grants, offline batches); `text` as the server wrote it. */
export function ProduceStatusTag({ status, text }: { status: number; text?: string | null }) {
  return (
    <Tag color={produceStatusColors[status] ?? 'default'} data-status={status}>
      {text || produceStatusText[status] || '-'}
    </Tag>
  );
}
