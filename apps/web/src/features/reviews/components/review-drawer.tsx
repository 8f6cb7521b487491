import type { ReviewKindValue } from '@skill-cert/shared/reviews';
import { Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import { QueryError } from '@/shared/components/query-error/query-error';
import { StepTimeline } from '@/shared/components/step-timeline/step-timeline';
import { Permission } from '@/shared/permissions/permission';
import { useReview } from '../api/reviews';
import { useReviewDecision } from './use-review-decision';

const STEP_COLORS: Record<string, string> = {
  submit: 'blue',
  resubmit: 'blue',
  'first-approve': 'cyan',
  approve: 'green',
  reject: 'red',
};

/** One item of the queue: what the reviewer reads, its timeline, and 通过 / 驳回 while it waits. */
export function ReviewDrawer({
  item,
  onClose,
}: {
  item: { kind: ReviewKindValue; id: string } | null;
  onClose: () => void;
}) {
  const detail = useReview(item);
  const d = detail.data;
  const { approve, reject, rejectDialog } = useReviewDecision();
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={720}
      title={d ? `${d.kind_text} ${d.title}` : '审核详情'}
      destroyOnHidden
      extra={
        d?.waiting && (
          <Permission keys="platform:review:decide">
            <Space>
              <Button danger onClick={() => reject(d)}>
                驳回
              </Button>
              <Button type="primary" onClick={() => approve(d)}>
                {d.step === 'first' ? '初审通过' : d.step === 'second' ? '复审通过' : '通过'}
              </Button>
            </Space>
          </Permission>
        )
      }
    >
      {detail.isError ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : d ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="审核状态">
              <Tag color={d.waiting ? 'orange' : 'default'}>{d.status_text}</Tag>
              {d.first_reviewer_name && <span>初审人：{d.first_reviewer_name}</span>}
            </Descriptions.Item>
            {d.fields.map((f) => (
              <Descriptions.Item key={f.label} label={f.label}>
                {f.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <h4 style={{ margin: '16px 0 8px' }}>办理记录</h4>
          <StepTimeline
            label="办理记录"
            steps={d.timeline}
            colors={STEP_COLORS}
            noteLabel={(action) => (action === 'reject' ? '驳回原因' : '审核意见')}
          />
        </>
      ) : (
        <Spin />
      )}
      {rejectDialog}
    </Drawer>
  );
}
