import {
  type ArchiveRow,
  type ArchiveStatusValue,
  archiveStatusColor,
  archiveStatusText,
  EXPIRING_WITHIN_DAYS,
} from '@skill-cert/shared/archive';
import { Space, Tag, Typography } from 'antd';

/** 整理中 / 已归档 in the contract's colours. */
export function ArchiveStatusTag({ status }: { status: number }) {
  const s = status as ArchiveStatusValue;
  return (
    <Tag color={archiveStatusColor[s]} data-status={status}>
      {archiveStatusText[s] ?? status}
    </Tag>
  );
}

/** 职业/工种 of an archive's plan, '-' without one. */
export const scopeText = (a: Pick<ArchiveRow, 'occupation_name' | 'work_type'>): string =>
  a.occupation_name ? `${a.occupation_name}${a.work_type ? `/${a.work_type}` : ''}` : '-';

/** The warning of an archive whose retention ends within 90 days (or has ended). */
export const EXPIRING_TEXT = `${EXPIRING_WITHIN_DAYS} 天内到期`;

type Retention = Pick<
  ArchiveRow,
  | 'paper_retention_years'
  | 'electronic_retention_years'
  | 'paper_retention_until'
  | 'electronic_retention_until'
  | 'expiring'
>;

/** 纸质 and 电子: until when once sealed; while open, how many years from the seal. */
export const retentionLines = (r: Retention): [string, string] =>
  r.paper_retention_until
    ? [`纸质至 ${r.paper_retention_until}`, `电子至 ${r.electronic_retention_until ?? '-'}`]
    : [`纸质 ${r.paper_retention_years} 年`, `电子 ${r.electronic_retention_years} 年`];

/** The retention of an archive in a list cell: two lines, and the warning tag when it ends soon. */
export function RetentionCell({ archive }: { archive: Retention }) {
  const [paper, electronic] = retentionLines(archive);
  return (
    <Space orientation="vertical" size={2}>
      <span>{paper}</span>
      <span>{electronic}</span>
      {archive.paper_retention_until === null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          自归档起算
        </Typography.Text>
      )}
      {archive.expiring && <Tag color="warning">{EXPIRING_TEXT}</Tag>}
    </Space>
  );
}
