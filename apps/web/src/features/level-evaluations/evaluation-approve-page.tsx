import { EvaluationStatus, type LevelEvaluationRow } from '@skill-cert/shared/level-evaluations';
import { Alert, Button, type TableColumnsType, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { isNoFiling, NoFilingResult } from '@/shared/components/no-filing/no-filing';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { type ApprovalQuery, type ApprovalType, useApprovals } from './api/approvals';
import { useEvaluations } from './api/plans';
import { useRefreshOnEvaluationNews } from './api/use-refresh-on-news';
import { grantPagePath } from './components/grant-button';
import { planColumns } from './components/plan-columns';

/** The approvals' tabs, and 待发证: the 已通过 plans, from which certificates are granted. */
type Tab = ApprovalType | 'grant';
type ApprovalFilters = Omit<ApprovalQuery, 'page' | 'per_page' | 'type'> & { type: Tab };

const TAB_TITLES: Record<Tab, string> = {
  plan: '计划审批',
  results: '成绩审核',
  changes: '成绩修改',
  grant: '待发证',
};

/**
 * 评价审批: plans, results and score changes waiting for the caller, with counts in the tab titles; 待发证 lists the
 * 已通过 plans with 发放证书. A member is told that only the administrator approves and sees what waits, read-only.
 */
export function EvaluationApprovePage() {
  const navigate = useNavigate();
  const admin = useIsCompanyAdmin();
  const paged = usePagedSearch<ApprovalFilters>({ type: 'plan', keyword: '' });
  const { type, ...rest } = paged.query;
  const granting = type === 'grant';
  const approvals = useApprovals({ ...rest, type: granting ? 'plan' : type }, !granting);
  // 待发证's count, without the keyword like the other tabs' counts; its page when it is the tab on show.
  const passedCount = useEvaluations({ keyword: '', status: EvaluationStatus.PASSED, page: 1, per_page: 10 });
  const passed = useEvaluations({ ...rest, status: EvaluationStatus.PASSED }, granting);
  const result = granting ? passed : approvals;
  useRefreshOnEvaluationNews();
  const counts = { ...approvals.data?.counts, grant: passedCount.data?.meta.total };

  const columns: TableColumnsType<LevelEvaluationRow> = [
    ...planColumns([{ title: '提交人', dataIndex: 'create_user_name', width: 90 }]),
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) =>
        !admin ? (
          <Button
            type="link"
            size="small"
            onClick={() =>
              navigate(`/evaluation-approve/detail/${r._id}`, {
                state: { tab: paged.filters.type === 'plan' || granting ? 'basics' : 'scores' },
              })
            }
          >
            查看
          </Button>
        ) : granting ? (
          <Button type="link" size="small" onClick={() => navigate(grantPagePath(r._id))}>
            发放证书
          </Button>
        ) : (
          <Button
            type="link"
            size="small"
            onClick={() =>
              navigate(`/evaluation-approve/detail/${r._id}`, {
                state: { tab: paged.filters.type === 'plan' ? 'basics' : 'scores' },
              })
            }
          >
            审批
          </Button>
        ),
    },
  ];

  return (
    <ListPageCard title="评价审批">
      {result.isError && isNoFiling(result.error) ? (
        <NoFilingResult error={result.error} />
      ) : (
        <>
          {!admin && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="仅企业管理员可以审批评价计划、审核成绩和成绩修改"
              description="以下是等待管理员处理的事项，仅供查看。"
            />
          )}
          <Tabs
            activeKey={paged.filters.type}
            onChange={(type) => paged.search({ ...paged.filters, type: type as Tab })}
            items={(Object.keys(TAB_TITLES) as Tab[]).map((type) => ({
              key: type,
              label: `${TAB_TITLES[type]}（${counts?.[type] ?? 0}）`,
            }))}
          />
          <PagedSearchTable<LevelEvaluationRow, ApprovalFilters>
            searchLabel="审批搜索"
            paged={paged}
            result={result}
            columns={columns}
            locale={{
              emptyText: granting ? '暂无待发证的评价' : `暂无待${TAB_TITLES[paged.filters.type]}的评价`,
            }}
            filters={[{ name: 'keyword', label: '关键词', placeholder: '评价名称或计划编号', width: 220 }]}
          />
        </>
      )}
    </ListPageCard>
  );
}
