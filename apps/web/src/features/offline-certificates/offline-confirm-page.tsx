import { type OfflineBatchDetail, OfflineBatchStatus } from '@skill-cert/shared/offline-certificates';
import { Alert, App, Button, Progress, Result, Spin, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useLeavePage } from '@/shared/page-tab';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { ADMIN_ONLY, fileDownloadUrl, useBatch, usePublishBatch, useRefreshOnBatchNews } from './api/batches';
import { BatchCounts, BatchStatusTag, BatchSummary } from './components/batch-summary';
import { DraftTable } from './components/draft-table';

/** Why 确认发证 cannot be pressed now, or null. */
export function publishBlocker(batch: OfflineBatchDetail, admin: boolean): string | null {
  if (batch.status !== OfflineBatchStatus.TO_CONFIRM) return `该批次${batch.status_text}`;
  if (!admin) return ADMIN_ONLY;
  if (batch.problem_count > 0)
    return `还有 ${batch.problem_count} 条证书信息有问题，请修改或删除后再确认发证`;
  if (batch.total === 0) return '没有可发证的证书信息';
  return batch.publish_blocked_reason;
}

/** Rendering progress after publishing: finished (rendered or failed) over all. */
const percentDone = (b: OfflineBatchDetail) =>
  b.total === 0 ? 0 : Math.floor(((b.rendered_count + b.failed_count) / b.total) * 100);

/**
 * 确认发证 (`/offline-certificate/confirm-add/:id`): while the sheet is read, says so (the message centre tells when
 * it is done); then the batch, its counts, the error file when rows failed, the drafts with their problems (fix,
 * drop), and 确认发证 — disabled with the reason while problems remain, then a confirmation naming how many
 * certificates will be numbered. Publishing shows its progress (polling the batch, and the done message), then the
 * detail opens.
 */
export function OfflineConfirmPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const leave = useLeavePage();
  const admin = useIsCompanyAdmin();
  const batch = useBatch(id);
  const publish = usePublishBatch();
  useRefreshOnBatchNews();

  // Published while the page watched (发布中 seen or not: a small batch renders before the next read): the detail,
  // where the certificates are exported. A batch already published when the page opened stays, saying so.
  const status = batch.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (
      previous.current !== undefined &&
      previous.current !== OfflineBatchStatus.PUBLISHED &&
      status === OfflineBatchStatus.PUBLISHED
    ) {
      message.success('证书已全部生成并生效');
      leave(`/offline-certificate/detail/${id}`);
    }
    previous.current = status;
  }, [status, id, leave, message]);

  if (batch.isError)
    return <GatedLoadError error={batch.error} title="暂不能生成证书" onRetry={() => void batch.refetch()} />;
  if (!batch.data) return <PageLoading />;
  const b = batch.data;
  const blocker = publishBlocker(b, admin);
  const detailPath = `/offline-certificate/detail/${b._id}`;

  const askPublish = () =>
    confirmOnce({
      title: '确认发证',
      content: `确认后将为 ${b.valid_count} 人生成证书，并分配 ${b.valid_count} 个全国统一证书编号；证书生成后立即生效，可公开查验，编号不能收回。确定发证吗？`,
      okText: '确认发证',
      cancelText: '取消',
      onOk: () =>
        publish
          .mutateAsync(b._id)
          .then((r) => message.success(`已分配证书编号 ${r.first_no} ~ ${r.last_no}，证书生成中`))
          // The client showed the refusal; the dialog closes.
          .catch(() => undefined),
    });

  let body: React.ReactNode;
  switch (b.status) {
    case OfflineBatchStatus.PARSING:
      body = (
        <Result
          icon={<Spin size="large" />}
          title="正在解析证书信息表"
          subTitle="解析在后台进行，可以离开此页；完成后会收到消息通知。"
        />
      );
      break;
    case OfflineBatchStatus.FAILED:
      body = (
        <Result
          status="error"
          title="证书信息表无法解析"
          subTitle={b.fail_reason ?? '请检查表格后重新上传'}
          extra={
            <Button type="primary" onClick={() => leave(`/offline-certificate/edit/${b._id}`)}>
              重新上传
            </Button>
          }
        />
      );
      break;
    case OfflineBatchStatus.PUBLISHING:
      body = (
        <section aria-label="生成进度">
          <Progress percent={percentDone(b)} status={b.failed_count ? 'exception' : 'active'} />
          <Alert
            type={b.failed_count ? 'warning' : 'info'}
            showIcon
            title={`正在生成证书：已完成 ${b.rendered_count + b.failed_count} / ${b.total}${
              b.failed_count ? `，失败 ${b.failed_count}` : ''
            }`}
            description={
              b.failed_count
                ? '生成失败的证书可在证书详情中重新生成。'
                : '生成在后台进行，可以离开此页；完成后会收到消息通知。'
            }
            action={
              <Button size="small" onClick={() => leave(detailPath)}>
                证书详情
              </Button>
            }
          />
        </section>
      );
      break;
    case OfflineBatchStatus.PUBLISHED:
      body = (
        <Result
          status="success"
          title="已发证，证书已生效"
          extra={
            <Button type="primary" onClick={() => leave(detailPath)}>
              查看证书
            </Button>
          }
        />
      );
      break;
    default:
      body = (
        <>
          <BatchCounts batch={b} />
          {/* The error file is the upload's; it is offered while the rows it describes still have problems. */}
          {b.error_file_id && b.problem_count > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`有 ${b.problem_count} 行证书信息有问题，可下载错误文件查看每行的错误原因`}
              action={
                <Button size="small" href={fileDownloadUrl(b.error_file_id)} download>
                  下载错误文件
                </Button>
              }
            />
          )}
          <Alert
            type={blocker ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={
              blocker ??
              `${b.valid_count} 条证书信息均无问题，请核对后点击“确认发证”；确认后分配证书编号并生成证书`
            }
          />
          <DraftTable batch={b} editable />
        </>
      );
  }

  return (
    <PageCard
      title={
        <>
          {`确认发证：${b.name}`}
          <BatchStatusTag status={b.status} />
        </>
      }
      actions={
        <>
          {b.status === OfflineBatchStatus.TO_CONFIRM && (
            <>
              <Tooltip title={blocker}>
                <Button
                  type="primary"
                  disabled={blocker !== null}
                  loading={publish.isPending}
                  onClick={askPublish}
                >
                  确认发证
                </Button>
              </Tooltip>
              <Button onClick={() => leave(`/offline-certificate/edit/${b._id}`)}>编辑批次</Button>
            </>
          )}
          <Button onClick={() => leave('/offline-certificate')}>返回列表</Button>
        </>
      }
    >
      <BatchSummary batch={b} />
      {body}
    </PageCard>
  );
}
