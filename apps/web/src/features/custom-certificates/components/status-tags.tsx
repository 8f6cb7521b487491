import {
  type CustomCertificateBatch,
  type CustomCertificateRow,
  certificateHandleStatusText,
} from '@skill-cert/shared/custom-certificates';
import { Tag } from 'antd';
import { ProduceStatusTag as Produce } from '@/shared/components/produce-status-tag';

/** Handling status of a batch (spec §4): 0 primary, 1 success, 2 danger. */
const handleStatusColors: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

export function HandleStatusTag({
  batch,
}: {
  batch: Pick<CustomCertificateBatch, 'certificate_handle_status' | 'certificate_handle_status_value'>;
}) {
  const status = batch.certificate_handle_status;
  return (
    <Tag color={handleStatusColors[status] ?? 'default'} data-status={status}>
      {batch.certificate_handle_status_value || certificateHandleStatusText[status] || '-'}
    </Tag>
  );
}

export function ProduceStatusTag({
  row,
}: {
  row: Pick<
    CustomCertificateRow,
    'custom_certificate_produce_status' | 'custom_certificate_produce_status_value'
  >;
}) {
  return (
    <Produce
      status={row.custom_certificate_produce_status}
      text={row.custom_certificate_produce_status_value}
    />
  );
}
