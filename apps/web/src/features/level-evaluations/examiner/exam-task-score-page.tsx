import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ExamCardRow, ExamTaskDetail } from '@skill-cert/shared/exam-tasks';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Modal,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { usePermission } from '@/shared/permissions/permission';
import { ExamTaskKey, TaskStatus } from './exam-task-list-page';
import {
  type CardIdentity,
  fetchIdentity,
  useExamCards,
  useExamTask,
  useSubmitExamTask,
} from './examiner-api';
import { useCardScores } from './use-card-scores';

export const KEYBOARD_HINT =
  '输入分数后按 Enter 进入下一题，一名考生评完后进入下一名考生；↑/↓ 切换考生。分数随输入自动保存，无需点击保存。';

/**
 * 评分 (考评员端 /exam-task/score/:id): the task's examinees by masked code only, one row each, a score box per item;
 * keyboard first (Enter: next item, then next examinee; ↑/↓: examinees); each score saves as typed; 提交 hands the
 * totals over once every open examinee is scored. Returned examinees are marked with the reason.
 */
export function ExamTaskScorePage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const navigate = useNavigate();
  const task = useExamTask(id);
  const cards = useExamCards(id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/exam-task')}>
      返回考评任务
    </Button>
  );
  if (task.isError || cards.isError)
    return (
      <Card>
        <QueryError
          error={task.error ?? cards.error}
          onRetry={() => {
            void task.refetch();
            void cards.refetch();
          }}
        />
        {back}
      </Card>
    );
  if (!task.data || !cards.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return <ScoreSheet task={task.data} loaded={cards.data} back={back} />;
}

function ScoreSheet({
  task,
  loaded,
  back,
}: {
  task: ExamTaskDetail;
  loaded: ExamCardRow[];
  back: ReactNode;
}) {
  const { message } = App.useApp();
  const canScore = usePermission(ExamTaskKey.SCORE);
  const canReveal = usePermission(ExamTaskKey.REVEAL);
  const [progress, setProgress] = useState({ done: task.done, total: task.total });
  const sheet = useCardScores(task._id, loaded, task.items, (done, total) => setProgress({ done, total }));
  const [active, setActive] = useState<string | null>(null);
  const [identity, setIdentity] = useState<CardIdentity | null>(null);
  const boxes = useRef(new Map<string, HTMLInputElement | null>());
  const submit = useSubmitExamTask(task._id);
  const inFlight = useRef<Promise<void> | null>(null);
  const confirmOnce = useConfirmOnce();
  const list = sheet.cards ?? [];
  const scorable = task.can_score && canScore;
  const open = list.filter((c) => c.editable);
  const incomplete = open.filter((c) => !sheet.isComplete(c)).length;
  const submitProblem = !scorable
    ? (task.score_problem ?? '当前不能提交')
    : open.length === 0
      ? '没有待提交的考生'
      : incomplete > 0
        ? `还有 ${incomplete} 名考生未评完，不能提交`
        : null;

  const focusBox = (row: number, item: number) => {
    const box = boxes.current.get(`${row}:${item}`);
    box?.focus();
    box?.select();
  };
  /** The nearest examinee above or below `row` that can be scored. */
  const nextEditable = (row: number, step: 1 | -1) => {
    for (let r = row + step; r >= 0 && r < list.length; r += step) if (list[r].editable) return r;
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, item: number) => {
    const card = list[row];
    if (event.key === 'Enter') {
      event.preventDefault();
      if (item < task.items.length - 1) return focusBox(row, item + 1);
      if (sheet.isComplete(card)) {
        const next = nextEditable(row, 1);
        if (next !== null) focusBox(next, 0);
        return;
      }
      const empty = task.items.findIndex((i) => sheet.shownOf(card, i.item_no).score.trim() === '');
      focusBox(row, empty >= 0 ? empty : item);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = nextEditable(row, event.key === 'ArrowDown' ? 1 : -1);
      if (next !== null) focusBox(next, item);
    }
  };

  const doSubmit = useAction(async () => {
    await sheet.flushAll();
    confirmOnce({
      title: '提交评分',
      content: `确定提交 ${open.length} 名考生的评分吗？提交后分数交给考核计划，不能再修改。`,
      okText: '提交',
      cancelText: '取消',
      // Another click on 提交 (the dialog is still closing) gets the same request; only a refusal allows a new one.
      onOk: () => {
        inFlight.current ??= submit
          .mutateAsync()
          .then(() => void message.success('评分已提交'))
          .catch((error: unknown) => {
            inFlight.current = null;
            throw error;
          });
        return inFlight.current;
      },
    });
  });

  const reveal = useAction(async (card: ExamCardRow) => {
    try {
      setIdentity(await fetchIdentity(task._id, card._id));
    } catch {
      // shown by the client
    }
  });

  const activeCard = list.find((c) => c._id === active) ?? null;
  const hasEarlier = list.some((c) => c.earlier.length > 0);

  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          评分：{task.plan_name}
        </Typography.Title>
      }
      extra={
        <Space>
          <span role="status" aria-label="保存状态">
            {sheet.saving || sheet.pending ? '正在保存…' : '评分已自动保存'}
          </span>
          {scorable && (
            <Tooltip title={submitProblem}>
              <Button
                type="primary"
                disabled={submitProblem !== null}
                loading={doSubmit.running || submit.isPending}
                onClick={() => void doSubmit.run()}
              >
                提交
              </Button>
            </Tooltip>
          )}
          {back}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="组织单位">{task.owner_name}</Descriptions.Item>
        <Descriptions.Item label="任务类型">{task.kind_text}</Descriptions.Item>
        <Descriptions.Item label="评价方式">
          {task.method_text} · {task.round_text}
          {task.room_name ? ` · ${task.room_name}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="截止日期">{task.deadline ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="进度">
          <span>
            已评完 {progress.done}/{progress.total}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <TaskStatus task={task} />
        </Descriptions.Item>
      </Descriptions>
      {!scorable && task.score_problem && (
        <Alert type="info" showIcon title={task.score_problem} style={{ marginBottom: 12 }} />
      )}
      {scorable && submitProblem && open.length > 0 && (
        <Alert type="warning" showIcon title={submitProblem} style={{ marginBottom: 12 }} />
      )}
      {scorable && <Typography.Paragraph type="secondary">{KEYBOARD_HINT}</Typography.Paragraph>}
      {list.length === 0 ? (
        <Empty description="任务中还没有考生" />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table
            className="exam-score-sheet"
            aria-label="评分表"
            style={{ borderCollapse: 'collapse', width: '100%' }}
          >
            <thead>
              <tr>
                <th style={cell}>密号</th>
                {task.items.map((i) => (
                  <th key={i.item_no} style={cell}>
                    第{i.item_no}题 {i.name}
                    <br />
                    <Typography.Text type="secondary">满分 {i.max}</Typography.Text>
                  </th>
                ))}
                {hasEarlier && <th style={cell}>前评总分</th>}
                <th style={cell}>总分</th>
                <th style={cell}>状态</th>
                {canReveal && <th style={cell}>操作</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((card, row) => {
                const complete = sheet.isComplete(card);
                const total = sheet.totalOf(card);
                return (
                  <tr
                    key={card._id}
                    aria-label={`考生 ${card.masked_code}`}
                    data-returned={card.return_reason ? 'true' : undefined}
                    style={{
                      background: card.return_reason
                        ? '#fff1f0'
                        : active === card._id
                          ? '#e6f4ff'
                          : undefined,
                    }}
                  >
                    <th scope="row" style={cell}>
                      <span style={{ fontFamily: 'monospace' }}>{card.masked_code}</span>
                      {card.return_reason && (
                        <div>
                          <Tag color="error">已退回</Tag>
                          <Typography.Text type="danger" style={{ fontSize: 12 }}>
                            退回原因：{card.return_reason}
                          </Typography.Text>
                        </div>
                      )}
                    </th>
                    {task.items.map((item, col) => {
                      const value = sheet.shownOf(card, item.item_no);
                      return (
                        <td key={item.item_no} style={cell}>
                          <Input
                            ref={(el) => {
                              boxes.current.set(`${row}:${col}`, el?.input ?? null);
                            }}
                            aria-label={`${card.masked_code} 第${item.item_no}题得分`}
                            inputMode="decimal"
                            autoComplete="off"
                            value={value.score}
                            disabled={!scorable || !card.editable}
                            status={value.error ? 'error' : undefined}
                            suffix={`/ ${item.max}`}
                            style={{ width: 110 }}
                            onFocus={() => setActive(card._id)}
                            onChange={(e) => sheet.type(card._id, item.item_no, { score: e.target.value })}
                            onBlur={() => sheet.flush(card._id, item.item_no)}
                            onKeyDown={(e) => onKeyDown(e, row, col)}
                          />
                          {value.error && (
                            <div role="alert" style={{ color: '#ff4d4f', fontSize: 12 }}>
                              {value.error}
                            </div>
                          )}
                        </td>
                      );
                    })}
                    {hasEarlier && (
                      <td style={cell}>
                        {card.earlier.map((e) => `${e.round_text} ${e.total}`).join('，') || '-'}
                      </td>
                    )}
                    <td style={cell} aria-label={`${card.masked_code} 总分`}>
                      {total ?? '-'}
                    </td>
                    <td style={cell}>
                      {!card.editable ? (
                        // Locked before any hand-over (the plan is not yet at marking): not open, not submitted.
                        <Tag>{scorable || task.status >= 2 ? '已提交' : '未开放'}</Tag>
                      ) : complete ? (
                        <Tag color="success">已评完</Tag>
                      ) : (
                        <Tag color="warning">未评完</Tag>
                      )}
                    </td>
                    {canReveal && (
                      <td style={cell}>
                        <Button type="link" size="small" onClick={() => void reveal.run(card)}>
                          查看考生身份
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {activeCard && scorable && activeCard.editable && (
        <Card size="small" title={`评语（密号 ${activeCard.masked_code}）`} style={{ marginTop: 12 }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {task.items.map((item) => (
              <Input
                key={item.item_no}
                aria-label={`${activeCard.masked_code} 第${item.item_no}题评语`}
                addonBefore={`第${item.item_no}题`}
                placeholder="评语（选填）"
                maxLength={200}
                value={sheet.shownOf(activeCard, item.item_no).remark}
                onChange={(e) => sheet.type(activeCard._id, item.item_no, { remark: e.target.value })}
                onBlur={() => sheet.flush(activeCard._id, item.item_no)}
              />
            ))}
          </Space>
        </Card>
      )}
      <Modal
        title="考生身份"
        open={identity !== null}
        footer={null}
        onCancel={() => setIdentity(null)}
        destroyOnHidden
      >
        {identity && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label="密号">{identity.masked_code}</Descriptions.Item>
            <Descriptions.Item label="姓名">{identity.name}</Descriptions.Item>
            <Descriptions.Item label="证件类型">{identity.id_type_text}</Descriptions.Item>
            <Descriptions.Item label="证件号码">{identity.id_number}</Descriptions.Item>
          </Descriptions>
        )}
        <Typography.Text type="secondary">查看记录已留存在考核计划的操作记录中。</Typography.Text>
      </Modal>
    </Card>
  );
}

const cell: CSSProperties = { border: '1px solid #f0f0f0', padding: '6px 8px', textAlign: 'left' };
