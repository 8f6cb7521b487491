import { certificateNoRange, occupationWorkTypeText } from '@skill-cert/shared/certificate';
import {
  type GrantDetail,
  type GrantStatusValue,
  grantStatusColor,
  grantStatusText,
} from '@skill-cert/shared/certificateGrant';
import { Descriptions, Tag } from 'antd';

/** 生成中 / 待确认 / 已发证 in the contract's colours. */
export function GrantStatusTag({ status }: { status: number }) {
  const s = status as GrantStatusValue;
  return (
    <Tag color={grantStatusColor[s]} data-status={status}>
      {grantStatusText[s] ?? status}
    </Tag>
  );
}

/** What the confirm and detail pages show of a grant. */
export function GrantSummary({ grant }: { grant: GrantDetail }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'plan_no', label: '计划编号', children: grant.plan_no ?? '-' },
        { key: 'evaluation', label: '评价名称', children: grant.evaluation_name },
        { key: 'occupation', label: '职业/工种', children: occupationWorkTypeText(grant) },
        { key: 'level', label: '职业技能等级', children: grant.level_name ?? '-' },
        { key: 'template', label: '证书模板', children: grant.template_name },
        { key: 'issue_date', label: '发证日期', children: grant.issue_date },
        {
          key: 'total',
          label: '证书数量',
          children: `${grant.total} 张（成功 ${grant.success_count}，失败 ${grant.failed_count}）`,
        },
        { key: 'numbers', label: '证书编号', children: certificateNoRange(grant) },
        { key: 'status', label: '状态', children: <GrantStatusTag status={grant.status} /> },
        { key: 'creator', label: '创建人', children: grant.created_by_name },
        { key: 'created', label: '创建时间', children: grant.create_time_str },
        { key: 'confirmed', label: '确认时间', children: grant.confirm_time_str ?? '-' },
      ]}
    />
  );
}
