import {
  type OfflineBatchDetail,
  type OfflineBatchRow,
  OfflineBatchStatus,
  offlineBatchStatusColor,
  offlineBatchStatusText,
} from '@skill-cert/shared/offline-certificates';
import { Statistic } from 'antd';
import { SourceSummary } from '@/shared/components/certificate-file/source-summary';
import { StatusTag } from '@/shared/components/status-tag';

/** 解析中 / 待确认 / 发布中 / 已发布 / 失败 in the contract's colours. */
export const BatchStatusTag = ({ status }: { status: number }) => (
  <StatusTag status={status} text={offlineBatchStatusText} color={offlineBatchStatusColor} />
);

/** The evaluation's dates: start ~ end (one day when they are the same). */
export const datesText = (b: Pick<OfflineBatchRow, 'start_date' | 'end_date'>): string =>
  b.start_date === b.end_date ? b.start_date : `${b.start_date} ~ ${b.end_date}`;

const published = (b: Pick<OfflineBatchRow, 'status'>) =>
  b.status === OfflineBatchStatus.PUBLISHING || b.status === OfflineBatchStatus.PUBLISHED;

/**
 * The counts of a batch: before publishing its drafts (all, ready, with problems); after, its certificates (all,
 * rendered, failed).
 */
export function BatchCounts({ batch }: { batch: OfflineBatchRow }) {
  const certificates = published(batch);
  const items = certificates
    ? [
        { title: '证书总数', value: batch.total },
        { title: '已生成', value: batch.rendered_count },
        { title: '生成失败', value: batch.failed_count, danger: batch.failed_count > 0 },
      ]
    : [
        { title: '证书信息', value: batch.total },
        { title: '可发证', value: batch.valid_count },
        { title: '有问题', value: batch.problem_count, danger: batch.problem_count > 0 },
      ];
  return (
    <section aria-label="数量统计" style={{ display: 'flex', gap: 48, flexWrap: 'wrap', marginBottom: 16 }}>
      {items.map((item) => (
        <Statistic
          key={item.title}
          title={item.title}
          value={item.value}
          suffix={certificates ? '张' : '条'}
          styles={item.danger ? { content: { color: 'var(--ant-color-error)' } } : undefined}
        />
      ))}
    </section>
  );
}

/** The fields of a batch (confirm-add and detail). */
export function BatchSummary({ batch }: { batch: OfflineBatchDetail }) {
  return (
    <SourceSummary
      source={batch}
      status={<BatchStatusTag status={batch.status} />}
      head={[{ key: 'name', label: '批次名称', children: batch.name }]}
      scope={[
        { key: 'dates', label: '评价日期', children: datesText(batch) },
        { key: 'site', label: '考核站点', children: batch.site_name },
      ]}
      files={[
        { key: 'file', label: '证书信息表', children: batch.file.originName },
        {
          key: 'photos',
          label: '照片压缩包',
          children: batch.photo_zip
            ? `${batch.photo_zip.originName}（匹配 ${batch.photo_count} 张）`
            : '未上传',
        },
      ]}
      tail={[{ key: 'published', label: '发证时间', children: batch.publish_time_str ?? '-' }]}
    />
  );
}
