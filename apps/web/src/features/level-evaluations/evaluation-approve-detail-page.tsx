import { EvaluationStatus, type LevelEvaluationDetail } from '@skill-cert/shared/level-evaluations';
import { Alert, App, Button } from 'antd';
import { useLocation, useParams } from 'react-router';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { useLeavePage } from '@/shared/page-tab';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { useEvaluation, useReviewEvaluation } from './api/plans';
import { useRefreshOnEvaluationNews } from './api/use-refresh-on-news';
import { useReasonDialog } from './components/evaluation-actions';
import { EvaluationDetailContent, isDetailTab } from './components/evaluation-detail-content';
import { EvaluationStatusTag } from './components/evaluation-status-tag';
import { GrantCertificatesButton } from './components/grant-button';

/**
 * 审批详情: the plan's content (the detail's components) with 通过 / 驳回 (a plan) or 通过 / 退回 (results); a member
 * is told that only the administrator approves.
 */
export function EvaluationApproveDetailPage() {
  const admin = useIsCompanyAdmin();
  const { id = '' } = useParams();
  const { state } = useLocation() as { state: { tab?: string } | null };
  const { message } = App.useApp();
  const leave = useLeavePage();
  const plan = useEvaluation(id);
  useRefreshOnEvaluationNews();
  const review = useReviewEvaluation();
  const reason = useReasonDialog();

  if (plan.isError) return <GatedLoadError error={plan.error} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <PageLoading />;
  const detail: LevelEvaluationDetail = plan.data;
  const results = detail.status === EvaluationStatus.RESULTS_PENDING;
  const reviewable = detail.abilities.can_review;
  const what = results ? '成绩' : '评价计划';

  const decide = (action: 'approve' | 'reject' | 'return') =>
    reason.ask({
      title: `${{ approve: '通过', reject: '驳回', return: '退回' }[action]}${what}：${detail.name}`,
      label: action === 'approve' ? '审批意见' : action === 'reject' ? '驳回原因' : '退回原因',
      required: action !== 'approve',
      okText: { approve: '通过', reject: '驳回', return: '退回' }[action],
      onOk: (text) =>
        review.mutateAsync({ id: detail._id, body: { action, reason: text || null } }).then(() => {
          message.success(action === 'approve' ? '已通过' : action === 'reject' ? '已驳回' : '已退回');
          leave('/evaluation-approve');
        }),
    });

  const tab = state?.tab ?? null;
  return (
    <PageCard
      title={
        <>
          {`${admin ? '审批' : '查看'}：${detail.name}`}
          <EvaluationStatusTag status={detail.status} />
        </>
      }
      actions={
        <>
          {reviewable && (
            <>
              <Button type="primary" onClick={() => decide('approve')}>
                通过
              </Button>
              {results ? (
                <Button danger onClick={() => decide('return')}>
                  退回
                </Button>
              ) : (
                <Button danger onClick={() => decide('reject')}>
                  驳回
                </Button>
              )}
            </>
          )}
          <GrantCertificatesButton plan={detail} onGo={leave} />
          <Button onClick={() => leave('/evaluation-approve')}>返回</Button>
        </>
      }
    >
      {!admin && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="仅企业管理员可以审批，等待管理员处理"
        />
      )}
      <EvaluationDetailContent
        plan={detail}
        initialTab={isDetailTab(tab) ? tab : results ? 'scores' : 'basics'}
      />
      {reason.dialog}
    </PageCard>
  );
}
