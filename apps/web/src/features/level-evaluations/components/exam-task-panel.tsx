import {
  type CandidateMarking,
  ExamTaskStatus,
  type MethodMarkingBody,
  type MethodMarkingRow,
  markingRoundingText,
  type PlanExamTaskRow,
} from '@skill-cert/shared/exam-tasks';
import type { EvaluationMethodRow } from '@skill-cert/shared/level-evaluations';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { QueryError } from '@/shared/components/query-error/query-error';
import { shanghaiToday } from '@/shared/forms';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useExamSessions } from '../api/exam-logistics';
import {
  useAssignTask,
  useMarkings,
  useMethodMarking,
  usePlanExamTasks,
  useReturnTask,
  useSaveMarking,
  useUnassignTask,
} from '../api/exam-tasks';
import { isTestPlan, type PlanRef } from '../api/plan-path';
import { useReasonDialog } from './evaluation-actions';

/** What the panel reads of a plan: an enterprise's evaluation or an institution's test plan. */
export interface ExamTaskPlan extends PlanRef {
  methods: EvaluationMethodRow[];
  examiners: { _id: string; name: string }[];
}

const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'blue',
  3: 'error',
  4: 'success',
};
const roundOptions = [
  { label: '一评', value: 1 },
  { label: '二评', value: 2 },
  { label: '三评', value: 3 },
];
const roundingOptions = Object.entries(markingRoundingText).map(([value, label]) => ({
  label,
  value: Number(value),
}));

/**
 * 考评任务 (a plan's owner): per method its items and double marking (最大差值, rounding, 组长); the tasks assigned to
 * the plan's examiners (with what their qualifications do not cover), 取消分配 before scoring and 退回 after
 * submitting; every marking round of every examinee, where one examinee can be returned alone. `canChange` false:
 * read only.
 */
export function ExamTaskPanel({ plan, canChange }: { plan: ExamTaskPlan; canChange: boolean }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <MarkingSettings plan={plan} canChange={canChange} />
      <TaskList plan={plan} canChange={canChange} />
      <MarkingRounds plan={plan} canChange={canChange} />
    </Space>
  );
}

// ------------------------------------------------------------------------------------------ settings

function MarkingSettings({ plan, canChange }: { plan: ExamTaskPlan; canChange: boolean }) {
  const marking = useMethodMarking(plan);
  const [editing, setEditing] = useState<MethodMarkingRow | null>(null);
  return (
    <Card size="small" title="题目与双评设置">
      {marking.isError ? (
        <QueryError error={marking.error} onRetry={() => void marking.refetch()} />
      ) : (
        <Table<MethodMarkingRow>
          rowKey="method"
          size="small"
          pagination={false}
          loading={marking.isFetching}
          dataSource={marking.data}
          locale={{ emptyText: <Empty description="暂无评价方式" /> }}
          columns={[
            { title: '评价方式', dataIndex: 'method_text', width: 100 },
            {
              title: '题目（满分）',
              key: 'items',
              render: (_, r) => r.items.map((i) => `${i.item_no}. ${i.name}（${i.max}）`).join('；'),
            },
            {
              title: '双评',
              key: 'double',
              width: 220,
              render: (_, r) =>
                r.double_marking ? `双评，最大差值 ${r.tolerance ?? '-'}，${r.rounding_text}` : '单评',
            },
            { title: '组长', key: 'leader', width: 90, render: (_, r) => r.leader?.name ?? '-' },
            {
              title: '操作',
              key: 'actions',
              width: 120,
              render: (_, r) =>
                r.locked ? (
                  <Typography.Text type="secondary">已开始评分</Typography.Text>
                ) : (
                  canChange && (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      设置
                    </Button>
                  )
                ),
            },
          ]}
        />
      )}
      <MarkingDialog plan={plan} editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

interface MarkingValues {
  items: { name?: string; max?: number }[];
  double_marking: boolean;
  tolerance?: number | null;
  rounding: 1 | 2 | 3;
  leader_person_id?: string | null;
}

function MarkingDialog({
  plan,
  editing,
  onClose,
}: {
  plan: ExamTaskPlan;
  editing: MethodMarkingRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MarkingValues>();
  const unsaved = useUnsavedForm(form, editing !== null);
  const save = useSaveMarking(plan);
  const double = Form.useWatch('double_marking', form);
  const items = Form.useWatch('items', form) ?? [];
  const sum = items.reduce((s, i) => s + (Number(i?.max) || 0), 0);
  const submit = useAction(async () => {
    if (!editing) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: MethodMarkingBody = {
      items: v.items.map((i) => ({ name: (i.name ?? '').trim(), max: i.max ?? 0 })),
      double_marking: v.double_marking,
      tolerance: v.double_marking ? (v.tolerance ?? null) : null,
      rounding: v.rounding,
      leader_person_id: v.leader_person_id ?? null,
    };
    try {
      await unsaved.whileSaving(() => save.mutateAsync({ method: editing.method, body }));
      message.success('评分设置已保存');
      onClose();
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title={editing ? `${editing.method_text}：题目与双评设置` : ''}
      open={editing !== null}
      width={640}
      okText="保存"
      cancelText="取消"
      confirmLoading={submit.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void submit.run()}
    >
      {editing && (
        <Form<MarkingValues>
          form={form}
          layout="vertical"
          preserve={false}
          aria-label="题目与双评设置"
          initialValues={{
            items: editing.items.map((i) => ({ name: i.name, max: i.max })),
            double_marking: editing.double_marking,
            tolerance: editing.tolerance,
            rounding: editing.rounding,
            leader_person_id: editing.leader?.person_id ?? null,
          }}
        >
          <Typography.Paragraph type="secondary">
            各题满分之和应等于该评价方式满分 {editing.full_mark}（当前合计 {sum}）。
          </Typography.Paragraph>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: '请输入题目名称' }]}
                    >
                      <Input
                        aria-label={`第${index + 1}题名称`}
                        placeholder={`第${index + 1}题名称`}
                        maxLength={50}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'max']}
                      rules={[{ required: true, message: '请输入题目满分' }]}
                    >
                      <InputNumber
                        aria-label={`第${index + 1}题满分`}
                        min={0.5}
                        step={0.5}
                        placeholder="满分"
                      />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button type="link" danger onClick={() => remove(field.name)}>
                        删除
                      </Button>
                    )}
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ name: '', max: undefined })} block>
                  添加题目
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="double_marking" label="双评" valuePropName="checked" style={{ marginTop: 16 }}>
            <Switch checkedChildren="双评" unCheckedChildren="单评" />
          </Form.Item>
          {double && (
            <Space.Compact block>
              <Form.Item
                name="tolerance"
                label="最大差值"
                rules={[{ required: true, message: '双评须设置最大差值' }]}
                style={{ width: '50%' }}
              >
                <InputNumber min={0} step={0.5} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="rounding" label="平均分取舍" style={{ width: '50%' }}>
                <Select options={roundingOptions} />
              </Form.Item>
            </Space.Compact>
          )}
          <Form.Item name="leader_person_id" label="组长（三评仍超差时裁定）">
            <Select
              allowClear
              placeholder="选择本计划的考评员"
              options={plan.examiners.map((e) => ({ label: e.name, value: e._id }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

// ------------------------------------------------------------------------------------------ tasks

function TaskList({ plan, canChange }: { plan: ExamTaskPlan; canChange: boolean }) {
  const { modal, message } = App.useApp();
  const tasks = usePlanExamTasks(plan);
  const unassign = useUnassignTask(plan);
  const returnTask = useReturnTask(plan);
  const confirmOnce = useConfirmOnce();
  const reason = useReasonDialog();
  const [assigning, setAssigning] = useState(false);

  const columns: TableColumnsType<PlanExamTaskRow> = [
    {
      title: '考评员',
      key: 'examiner',
      width: 140,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.examiner_name}</span>
          {r.warnings.map((w) => (
            <Typography.Text key={w} type="warning" style={{ fontSize: 12 }}>
              {w}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: '任务',
      key: 'task',
      width: 170,
      render: (_, r) =>
        `${r.kind_text} · ${r.method_text} · ${r.round_text}${r.room_name ? ` · ${r.room_name}` : ''}`,
    },
    { title: '截止日期', dataIndex: 'deadline', width: 100, render: (d: string | null) => d ?? '-' },
    { title: '进度', key: 'progress', width: 70, render: (_, r) => `${r.done}/${r.total}` },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>
          {r.return_reason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              退回原因：{r.return_reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, r) =>
        canChange && (
          <Space size={0}>
            {r.status === ExamTaskStatus.WAITING && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirmOnce({
                    title: '取消分配',
                    content: `确定取消${r.examiner_name}的${r.method_text}${r.round_text}任务吗？`,
                    okText: '确定',
                    cancelText: '取消',
                    okButtonProps: { danger: true },
                    onOk: () =>
                      unassign
                        .mutateAsync(r._id)
                        .then(() => void message.success('已取消分配'))
                        .catch(() => undefined),
                  })
                }
              >
                取消分配
              </Button>
            )}
            {r.status === ExamTaskStatus.SUBMITTED && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  reason.ask({
                    title: `退回${r.examiner_name}的${r.method_text}${r.round_text}任务`,
                    label: '退回原因',
                    required: true,
                    okText: '退回',
                    onOk: (text) =>
                      returnTask
                        .mutateAsync({ taskId: r._id, body: { candidate_ids: [], reason: text } })
                        .then(() => void message.success('已退回，考评员将重新评分')),
                  })
                }
              >
                退回
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title="考评任务"
      extra={
        canChange && (
          <Button type="primary" size="small" onClick={() => setAssigning(true)}>
            分配考评员
          </Button>
        )
      }
    >
      {tasks.isError ? (
        <QueryError error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : (
        <Table<PlanExamTaskRow>
          rowKey="_id"
          size="small"
          pagination={false}
          loading={tasks.isFetching}
          dataSource={tasks.data}
          columns={columns}
          locale={{ emptyText: <Empty description="还没有分配考评任务，分配后考评员在考评员端按密号评分" /> }}
        />
      )}
      <AssignDialog
        plan={plan}
        open={assigning}
        onClose={() => setAssigning(false)}
        onAssigned={(task) => {
          setAssigning(false);
          if (task.warnings.length > 0)
            modal.warning({
              title: `已分配给${task.examiner_name}，请注意`,
              content: (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {task.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ),
              okText: '知道了',
            });
          else message.success(`已分配给${task.examiner_name}`);
        }}
      />
      {reason.dialog}
    </Card>
  );
}

interface AssignValues {
  person_id?: string;
  method?: number;
  round: 1 | 2 | 3;
  room_id?: string | null;
  deadline?: Dayjs | null;
}

function AssignDialog({
  plan,
  open,
  onClose,
  onAssigned,
}: {
  plan: ExamTaskPlan;
  open: boolean;
  onClose: () => void;
  onAssigned: (task: PlanExamTaskRow) => void;
}) {
  const [form] = Form.useForm<AssignValues>();
  const unsaved = useUnsavedForm(form, open);
  const assign = useAssignTask(plan);
  const testPlan = isTestPlan(plan);
  const sessions = useExamSessions(plan, open && testPlan);
  const method = Form.useWatch('method', form);
  const rooms = (sessions.data?.sessions ?? [])
    .filter((s) => s.method === method)
    .flatMap((s) => s.rooms.map((r) => ({ label: `${s.name ?? s.start_time_str} ${r.name}`, value: r._id })));
  const submit = useAction(async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const task = await unsaved.whileSaving(() =>
        assign.mutateAsync({
          person_id: v.person_id ?? '',
          method: v.method as 1 | 2 | 3 | 4,
          round: v.round,
          room_id: v.room_id ?? null,
          deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : null,
        }),
      );
      onAssigned(task);
    } catch {
      // shown by the client; what was chosen stays
    }
  });
  return (
    <Modal
      title="分配考评员"
      open={open}
      okText="分配"
      cancelText="取消"
      confirmLoading={submit.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void submit.run()}
    >
      <Form<AssignValues>
        form={form}
        layout="vertical"
        preserve={false}
        aria-label="分配考评员"
        initialValues={{ round: 1 }}
      >
        <Form.Item name="person_id" label="考评员" rules={[{ required: true, message: '请选择考评员' }]}>
          <Select
            placeholder="本计划的考评员"
            options={plan.examiners.map((e) => ({ label: e.name, value: e._id }))}
          />
        </Form.Item>
        <Form.Item name="method" label="评价方式" rules={[{ required: true, message: '请选择评价方式' }]}>
          <Select options={plan.methods.map((m) => ({ label: m.method_text, value: m.method }))} />
        </Form.Item>
        <Form.Item name="round" label="评分轮次" extra="二评、三评需先在题目与双评设置中开启双评">
          <Select options={roundOptions} />
        </Form.Item>
        {testPlan && (
          <Form.Item name="room_id" label="考场" extra="不选则评该评价方式的全部考生">
            <Select allowClear options={rooms} loading={sessions.isFetching} placeholder="全部考生" />
          </Form.Item>
        )}
        <Form.Item name="deadline" label="截止日期">
          <DatePicker
            style={{ width: '100%' }}
            placeholder="选填"
            disabledDate={(d) => d.isBefore(shanghaiToday(), 'day')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ------------------------------------------------------------------------------------------ rounds

function MarkingRounds({ plan, canChange }: { plan: ExamTaskPlan; canChange: boolean }) {
  const { message } = App.useApp();
  const markings = useMarkings(plan);
  const returnTask = useReturnTask(plan);
  const reason = useReasonDialog();
  const columns: TableColumnsType<CandidateMarking> = [
    { title: '考生', dataIndex: 'name', width: 100 },
    { title: '评价方式', dataIndex: 'method_text', width: 90 },
    {
      title: '各轮评分',
      key: 'rounds',
      render: (_, r) =>
        r.rounds.length === 0 ? (
          '-'
        ) : (
          <Space orientation="vertical" size={2}>
            {r.rounds.map((round) => (
              <Space key={`${round.task_id}-${round.round}`} size={6} wrap>
                <Tag>{round.round_text}</Tag>
                <span>
                  {round.examiner_name}（密号 {round.masked_code}）：{round.total ?? '未评完'}
                </span>
                {round.submit_time_str && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {round.submit_time_str} 提交
                  </Typography.Text>
                )}
                {round.return_reason && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    已退回：{round.return_reason}
                  </Typography.Text>
                )}
                {canChange && round.submit_time_str && !round.return_reason && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      reason.ask({
                        title: `退回${r.name}的${r.method_text}${round.round_text}`,
                        label: '退回原因',
                        required: true,
                        okText: '退回',
                        onOk: (text) =>
                          returnTask
                            .mutateAsync({
                              taskId: round.task_id,
                              body: { candidate_ids: [r.candidate_id], reason: text },
                            })
                            .then(() => void message.success(`已退回${r.name}，考评员将重新评分`)),
                      })
                    }
                  >
                    退回该考生
                  </Button>
                )}
              </Space>
            ))}
          </Space>
        ),
    },
    { title: '评定', dataIndex: 'state_text', width: 170 },
    { title: '成绩', dataIndex: 'score', width: 70, render: (s: number | null) => s ?? '-' },
  ];
  return (
    <Card size="small" title="评分明细（各轮）">
      {markings.isError ? (
        <QueryError error={markings.error} onRetry={() => void markings.refetch()} />
      ) : (
        <Table<CandidateMarking>
          rowKey={(r) => `${r.candidate_id}-${r.method}`}
          size="small"
          loading={markings.isFetching}
          dataSource={markings.data}
          columns={columns}
          pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (n) => `共 ${n} 条` }}
          locale={{ emptyText: <Empty description="还没有考评员评分" /> }}
        />
      )}
      {reason.dialog}
      {markings.data && markings.data.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          showIcon
          title="考评员提交的成绩在成绩表中只读；需重评时退回任务或单个考生。"
        />
      )}
    </Card>
  );
}
