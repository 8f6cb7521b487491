import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import type {
  CandidateRow,
  EvaluationAbilities,
  EvaluationMethodRow,
  ImportResult,
  LevelEvaluationDetail,
} from '@skill-cert/shared/level-evaluations';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { ImportResultView, SheetImport } from '@/shared/components/upload/sheet-import';
import { downloadFile } from '@/shared/files';
import { useAction } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { type CandidateQuery, useCandidates } from '../api/candidates';
import { type PlanRef, planPath } from '../api/plan-path';
import { saveScores, useScoreMutations, useScoresChanged } from '../api/scores';
import {
  type CellValue,
  formatCell,
  parseCell,
  SCORE_INPUT_HINT,
  type ScoreMarkValue,
  sameCell,
} from './score-input';

type ScoreFilters = Omit<CandidateQuery, 'page' | 'per_page'>;

/** What the score screens read of a plan: an evaluation's detail or a test plan's. */
export type ScoredPlan = PlanRef &
  Pick<LevelEvaluationDetail, 'name' | 'methods'> & {
    abilities: Pick<EvaluationAbilities, 'can_edit_scores' | 'can_request_change' | 'can_review_changes'>;
  };

/** A cell being edited or just saved: its text and what became of it. */
interface CellState {
  text: string;
  state: 'editing' | 'saving' | 'saved' | 'error';
  error?: string;
}

const cellKey = (candidateId: string, method: number) => `${candidateId}:${method}`;
const storedOf = (row: CandidateRow, method: number): CellValue | undefined =>
  row.scores.find((s) => s.method === method);

const resultColors: Record<number, string> = {
  1: 'success',
  2: 'error',
  3: 'default',
  4: 'warning',
  5: 'warning',
};

/**
 * 成绩: one row per candidate, a column per method, the result. While scores may be entered (进行中) every cell is
 * a text box: Enter moves down, Tab across (Shift reverses), and a cell saves on leaving it with its state shown
 * (保存中 / 已保存 / 保存失败 with the reason and the typed text kept). In 公示中 each cell offers 申请修改; from
 * 已通过 the table only reads.
 */
export function ScoreTable({ plan }: { plan: ScoredPlan }) {
  const { message } = App.useApp();
  const paged = usePagedSearch<ScoreFilters>({ keyword: '', result: null });
  const candidates = useCandidates(plan, paged.query);
  const mutations = useScoreMutations(plan);
  const scoresChanged = useScoresChanged(plan._id);
  const editable = plan.abilities.can_edit_scores;
  const [cells, setCells] = useState<Record<string, CellState>>({});
  /** Rows as the last save answered them (the list is not read again after each cell). */
  const [savedRows, setSavedRows] = useState<Record<string, CandidateRow>>({});
  const [changeOf, setChangeOf] = useState<{ row: CandidateRow; method: EvaluationMethodRow } | null>(null);
  const grid = useRef<HTMLDivElement>(null);

  const page = candidates.data && {
    ...candidates.data,
    list: candidates.data.list.map((r) => savedRows[r._id] ?? r),
  };
  const methods = plan.methods;

  const setCell = (key: string, next: CellState | null) =>
    setCells((all) => {
      const copy = { ...all };
      if (next) copy[key] = next;
      else delete copy[key];
      return copy;
    });

  const focusCell = (row: number, col: number) => {
    const input = grid.current?.querySelector<HTMLInputElement>(`input[data-cell="${row}:${col}"]`);
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!focusCell(row + (event.shiftKey ? -1 : 1), col)) event.currentTarget.blur();
    } else if (event.key === 'Tab') {
      const last = methods.length - 1;
      const [r, c] = event.shiftKey
        ? col > 0
          ? [row, col - 1]
          : [row - 1, last]
        : col < last
          ? [row, col + 1]
          : [row + 1, 0];
      if (focusCell(r, c)) event.preventDefault();
    } else if (event.key === 'Escape') {
      const target = event.currentTarget.dataset.key ?? '';
      setCell(target, null);
    }
  };

  const commit = async (row: CandidateRow, method: EvaluationMethodRow) => {
    const key = cellKey(row._id, method.method);
    const cell = cells[key];
    if (cell?.state !== 'editing') return;
    const parsed = parseCell(cell.text, method.full_mark, method.method_text);
    if ('error' in parsed) {
      setCell(key, { text: cell.text, state: 'error', error: parsed.error });
      return;
    }
    if (sameCell(storedOf(row, method.method), parsed)) {
      setCell(key, null);
      return;
    }
    setCell(key, { text: cell.text, state: 'saving' });
    try {
      const answer = await saveScores(plan, [
        { candidate_id: row._id, method: method.method, score: parsed.score, mark: parsed.mark },
      ]);
      if (Array.isArray(answer) && answer.length > 0)
        setSavedRows((all) => ({ ...all, ...Object.fromEntries(answer.map((r) => [r._id, r])) }));
      else void candidates.refetch();
      scoresChanged();
      // A newer text typed while saving stays for its own save.
      setCells((all) =>
        all[key]?.state === 'saving' ? { ...all, [key]: { text: formatCell(parsed), state: 'saved' } } : all,
      );
    } catch (error) {
      setCell(key, { text: cell.text, state: 'error', error: errorMessage(error) });
    }
  };

  const renderCell = (row: CandidateRow, method: EvaluationMethodRow, rowIndex: number, colIndex: number) => {
    const key = cellKey(row._id, method.method);
    const cell = cells[key];
    const stored = formatCell(storedOf(row, method.method));
    const marked = row.scores.find((x) => x.method === method.method);
    // Handed over by examiners' tasks: read-only here (a re-mark goes through returning the task).
    if (marked?.marked_by)
      return (
        <Space orientation="vertical" size={0}>
          <span>{stored || '-'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            考评员评分：{marked.marked_by}
            {marked.marked_time_str ? `（${marked.marked_time_str}）` : ''}
          </Typography.Text>
        </Space>
      );
    if (!editable)
      return (
        <Space size={4}>
          <span>{stored || <Typography.Text type="secondary">-</Typography.Text>}</span>
          {plan.abilities.can_request_change && (
            <Button type="link" size="small" onClick={() => setChangeOf({ row, method })}>
              申请修改
            </Button>
          )}
        </Space>
      );
    return (
      <div>
        <Input
          size="small"
          aria-label={`${row.name} ${method.method_text}`}
          data-cell={`${rowIndex}:${colIndex}`}
          data-key={key}
          value={cell && cell.state !== 'saved' ? cell.text : stored}
          status={cell?.state === 'error' ? 'error' : undefined}
          placeholder="未录入"
          style={{ width: 96 }}
          onChange={(e) => setCell(key, { text: e.target.value, state: 'editing' })}
          onKeyDown={(e) => onKeyDown(e, rowIndex, colIndex)}
          onBlur={() => void commit(row, method)}
        />
        <CellStatus cell={cell} />
      </div>
    );
  };

  const columns: TableColumnsType<CandidateRow> = [
    { title: '姓名', dataIndex: 'name', width: 100, fixed: 'start' },
    { title: '证件号码', dataIndex: 'id_number', width: 180 },
    ...methods.map((m, colIndex) => ({
      title: (
        <Tooltip title={`满分 ${m.full_mark}，合格 ${m.pass_mark}`}>
          {m.method_text}（{m.pass_mark}/{m.full_mark}）
        </Tooltip>
      ),
      key: `m${m.method}`,
      width: 190,
      ellipsis: false,
      render: (_: unknown, r: CandidateRow, rowIndex: number) => renderCell(r, m, rowIndex, colIndex),
    })),
    {
      title: '结果',
      key: 'result',
      width: 90,
      render: (_, r) =>
        r.result ? (
          <Tag color={resultColors[r.result]}>{r.result_text}</Tag>
        ) : (
          <Typography.Text type="secondary">未完成</Typography.Text>
        ),
    },
  ];

  const exportUrl = `${planPath(plan)}/scores/export`;
  return (
    <div ref={grid}>
      {editable && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {SCORE_INPUT_HINT}。回车移到下一行，Tab 移到下一列（Shift 反向），离开单元格即保存。
        </Typography.Paragraph>
      )}
      <PagedSearchTable<CandidateRow, ScoreFilters>
        searchLabel="成绩搜索"
        paged={paged}
        result={{ ...candidates, data: page }}
        columns={columns}
        size="small"
        loading={candidates.isFetching && !candidates.data}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '姓名或证件号码', width: 180 },
          {
            name: 'result',
            label: '结果',
            width: 120,
            options: [
              { label: '未完成', value: 0 },
              { label: '合格', value: 1 },
              { label: '不合格', value: 2 },
              { label: '缺考', value: 3 },
              { label: '违纪', value: 4 },
              { label: '违规', value: 5 },
            ],
          },
        ]}
        toolbar={
          <Space wrap>
            {editable && (
              <SheetImport<ImportResult>
                title="导入成绩"
                extension="xlsx"
                url={`${planPath(plan)}/scores/import`}
                template={{ url: exportUrl, name: '成绩表.xlsx' }}
                hint="按证件号码匹配考生；每种评价方式一列，填分数或 缺考/违纪/违规。可先导出成绩表作为模板。"
                renderResult={(result) => <ImportResultView result={result} />}
                onDone={() => {
                  setSavedRows({});
                  setCells({});
                  mutations.refresh();
                }}
              />
            )}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadFile(exportUrl, `${plan.name}成绩表.xlsx`).catch(() => undefined)}
            >
              导出成绩
            </Button>
          </Space>
        }
      />
      <ScoreChangeDialog
        target={changeOf}
        onClose={() => setChangeOf(null)}
        onSubmit={async (value, reason) => {
          if (!changeOf) return;
          await mutations.requestChange.mutateAsync({
            candidate_id: changeOf.row._id,
            method: changeOf.method.method,
            score: value.score,
            mark: value.mark,
            reason,
          });
          message.success('已提交成绩修改申请，待管理员审批');
          setChangeOf(null);
        }}
      />
    </div>
  );
}

function CellStatus({ cell }: { cell: CellState | undefined }) {
  if (!cell || cell.state === 'editing') return null;
  const style = { fontSize: 12, display: 'block', lineHeight: '18px' };
  if (cell.state === 'saving')
    return (
      <Typography.Text type="secondary" style={style}>
        <LoadingOutlined /> 保存中
      </Typography.Text>
    );
  if (cell.state === 'saved')
    return (
      <Typography.Text type="success" style={style}>
        <CheckCircleFilled /> 已保存
      </Typography.Text>
    );
  return (
    <Typography.Text type="danger" style={{ ...style, whiteSpace: 'normal' }} role="alert">
      <CloseCircleFilled /> 保存失败：{cell.error}
    </Typography.Text>
  );
}

/** 申请修改 in 公示中: the new score or mark and a required reason. */
function ScoreChangeDialog({
  target,
  onClose,
  onSubmit,
}: {
  target: { row: CandidateRow; method: EvaluationMethodRow } | null;
  onClose: () => void;
  onSubmit: (value: { score: number | null; mark: ScoreMarkValue | null }, reason: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ value?: string; reason?: string }>();
  const unsaved = useUnsavedForm(form, target !== null);
  const method = target?.method;
  const submit = useAction(async () => {
    if (!method) return;
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const parsed = parseCell(v.value ?? '', method.full_mark, method.method_text);
    if ('error' in parsed) return;
    try {
      await unsaved.whileSaving(() => onSubmit(parsed, (v.reason ?? '').trim()));
    } catch {
      // shown by the client; what was typed stays
    }
  });
  return (
    <Modal
      title={target ? `申请修改成绩：${target.row.name} · ${target.method.method_text}` : ''}
      open={target !== null}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={submit.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      onOk={() => void submit.run()}
    >
      {target && (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="当前成绩">
            {formatCell(storedOf(target.row, target.method.method)) || '未录入'}
          </Form.Item>
          <Form.Item
            name="value"
            label="修改为"
            extra={SCORE_INPUT_HINT}
            rules={[
              {
                required: true,
                validator: async (_r, v: string | undefined) => {
                  if (!v?.trim()) throw new Error('请输入修改后的成绩');
                  const parsed = parseCell(v, target.method.full_mark, target.method.method_text);
                  if ('error' in parsed) throw new Error(parsed.error);
                },
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="reason"
            label="修改原因"
            rules={[
              { required: true, whitespace: true, message: '请输入修改原因' },
              { max: 500, message: '修改原因不能超过500个字符' },
            ]}
          >
            <Input.TextArea rows={3} placeholder="必填" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
