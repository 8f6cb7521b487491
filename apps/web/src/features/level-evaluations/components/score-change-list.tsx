import type { ScoreChangeRow } from '@skill-cert/shared/level-evaluations';
import { App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { ListTable } from '@/shared/components/list-table/list-table';
import { useScoreChanges, useScoreMutations } from '../api/scores';
import { useReasonDialog } from './evaluation-actions';
import { formatCell } from './score-input';
import type { ScoredPlan } from './score-table';

const statusColors: Record<number, string> = { 0: 'orange', 1: 'success', 2: 'error' };
const valueText = (score: number | null, mark: 1 | 2 | 3 | null) => formatCell({ score, mark }) || '未录入';

/** 成绩修改申请: each request with before and after, its reason and state; 同意 / 驳回 for an administrator. */
export function ScoreChangeList({ plan }: { plan: ScoredPlan }) {
  const { message } = App.useApp();
  const changes = useScoreChanges(plan);
  const { reviewChange } = useScoreMutations(plan);
  const reason = useReasonDialog();
  const canReview = plan.abilities.can_review_changes;

  const decide = (row: ScoreChangeRow, action: 'approve' | 'reject') =>
    reason.ask({
      title:
        action === 'approve'
          ? `同意修改 ${row.candidate_name} 的成绩`
          : `驳回 ${row.candidate_name} 的成绩修改`,
      label: action === 'approve' ? '审批意见' : '驳回原因',
      required: action === 'reject',
      okText: action === 'approve' ? '同意' : '驳回',
      onOk: (text) =>
        reviewChange
          .mutateAsync({ changeId: row._id, action, reason: text || undefined })
          .then(() => message.success(action === 'approve' ? '已同意，成绩已更新' : '已驳回')),
    });

  const columns: TableColumnsType<ScoreChangeRow> = [
    // Two-line cells (name over ID number, who over when): the list fits the scores tab's card at 1366 wide.
    {
      title: '考生',
      key: 'candidate',
      width: 170,
      ellipsis: false,
      render: (_, r) => (
        <span title={`${r.candidate_name} ${r.id_number}`}>
          {r.candidate_name}
          <br />
          {r.id_number}
        </span>
      ),
    },
    { title: '评价方式', dataIndex: 'method_text', width: 110 },
    {
      title: '修改前 → 修改后',
      key: 'values',
      width: 135,
      render: (_, r) =>
        `${valueText(r.before_score, r.before_mark)} → ${valueText(r.after_score, r.after_mark)}`,
    },
    { title: '修改原因', dataIndex: 'reason' },
    {
      title: '申请',
      key: 'request',
      width: 160,
      ellipsis: false,
      render: (_, r) => (
        <span title={`${r.request_user_name} ${r.create_time_str}`}>
          {r.request_user_name}
          <br />
          {r.create_time_str}
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => <Tag color={statusColors[s]}>{r.status_text}</Tag>,
    },
    {
      title: '审批意见',
      key: 'decision',
      width: 140,
      render: (_, r) => (r.decide_user_name ? `${r.decide_user_name}：${r.decide_note ?? '无'}` : '-'),
    },
    ...(canReview
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, r: ScoreChangeRow) =>
              r.status === 0 && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => decide(r, 'approve')}>
                    同意
                  </Button>
                  <Button type="link" size="small" danger onClick={() => decide(r, 'reject')}>
                    驳回
                  </Button>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListTable<ScoreChangeRow>
        aria-label="成绩修改申请"
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={changes.data}
        loading={changes.isFetching}
        error={changes.isError ? changes.error : undefined}
        onRetry={() => void changes.refetch()}
        pagination={false}
        locale={{ emptyText: '暂无成绩修改申请' }}
      />
      {reason.dialog}
    </>
  );
}
