import type { LevelEvaluationRow } from '@skill-cert/shared/levelEvaluation';
import { Button, type TableColumnsType, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { type ApprovalQuery, type ApprovalType, useApprovals } from './api/approvals';
import { useRefreshOnEvaluationNews } from './api/use-refresh-on-news';
import { isNoFiling, NoFilingResult } from './components/no-filing';
import { planColumns } from './components/plan-columns';

type ApprovalFilters = Omit<ApprovalQuery, 'page' | 'per_page'>;

const TAB_TITLES: Record<ApprovalType, string> = {
  plan: '计划审批',
  results: '成绩审核',
  changes: '成绩修改',
};

/** 评价审批: plans, results and score changes waiting for the caller, with counts in the tab titles. */
export function EvaluationApprovePage() {
  const navigate = useNavigate();
  const paged = usePagedSearch<ApprovalFilters>({ type: 'plan', keyword: '' });
  const approvals = useApprovals(paged.query);
  useRefreshOnEvaluationNews();
  const counts = approvals.data?.counts;

  const columns: TableColumnsType<LevelEvaluationRow> = [
    ...planColumns([{ title: '提交人', dataIndex: 'create_user_name', width: 90 }]),
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) => (
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
      {approvals.isError && isNoFiling(approvals.error) ? (
        <NoFilingResult error={approvals.error} />
      ) : (
        <>
          <Tabs
            activeKey={paged.filters.type}
            onChange={(type) => paged.search({ ...paged.filters, type: type as ApprovalType })}
            items={(Object.keys(TAB_TITLES) as ApprovalType[]).map((type) => ({
              key: type,
              label: `${TAB_TITLES[type]}（${counts?.[type] ?? 0}）`,
            }))}
          />
          <PagedSearchTable<LevelEvaluationRow, ApprovalFilters>
            searchLabel="审批搜索"
            paged={paged}
            result={approvals}
            columns={columns}
            locale={{ emptyText: `暂无待${TAB_TITLES[paged.filters.type]}的评价` }}
            filters={[{ name: 'keyword', label: '关键词', placeholder: '评价名称或计划编号', width: 220 }]}
          />
        </>
      )}
    </ListPageCard>
  );
}
