import type { CandidateRow, ScoreEntry } from '@skill-cert/shared/level-evaluations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { abilities, candidate, PLAN_ID, planDetail } from '@/test/level-evaluations';
import { renderWithProviders } from '@/test/render';
import { findDialog } from '@/test/ui';
import { ScoreTable } from './components/score-table';

const base = `/api/levelEvaluations/${PLAN_ID}`;
const rows = [candidate(0), candidate(1), candidate(2)];

/** The server's PATCH: stores the entry and answers the touched row with its new result. */
function scoreServer(refuse?: string) {
  return installFakeNetwork({
    [`GET ${base}/candidates`]: paged(rows),
    [`PATCH ${base}/scores`]: (request) => {
      if (refuse) return fail(400, refuse);
      const [entry] = (request.body as { scores: ScoreEntry[] }).scores;
      const row = rows.find((r) => r._id === entry.candidate_id) as CandidateRow;
      const saved: CandidateRow = {
        ...row,
        scores: [{ method: entry.method, score: entry.score, mark: entry.mark }],
        result: entry.mark === 1 ? 3 : null,
        result_text: entry.mark === 1 ? '缺考' : null,
      };
      return ok([saved]);
    },
  });
}

const cell = (name: string, method: string) => screen.findByLabelText(`${name} ${method}`);

describe('the score table', () => {
  it('a score handed over by examiners shows who marked it and when, and cannot be typed over', async () => {
    const marked: CandidateRow = {
      ...candidate(0),
      scores: [
        { method: 1, score: 82, mark: null, marked_by: '王考评', marked_time_str: '2026-12-07 10:00:00' },
      ],
    };
    installFakeNetwork({ [`GET ${base}/candidates`]: paged([marked, candidate(1)]) });
    renderWithProviders(<ScoreTable plan={planDetail()} />);
    expect(await screen.findByText('考评员评分：王考评（2026-12-07 10:00:00）')).toBeInTheDocument();
    expect(screen.queryByLabelText('王一 理论知识考试')).toBeNull();
    expect(await cell('王一', '技能操作考核')).toBeEnabled();
    expect(await cell('李二', '理论知识考试')).toBeEnabled();
  });

  it('Enter moves down, Tab across to the next row, Shift reverses', async () => {
    scoreServer();
    renderWithProviders(<ScoreTable plan={planDetail()} />);
    const user = userEvent.setup();
    await user.click(await cell('王一', '理论知识考试'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(await cell('李二', '理论知识考试'));
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(await cell('李二', '技能操作考核'));
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(await cell('赵三', '理论知识考试'));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(await cell('李二', '技能操作考核'));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(await cell('王一', '技能操作考核'));
  });

  it('a cell saves on leaving it, one PATCH for that cell, and shows 已保存', async () => {
    const network = scoreServer();
    renderWithProviders(<ScoreTable plan={planDetail()} />);
    const user = userEvent.setup();
    await user.type(await cell('王一', '理论知识考试'), '85.5');
    expect(network.callsTo(`PATCH ${base}/scores`)).toHaveLength(0);
    await user.keyboard('{Tab}');
    await waitFor(() => expect(network.callsTo(`PATCH ${base}/scores`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${base}/scores`)[0].body).toEqual({
      scores: [{ candidate_id: 'c-1', method: 1, score: 85.5, mark: null }],
    });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(await cell('王一', '理论知识考试')).toHaveValue('85.5');
    // Leaving a cell unchanged sends nothing.
    await user.keyboard('{Tab}');
    expect(network.callsTo(`PATCH ${base}/scores`)).toHaveLength(1);
  });

  it('a value the server refuses keeps the typed text and shows the reason', async () => {
    scoreServer('成绩不能超过满分100');
    renderWithProviders(<ScoreTable plan={planDetail()} />);
    const user = userEvent.setup();
    await user.type(await cell('李二', '技能操作考核'), '99');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/保存失败：成绩不能超过满分100/)).toBeInTheDocument();
    expect(await cell('李二', '技能操作考核')).toHaveValue('99');
  });

  it('a value over the full mark is refused before it is sent, naming the method', async () => {
    const network = scoreServer();
    renderWithProviders(<ScoreTable plan={planDetail()} />);
    const user = userEvent.setup();
    await user.type(await cell('王一', '理论知识考试'), '100.5');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/保存失败：理论知识考试成绩不能超过满分100/)).toBeInTheDocument();
    expect(await cell('王一', '理论知识考试')).toHaveValue('100.5');
    expect(network.callsTo(`PATCH ${base}/scores`)).toHaveLength(0);
  });

  it('q enters 缺考 as a mark, and the row shows its result', async () => {
    const network = scoreServer();
    renderWithProviders(<ScoreTable plan={planDetail()} />);
    const user = userEvent.setup();
    await user.type(await cell('赵三', '技能操作考核'), 'q');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.callsTo(`PATCH ${base}/scores`)).toHaveLength(1));
    expect(network.callsTo(`PATCH ${base}/scores`)[0].body).toEqual({
      scores: [{ candidate_id: 'c-3', method: 2, score: null, mark: 1 }],
    });
    await waitFor(async () => expect(await cell('赵三', '技能操作考核')).toHaveValue('缺考'));
    const row = (await cell('赵三', '技能操作考核')).closest('tr') as HTMLElement;
    expect(within(row).getByText('缺考')).toBeInTheDocument();
  });

  it('in 公示中 the table only reads; 申请修改 needs a reason and sends the change request', async () => {
    const scored = rows.map((r) => ({
      ...r,
      scores: [
        { method: 1 as const, score: 70, mark: null },
        { method: 2 as const, score: 50, mark: null },
      ],
    }));
    const network = installFakeNetwork({
      [`GET ${base}/candidates`]: paged(scored),
      [`POST ${base}/scoreChanges`]: ok(null),
    });
    renderWithProviders(
      <ScoreTable
        plan={planDetail({
          status: 4,
          status_text: '公示中',
          abilities: abilities({ can_request_change: true }),
        })}
      />,
    );
    const user = userEvent.setup();
    const row = (await screen.findByText('王一')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('textbox')).toBeNull();
    expect(within(row).getByText('50')).toBeInTheDocument();
    await user.click(within(row).getAllByText('申请修改')[1]);
    const dialog = await findDialog('申请修改成绩：王一 · 技能操作考核');
    await user.type(within(dialog).getByLabelText('修改为'), '65');
    await user.click(within(dialog).getByText('提交申请').closest('button') as HTMLElement);
    expect(await within(dialog).findByText('请输入修改原因')).toBeInTheDocument();
    expect(network.callsTo(`POST ${base}/scoreChanges`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('修改原因'), '复核发现漏计分');
    await user.click(within(dialog).getByText('提交申请').closest('button') as HTMLElement);
    await waitFor(() => expect(network.callsTo(`POST ${base}/scoreChanges`)).toHaveLength(1));
    expect(network.callsTo(`POST ${base}/scoreChanges`)[0].body).toEqual({
      candidate_id: 'c-1',
      method: 2,
      score: 65,
      mark: null,
      reason: '复核发现漏计分',
    });
  });
});
