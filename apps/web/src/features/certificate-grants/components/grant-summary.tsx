import { type GrantDetail, grantStatusColor, grantStatusText } from '@skill-cert/shared/certificate-grants';
import { SourceSummary } from '@/shared/components/certificate-file/source-summary';
import { PlanNo } from '@/shared/components/plan-no';
import { StatusTag } from '@/shared/components/status-tag';

/** 生成中 / 待确认 / 已发证 in the contract's colours. */
export const GrantStatusTag = ({ status }: { status: number }) => (
  <StatusTag status={status} text={grantStatusText} color={grantStatusColor} />
);

/** What the confirm and detail pages show of a grant. */
export function GrantSummary({ grant }: { grant: GrantDetail }) {
  return (
    <SourceSummary
      source={grant}
      status={<GrantStatusTag status={grant.status} />}
      head={[
        { key: 'plan_no', label: '计划编号', children: <PlanNo value={grant.plan_no} /> },
        { key: 'evaluation', label: '评价名称', children: grant.evaluation_name },
      ]}
      files={[
        {
          key: 'total',
          label: '证书数量',
          children: `${grant.total} 张（成功 ${grant.success_count}，失败 ${grant.failed_count}）`,
        },
      ]}
      tail={[{ key: 'confirmed', label: '确认时间', children: grant.confirm_time_str ?? '-' }]}
    />
  );
}
