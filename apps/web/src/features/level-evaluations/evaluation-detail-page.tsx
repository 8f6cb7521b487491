import { Button } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { useEvaluation } from './api/plans';
import { useRefreshOnEvaluationNews } from './api/use-refresh-on-news';
import { useEvaluationActions } from './components/evaluation-actions';
import { EvaluationDetailContent, isDetailTab } from './components/evaluation-detail-content';
import { EvaluationStatusTag } from './components/evaluation-status-tag';
import { GrantCertificatesButton } from './components/grant-button';

/**
 * 评价详情: the plan's tabs and what the caller may do now (编辑, 提交审批, 提交成绩审核, 删除), each confirmed; 发放证书
 * on an 已通过 plan (the grant page says when it cannot start).
 */
export function EvaluationDetailPage() {
  const { id = '' } = useParams();
  const { state } = useLocation() as { state: { tab?: string } | null };
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const plan = useEvaluation(id);
  useRefreshOnEvaluationNews();
  const { confirmDelete, confirmSubmit, confirmSubmitResults } = useEvaluationActions();

  if (plan.isError) return <GatedLoadError error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <PageLoading />;
  const detail = plan.data;
  const can = detail.abilities;
  // `?tab=` from a message's link (准考证已生成 opens 座位与准考证), else the state of an in-app link.
  const tab = state?.tab ?? search.get('tab');
  return (
    <PageCard
      title={
        <>
          {detail.name || '未命名评价'}
          <EvaluationStatusTag status={detail.status} />
        </>
      }
      actions={
        <>
          {can.can_edit && (
            <Button onClick={() => navigate(`/evaluation-list/edit/${detail._id}`)}>编辑</Button>
          )}
          {can.can_submit && (
            <Button type="primary" onClick={() => confirmSubmit(detail)}>
              提交审批
            </Button>
          )}
          {can.can_submit_results && (
            <Button type="primary" onClick={() => confirmSubmitResults(detail)}>
              提交成绩审核
            </Button>
          )}
          <GrantCertificatesButton plan={detail} onGo={(to) => navigate(to)} />
          {can.can_delete && (
            <Button danger onClick={() => confirmDelete(detail, () => navigate('/evaluation-list'))}>
              删除
            </Button>
          )}
          <Button onClick={() => navigate('/evaluation-list')}>返回列表</Button>
        </>
      }
    >
      <EvaluationDetailContent
        plan={detail}
        initialTab={isDetailTab(tab) ? tab : 'basics'}
        examTasks
        logistics
      />
    </PageCard>
  );
}
