import { GrantStatus } from '@skill-cert/shared/certificate-grants';
import { App, Button, Empty, Space, Tooltip } from 'antd';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useRefreshOnGrantDone } from './api/grants';
import {
  planGrantCertificateSource,
  planGrantPath,
  usePlanGrant,
  usePlanGrantMutations,
  usePlanGrantOptions,
} from './api/plan-grants';
import { GrantSetup } from './components/grant-setup';
import { GrantSummary } from './components/grant-summary';
import { confirmBlocker, GrantReview } from './grant-confirm-page';

/** Said when the caller lacks `institution:test-plan:grant`. */
export const NO_GRANT_RIGHT = '您没有发证权限，请联系机构管理员';

/**
 * 证书 of a test plan: the existing grant flow reached through the plan. Before a grant: its setup (the national
 * template, the issue date, the 合格 examinees; the server says why it cannot start yet, e.g. results still in 公示).
 * Then: progress while the certificates render, each certificate, 确认发证 (the plan becomes 已发证), and the zip.
 * Numbers start with `S` (the institution's codes).
 */
export function TestPlanGrantPanel({ planId, canGrant }: { planId: string; canGrant: boolean }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const grant = usePlanGrant(planId);
  const options = usePlanGrantOptions(planId, grant.isSuccess && grant.data === null);
  const mutations = usePlanGrantMutations(planId);
  useRefreshOnGrantDone();

  if (grant.isError) return <QueryError error={grant.error} onRetry={() => void grant.refetch()} />;
  if (grant.data === undefined) return <PageLoading />;
  const g = grant.data;

  if (g === null) {
    if (options.isError) return <QueryError error={options.error} onRetry={() => void options.refetch()} />;
    if (!options.data) return <PageLoading />;
    return (
      <GrantSetup
        options={options.data}
        planLabel="考试计划名称"
        blocked={options.data.blocked_reason ?? (canGrant ? null : NO_GRANT_RIGHT)}
        onStart={async (start) => {
          await mutations.start.mutateAsync(start);
          message.success('已开始生成证书');
        }}
      />
    );
  }

  const blocker = confirmBlocker(g, canGrant, NO_GRANT_RIGHT);
  const granted = g.status === GrantStatus.GRANTED;
  const askConfirm = () =>
    confirmOnce({
      title: '确认发证',
      content: `确认后，${g.total} 张证书立即生效并可公开查验，考试计划“${g.evaluation_name}”变为已发证。确定发证吗？`,
      okText: '确认发证',
      cancelText: '取消',
      onOk: () =>
        mutations.confirm
          .mutateAsync()
          .then(() => message.success('发证成功'))
          .catch(() => undefined),
    });

  if (g.total === 0 && granted) return <Empty description="没有证书" />;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {!granted && (
          <Tooltip title={blocker}>
            <Button type="primary" disabled={blocker !== null} onClick={askConfirm}>
              确认发证
            </Button>
          </Tooltip>
        )}
        <Button href={`${planGrantPath(planId)}/zip`} download disabled={g.success_count === 0}>
          下载全部证书
        </Button>
      </Space>
      <GrantSummary grant={g} />
      <GrantReview
        grant={g}
        blocker={blocker}
        canRegenerate={canGrant}
        source={planGrantCertificateSource(planId, g)}
      />
    </>
  );
}
