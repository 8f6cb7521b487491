import { certificateNoRange, occupationWorkTypeText } from '@skill-cert/shared/certificates';
import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';

type Items = NonNullable<DescriptionsProps['items']>;

/**
 * What the confirm and detail pages show of a source of certificates (a grant, an offline batch): what names it
 * (`head`), 职业/工种 and 职业技能等级, what was evaluated where (`scope`), the template and issue date, its files or
 * counts (`files`), the 证书编号 range, its state, who created it and when, and its last step (`tail`).
 */
export function SourceSummary({
  source,
  status,
  head,
  scope = [],
  files,
  tail,
}: {
  source: {
    occupation_name: string | null;
    work_type: string | null;
    level_name: string | null;
    template_name: string;
    issue_date: string;
    first_no: string | null;
    last_no: string | null;
    created_by_name: string;
    create_time_str: string;
  };
  status: ReactNode;
  head: Items;
  scope?: Items;
  files: Items;
  tail: Items;
}) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      style={{ marginBottom: 16 }}
      items={[
        ...head,
        { key: 'occupation', label: '职业/工种', children: occupationWorkTypeText(source) },
        { key: 'level', label: '职业技能等级', children: source.level_name ?? '-' },
        ...scope,
        { key: 'template', label: '证书模板', children: source.template_name },
        { key: 'issue_date', label: '发证日期', children: source.issue_date },
        ...files,
        { key: 'numbers', label: '证书编号', children: certificateNoRange(source) },
        { key: 'status', label: '状态', children: status },
        { key: 'creator', label: '创建人', children: source.created_by_name },
        { key: 'created', label: '创建时间', children: source.create_time_str },
        ...tail,
      ]}
    />
  );
}
