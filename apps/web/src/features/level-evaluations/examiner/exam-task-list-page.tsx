import {
  type ExamTaskRow,
  ExamTaskStatus,
  examTaskKindText,
  examTaskStatusText,
} from '@skill-cert/shared/exam-tasks';
import { Button, Empty, Progress, Space, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { DictTag } from '@/shared/dict/dict-tag';
import { dictOptions, useDict } from '@/shared/dict/use-dict';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { usePermission } from '@/shared/permissions/permission';
import { type ExamTaskFilters, useExamTasks } from './examiner-api';

/** Permission keys of the examiner portal (docs/api.md "Examiner portal"). */
export const ExamTaskKey = {
  LIST: 'examiner:task:list',
  SCORE: 'examiner:task:score',
  REVEAL: 'examiner:task:reveal',
} as const;

export const scorePath = (id: string) => `/exam-task/score/${encodeURIComponent(id)}`;

const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'blue',
  3: 'error',
  4: 'success',
};
const toOptions = (text: Record<number, string>) =>
  Object.entries(text).map(([value, label]) => ({ label, value: Number(value) }));

/** A task's state as a tag; a returned task shows why under it. */
export function TaskStatus({
  task,
}: {
  task: Pick<ExamTaskRow, 'status' | 'status_text' | 'return_reason'>;
}) {
  const { dict } = useDict('exam_task_status');
  return (
    <Space orientation="vertical" size={2}>
      <DictTag
        items={dict.exam_task_status}
        value={task.status}
        text={task.status_text || (examTaskStatusText[task.status] ?? '')}
        color={STATUS_COLOR[task.status]}
      />
      {task.status === ExamTaskStatus.RETURNED && task.return_reason && (
        <Typography.Text
          type="danger"
          style={{ fontSize: 12, maxWidth: 140 }}
          ellipsis={{ tooltip: task.return_reason }}
        >
          退回原因：{task.return_reason}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * 考评任务 (考评员端 /exam-task): the signed-in examiner's tasks, searched by plan or owner, filtered by state and kind,
 * paged; each shows its progress and deadline and opens its scoring page (评分 while it can be scored, else 查看).
 */
export function ExamTaskListPage() {
  const navigate = useNavigate();
  const canScore = usePermission(ExamTaskKey.SCORE);
  const { dict } = useDict('exam_task_status', 'exam_task_kind');
  const paged = usePagedSearch<ExamTaskFilters>({ keyword: '', status: null, kind: null });
  const tasks = useExamTasks(paged.query);

  const columns: TableColumnsType<ExamTaskRow> = [
    {
      title: '考核计划',
      key: 'plan',
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.plan_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.owner_name}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '任务类型',
      dataIndex: 'kind_text',
      width: 100,
      render: (text: string, r) => text || examTaskKindText[r.kind],
    },
    {
      title: '评价方式 / 轮次',
      key: 'method',
      width: 130,
      // The method on its line, the round and room below: neither is cut at 1366 px.
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.method_text}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.round_text, r.room_name].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '职业等级',
      key: 'occupation',
      width: 150,
      render: (_, r) => [r.occupation_name, r.level_text].filter(Boolean).join(' ') || '-',
    },
    {
      title: '进度',
      key: 'progress',
      width: 150,
      render: (_, r) => (
        <Space size={6}>
          <span>
            {r.done}/{r.total}
          </span>
          <Progress
            percent={r.total > 0 ? Math.round((r.done / r.total) * 100) : 0}
            size="small"
            showInfo={false}
            style={{ width: 60, margin: 0 }}
          />
        </Space>
      ),
    },
    { title: '截止日期', dataIndex: 'deadline', width: 110, render: (d: string | null) => d ?? '-' },
    { title: '状态', key: 'status', width: 160, render: (_, r) => <TaskStatus task={r} /> },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) => {
        const open = r.status <= ExamTaskStatus.SCORING || r.status === ExamTaskStatus.RETURNED;
        return (
          <Button type="link" size="small" onClick={() => navigate(scorePath(r._id))}>
            {canScore && open ? '评分' : '查看'}
          </Button>
        );
      },
    },
  ];

  return (
    <ListPageCard title="考评任务">
      <PagedSearchTable<ExamTaskRow, ExamTaskFilters>
        searchLabel="考评任务搜索"
        paged={paged}
        result={tasks}
        columns={columns}
        locale={{ emptyText: <Empty description="暂无考评任务，考核计划分配评分任务后会显示在这里" /> }}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '考核计划或组织单位名称', width: 200 },
          {
            name: 'status',
            label: '状态',
            options: dictOptions(dict.exam_task_status, toOptions(examTaskStatusText)),
            width: 120,
          },
          {
            name: 'kind',
            label: '任务类型',
            options: dictOptions(dict.exam_task_kind, toOptions(examTaskKindText)),
            width: 120,
          },
        ]}
      />
    </ListPageCard>
  );
}
