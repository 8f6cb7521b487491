import {
  type ArchiveRow,
  archiveStatusColor,
  archiveStatusText,
  EXPIRING_WITHIN_DAYS,
} from '@skill-cert/shared/archives';
import { planScopeText } from '@skill-cert/shared/certificates';
import { Tag, Typography } from 'antd';
import { StatusTag } from '@/shared/components/status-tag';

/** 整理中 / 已归档 in the contract's colours. */
export const ArchiveStatusTag = ({ status }: { status: number }) => (
  <StatusTag status={status} text={archiveStatusText} color={archiveStatusColor} />
);

/** 职业/工种 of an archive's plan, '-' without one. */
export const scopeText = planScopeText;

/** The filter of archives whose retention ends within 90 days (or has ended), and the warning's explanation. */
export const EXPIRING_TEXT = `${EXPIRING_WITHIN_DAYS} 天内到期`;
/** The warning tag beside such a retention (short: a list cell holds it on the line of the paper date). */
const EXPIRING_TAG = '即将到期';

type Retention = Pick<
  ArchiveRow,
  | 'paper_retention_years'
  | 'electronic_retention_years'
  | 'paper_retention_until'
  | 'electronic_retention_until'
  | 'expiring'
>;

/**
 * The retention of an archive in a list cell, two lines: until when (纸质, 电子) once sealed, with the warning tag
 * when it ends soon; while open, how many years from the seal.
 */
export function RetentionCell({ archive: r }: { archive: Retention }) {
  if (!r.paper_retention_until)
    return (
      <div>
        <div>{`纸质 ${r.paper_retention_years} 年 · 电子 ${r.electronic_retention_years} 年`}</div>
        <Typography.Text type="secondary">自归档起算</Typography.Text>
      </div>
    );
  return (
    <div>
      <div>
        <span>{`纸质至 ${r.paper_retention_until}`}</span>
        {r.expiring && (
          <Tag
            color="warning"
            title={`保管期限${EXPIRING_TEXT}`}
            style={{ marginLeft: 6, marginInlineEnd: 0, paddingInline: 4, fontSize: 12 }}
          >
            {EXPIRING_TAG}
          </Tag>
        )}
      </div>
      <div>{`电子至 ${r.electronic_retention_until ?? '-'}`}</div>
    </div>
  );
}
