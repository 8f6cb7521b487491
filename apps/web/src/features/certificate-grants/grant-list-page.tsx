import { type GrantRow, GrantStatus, grantStatusText } from '@skill-cert/shared/certificate-grants';
import { occupationWorkTypeText } from '@skill-cert/shared/certificates';
import { ALL_SKILL_LEVELS, skillLevelNames } from '@skill-cert/shared/occupations';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CutText } from '@/shared/components/list-table/cut-text';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { PlanNo } from '@/shared/components/plan-no';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useGrants, useRefreshOnGrantDone } from './api/grants';
import { GrantStatusTag } from './components/grant-summary';

interface GrantFilters {
  keyword: string;
  status: number | null;
  level: number | null;
}

const statusOptions = [GrantStatus.GENERATING, GrantStatus.TO_CONFIRM, GrantStatus.GRANTED].map((value) => ({
  value,
  label: grantStatusText[value],
}));
const levelOptions = ALL_SKILL_LEVELS.map((value) => ({ value, label: skillLevelNames[value] }));

/**
 * 证书发放 (`/grant-certificate`): every grant of the company (evaluation, template, count, status, dates) in the
 * list kit's search table; 确认发证 for one 待确认 (查看进度 while it renders), 详情 for every one.
 */
export function GrantListPage() {
  const navigate = useNavigate();
  const paged = usePagedSearch<GrantFilters>({ keyword: '', status: null, level: null });
  const grants = useGrants(paged.query);
  useRefreshOnGrantDone();

  const columns: TableColumnsType<GrantRow> = [
    {
      // Two lines, the name (cut, whole on hover) then the plan number whole.
      title: '评价计划',
      key: 'evaluation',
      ellipsis: false,
      render: (_, r) => (
        <span>
          <CutText text={r.evaluation_name} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <PlanNo value={r.plan_no} />
          </Typography.Text>
        </span>
      ),
    },
    { title: '职业/工种', key: 'occupation', width: 110, render: (_, r) => occupationWorkTypeText(r) },
    { title: '等级', dataIndex: 'level_name', width: 100, render: (t: string | null) => t ?? '-' },
    { title: '证书模板', dataIndex: 'template_name', width: 130 },
    {
      // Granted: the count; before: generated / all, and the failures on a second line.
      title: '证书数量',
      key: 'total',
      width: 100,
      ellipsis: false,
      render: (_, r) =>
        r.status === GrantStatus.GRANTED ? (
          r.total
        ) : (
          <span>
            {r.success_count}/{r.total}
            {r.failed_count > 0 && (
              <>
                <br />
                <Typography.Text type="danger">失败 {r.failed_count}</Typography.Text>
              </>
            )}
          </span>
        ),
    },
    { title: '发证日期', dataIndex: 'issue_date', width: 105 },
    { title: '状态', key: 'status', width: 85, render: (_, r) => <GrantStatusTag status={r.status} /> },
    {
      // Two lines, created then confirmed, to the minute (who created it: on the detail).
      title: '创建 / 确认',
      key: 'times',
      width: 150,
      ellipsis: false,
      render: (_, r) => (
        <span>
          {r.create_time_str.slice(0, 16)}
          <br />
          <Typography.Text type="secondary">
            {r.confirm_time_str ? r.confirm_time_str.slice(0, 16) : '未确认'}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space size={0}>
          {r.status !== GrantStatus.GRANTED && (
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`/grant-certificate/confirm-add/${r._id}`)}
            >
              {r.status === GrantStatus.TO_CONFIRM ? '确认发证' : '查看进度'}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/grant-certificate/detail/${r._id}`)}>
            详情
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPageCard title="证书发放">
      <PagedSearchTable<GrantRow, GrantFilters>
        searchLabel="发证搜索"
        paged={paged}
        result={grants}
        columns={columns}
        locale={{ emptyText: '暂无发证记录，可在“评价审批”的待发证中为已通过的评价发放证书' }}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '评价名称或计划编号', width: 200 },
          { name: 'status', label: '状态', options: statusOptions, width: 120 },
          { name: 'level', label: '等级', options: levelOptions, width: 140 },
        ]}
      />
    </ListPageCard>
  );
}
