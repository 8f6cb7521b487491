import { type GrantDetail, GrantStatus } from '@skill-cert/shared/certificate-grants';
import { Alert, App, Button, Progress, Tooltip } from 'antd';
import type { ComponentProps } from 'react';
import { useParams } from 'react-router';
import { SourceCertificateTable } from '@/shared/components/certificate-file/source-certificate-table';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useLeavePage } from '@/shared/page-tab';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import {
  ADMIN_ONLY,
  grantCertificateSource,
  isRendering,
  useConfirmGrant,
  useGrant,
  useRefreshOnGrantDone,
} from './api/grants';
import { GrantStatusTag, GrantSummary } from './components/grant-summary';

/** Why 确认发证 cannot be pressed now, or null; `allowed` false: the caller may not grant (`refusal` says why). */
export function confirmBlocker(grant: GrantDetail, allowed: boolean, refusal = ADMIN_ONLY): string | null {
  if (grant.status === GrantStatus.GRANTED) return '已确认发证';
  if (!allowed) return refusal;
  if (isRendering(grant)) return '证书尚在生成中，全部生成后才能确认发证';
  if (grant.failed_count > 0) return `有 ${grant.failed_count} 张证书生成失败，请重新生成后再确认发证`;
  if (grant.total === 0) return '没有可发放的证书';
  return null;
}

/**
 * 确认发证 (`/grant-certificate/confirm-add/:id`): progress while the certificates render (refreshed by the done
 * message and by polling the grant while it renders), then every certificate (preview, 重新生成 a failed one) and
 * 确认发证: confirmed first; disabled, saying why, while any waits or failed.
 */
export function GrantConfirmPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const leave = useLeavePage();
  const admin = useIsCompanyAdmin();
  const grant = useGrant(id);
  const confirm = useConfirmGrant();
  useRefreshOnGrantDone();

  if (grant.isError) return <QueryError error={grant.error} onRetry={() => void grant.refetch()} />;
  if (!grant.data) return <PageLoading />;
  const g = grant.data;
  const blocker = confirmBlocker(g, admin);
  const granted = g.status === GrantStatus.GRANTED;

  const askConfirm = () =>
    confirmOnce({
      title: '确认发证',
      content: `确认后，${g.total} 张证书立即生效并可公开查验，评价计划“${g.evaluation_name}”变为已发证。确定发证吗？`,
      okText: '确认发证',
      cancelText: '取消',
      onOk: () =>
        confirm
          .mutateAsync(g._id)
          .then(() => {
            message.success('发证成功');
            leave(`/grant-certificate/detail/${g._id}`);
          })
          // The client showed the refusal; the dialog closes.
          .catch(() => undefined),
    });

  return (
    <PageCard
      title={
        <>
          {`确认发证：${g.evaluation_name}`}
          <GrantStatusTag status={g.status} />
        </>
      }
      actions={
        <>
          {granted ? (
            <Button type="primary" onClick={() => leave(`/grant-certificate/detail/${g._id}`)}>
              查看详情
            </Button>
          ) : (
            <Tooltip title={blocker}>
              <Button type="primary" disabled={blocker !== null} onClick={askConfirm}>
                确认发证
              </Button>
            </Tooltip>
          )}
          <Button onClick={() => leave('/grant-certificate')}>返回列表</Button>
        </>
      }
    >
      <GrantSummary grant={g} />
      <GrantReview grant={g} blocker={blocker} canRegenerate={admin} source={grantCertificateSource(g)} />
    </PageCard>
  );
}

/** Rendering progress: finished (successful or failed) over all. */
const percentDone = (g: GrantDetail) =>
  g.total === 0 ? 0 : Math.floor(((g.success_count + g.failed_count) / g.total) * 100);

/**
 * A grant before and at its confirmation: the progress while its certificates render, then what 确认发证 needs or says,
 * and every certificate (preview, 重新生成 a failed one). An evaluation's confirm page and a test plan's 证书 tab.
 */
export function GrantReview({
  grant: g,
  blocker,
  canRegenerate,
  source,
}: {
  grant: GrantDetail;
  blocker: string | null;
  canRegenerate: boolean;
  source: Omit<ComponentProps<typeof SourceCertificateTable>, 'show' | 'canRegenerate' | 'toolbar'>;
}) {
  const granted = g.status === GrantStatus.GRANTED;
  return (
    <>
      {isRendering(g) ? (
        <section aria-label="生成进度" style={{ marginBottom: 16 }}>
          <Progress percent={percentDone(g)} status="active" />
          <Alert
            type="info"
            showIcon
            title={`正在生成证书：已完成 ${g.success_count + g.failed_count} / ${g.total}${
              g.failed_count ? `，失败 ${g.failed_count}` : ''
            }`}
            description="生成在后台进行，可以离开此页；完成后会收到“确认发证”消息。"
          />
        </section>
      ) : (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          {...(granted
            ? { type: 'success', title: '已确认发证，证书已生效' }
            : blocker
              ? { type: 'warning', title: blocker }
              : {
                  type: 'info',
                  title: `${g.total} 张证书已全部生成，请预览核对后点击“确认发证”；确认前证书不生效，也不能公开查验`,
                })}
        />
      )}
      <SourceCertificateTable
        {...source}
        show={{ status: false, failReason: true, download: false }}
        canRegenerate={canRegenerate && !granted}
      />
    </>
  );
}
