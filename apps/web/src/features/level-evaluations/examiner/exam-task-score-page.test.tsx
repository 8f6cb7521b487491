import type { ExamCardRow, ExamTaskDetail } from '@skill-cert/shared/exam-tasks';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerDiscard } from '@/test/discard';
import { type FakeReply, type FakeRequest, fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { card, signInExaminer, TASK_ID, taskDetail } from './exam-task-fixtures';
import { ExamTaskScorePage } from './exam-task-score-page';

const BASE = `/api/examTasks/${TASK_ID}`;

function Page() {
  const params = useParams();
  return <ExamTaskScorePage params={params} />;
}

/**
 * A small examiner server: the task, its cards, item saves that check the version (409 when stale) and submit.
 * `onSave` may answer instead (a refusal).
 */
function renderScore({
  task = taskDetail(),
  cards = [card('10000001', [30, 50]), card('10000002', [null, null]), card('10000003', [null, null])],
  permissions,
  onSave,
}: {
  task?: ExamTaskDetail;
  cards?: ExamCardRow[];
  permissions?: string[];
  onSave?: (request: FakeRequest) => FakeReply | null;
} = {}) {
  const state = { cards: structuredClone(cards), task };
  const progress = () => ({
    done: state.cards.filter((c) => c.items.every((i) => i.score !== null)).length,
    total: state.cards.length,
  });
  const saves: Record<string, (r: FakeRequest) => FakeReply> = {};
  for (const c of cards)
    for (const i of task.items)
      saves[`PUT ${BASE}/cards/${c._id}/items/${i.item_no}`] = (r) => {
        const answer = onSave?.(r);
        if (answer) return answer;
        const body = r.body as { score: number | null; remark: string | null; version: number };
        const stored = state.cards.find((x) => x._id === c._id)!;
        const item = stored.items.find((x) => x.item_no === i.item_no)!;
        if (body.version !== item.version)
          return fail(409, '该题分数已在其他页面修改，本次保存未生效，请刷新后再评', 409);
        Object.assign(item, { score: body.score, remark: body.remark, version: item.version + 1 });
        stored.complete = stored.items.every((x) => x.score !== null);
        return ok({ card: structuredClone(stored), ...progress() });
      };
  const network = installFakeNetwork({
    ...signInExaminer(permissions),
    [`GET ${BASE}`]: () => ok(state.task),
    [`GET ${BASE}/cards`]: () => paged(structuredClone(state.cards), state.cards.length, 1, 50),
    [`POST ${BASE}/submit`]: () => {
      for (const c of state.cards) c.editable = false;
      state.task = {
        ...state.task,
        status: 2,
        status_text: '已提交',
        can_score: false,
        score_problem: '任务已提交，不能再修改评分',
      };
      return ok(state.task);
    },
    [`GET ${BASE}/cards/card-10000002/identity`]: ok({
      masked_code: '10000002',
      name: '李四',
      id_type_text: '居民身份证',
      id_number: '110101199001011234',
    }),
    ...saves,
  });
  const view = renderPage(`/exam-task/score/${TASK_ID}`, <Page />, [], '/exam-task/score/:id');
  return { network, state, ...view };
}

const box = (code: string, item: number) => screen.getByLabelText(`${code} 第${item}题得分`);
const savesOf = (network: ReturnType<typeof installFakeNetwork>, code: string, item: number) =>
  network.callsTo(`PUT ${BASE}/cards/card-${code}/items/${item}`);

describe('评分 (the examiner scores a task by masked code)', () => {
  it('shows examinees by masked code only, each item with its maximum, and the progress', async () => {
    renderScore();
    expect(await screen.findByRole('row', { name: '考生 10000001' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: '考生 10000002' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /第1题 选择题\s*满分 40/ })).toBeInTheDocument();
    expect(box('10000001', 1)).toHaveValue('30');
    expect(screen.getByText('已评完 1/3')).toBeInTheDocument();
    expect(screen.queryByText('李四')).toBeNull();
  });

  it("before its plan reaches marking, a task's cards read 未开放, not 已提交", async () => {
    renderScore({
      task: taskDetail({
        status: 0,
        status_text: '待开始',
        can_score: false,
        score_problem: '当前状态（已编排）不能录入成绩',
      }),
      cards: [{ ...card('10000001', [null, null]), editable: false }],
    });
    const row = await screen.findByRole('row', { name: '考生 10000001' });
    expect(within(row).getByText('未开放')).toBeInTheDocument();
    expect(within(row).queryByText('已提交')).toBeNull();
  });

  it('Enter moves to the next item, and from a complete card to the next examinee', async () => {
    const { network } = renderScore();
    await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(box('10000002', 1));
    await userEvent.keyboard('35{Enter}');
    expect(box('10000002', 2)).toHaveFocus();
    await userEvent.keyboard('52.5{Enter}');
    expect(box('10000003', 1)).toHaveFocus();
    await waitFor(() => expect(savesOf(network, '10000002', 2)).toHaveLength(1));
    expect(savesOf(network, '10000002', 1)[0].body).toEqual({ score: 35, remark: null, version: 0 });
    expect(savesOf(network, '10000002', 2)[0].body).toEqual({ score: 52.5, remark: null, version: 0 });
    await waitFor(() => expect(screen.getByText('已评完 2/3')).toBeInTheDocument());
  });

  it('Enter on the last item of an incomplete card goes back to its first empty item', async () => {
    renderScore();
    await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(box('10000002', 2));
    await userEvent.keyboard('20{Enter}');
    expect(box('10000002', 1)).toHaveFocus();
  });

  it('↑/↓ move between examinees on the same item', async () => {
    renderScore();
    await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(box('10000002', 2));
    await userEvent.keyboard('{ArrowDown}');
    expect(box('10000003', 2)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box('10000001', 2)).toHaveFocus();
  });

  it('a score saves by itself after a pause in typing, with the version read, and the next save of that item sends the new version', async () => {
    const { network } = renderScore();
    await screen.findByRole('row', { name: '考生 10000001' });
    await userEvent.tripleClick(box('10000001', 1));
    await userEvent.keyboard('38');
    await waitFor(() => expect(savesOf(network, '10000001', 1)).toHaveLength(1), { timeout: 3000 });
    expect(savesOf(network, '10000001', 1)[0].body).toEqual({ score: 38, remark: null, version: 1 });
    await waitFor(() => expect(screen.getByText('评分已自动保存')).toBeInTheDocument());
    await userEvent.keyboard('{Backspace}9');
    await waitFor(() => expect(savesOf(network, '10000001', 1)).toHaveLength(2), { timeout: 3000 });
    expect(savesOf(network, '10000001', 1)[1].body).toEqual({ score: 39, remark: null, version: 2 });
    expect(screen.queryByRole('button', { name: buttonName('保存') })).toBeNull();
  });

  it('a saved score is there again after a reload (read from the server)', async () => {
    const { network, state, unmount } = renderScore();
    await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(box('10000002', 1));
    await userEvent.keyboard('12{Enter}');
    await waitFor(() => expect(savesOf(network, '10000002', 1)).toHaveLength(1));
    await act(() => network.settled());
    unmount();
    renderScore({ cards: state.cards });
    await waitFor(() => expect(box('10000002', 1)).toHaveValue('12'));
  });

  it('a score over the maximum or not in steps of 0.5 says why and is not saved', async () => {
    const { network } = renderScore();
    await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(box('10000002', 1));
    await userEvent.keyboard('41{Enter}');
    expect(await screen.findByText('得分不能超过该题满分 40')).toBeInTheDocument();
    await userEvent.click(box('10000002', 2));
    await userEvent.keyboard('3.3{Enter}');
    expect(await screen.findByText('分数须为0.5的整数倍')).toBeInTheDocument();
    await act(() => network.settled());
    expect(savesOf(network, '10000002', 1)).toHaveLength(0);
    expect(savesOf(network, '10000002', 2)).toHaveLength(0);
  });

  it('leaving with a typed score that cannot be saved asks first', async () => {
    const { location } = renderScore();
    await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(box('10000002', 1));
    await userEvent.keyboard('41');
    await userEvent.click(screen.getByRole('button', { name: /返回考评任务/ }));
    await answerDiscard('继续编辑');
    expect(location()).toBe(`/exam-task/score/${TASK_ID}`);
    expect(box('10000002', 1)).toHaveValue('41');
  });

  it('a stale save (409) shows the server message and reloads that card instead of overwriting', async () => {
    const { network, state } = renderScore();
    await screen.findByRole('row', { name: '考生 10000001' });
    // Another tab saved item 1 meanwhile.
    Object.assign(state.cards[0].items[0], { score: 25, version: 2 });
    await userEvent.tripleClick(box('10000001', 1));
    await userEvent.keyboard('39{Enter}');
    expect(
      await screen.findByText('该题分数已在其他页面修改，本次保存未生效，请刷新后再评'),
    ).toBeInTheDocument();
    await waitFor(() => expect(box('10000001', 1)).toHaveValue('25'));
    expect(state.cards[0].items[0].score).toBe(25);
    expect(network.callsTo(`GET ${BASE}/cards`).length).toBeGreaterThanOrEqual(2);
  });

  it('提交 is disabled with the reason while examinees are incomplete', async () => {
    renderScore();
    await screen.findByRole('row', { name: '考生 10000001' });
    expect(await screen.findByRole('button', { name: buttonName('提交') })).toBeDisabled();
    expect(screen.getByText('还有 2 名考生未评完，不能提交')).toBeInTheDocument();
  });

  it('提交 asks first and submits once however often clicked', async () => {
    const { network } = renderScore({ cards: [card('10000001', [30, 50]), card('10000002', [20, 40])] });
    await screen.findByRole('row', { name: '考生 10000001' });
    const submit = await screen.findByRole('button', { name: buttonName('提交') });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定提交 2 名考生的评分吗？');
    const ok = within(dialog).getByRole('button', { name: buttonName('提交') });
    await userEvent.dblClick(ok);
    await waitFor(() => expect(network.callsTo(`POST ${BASE}/submit`)).toHaveLength(1));
    expect(await screen.findByText('任务已提交，不能再修改评分')).toBeInTheDocument();
    expect(await screen.findByText('评分已提交')).toBeInTheDocument();
    expect(box('10000001', 1)).toBeDisabled();
    // The cards are read again: each reads as handed over.
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: '考生 10000002' })).getByText('已提交'),
      ).toBeInTheDocument(),
    );
  });

  it('a returned examinee is highlighted with the reason; the others, handed over, cannot be edited', async () => {
    renderScore({
      task: taskDetail({ status: 3, status_text: '已退回', return_reason: '第2题评分过严' }),
      cards: [
        card('10000001', [30, 50], { editable: false }),
        card('10000002', [20, 40], { return_reason: '第2题评分过严' }),
      ],
    });
    const row = await screen.findByRole('row', { name: '考生 10000002' });
    expect(within(row).getByText('已退回')).toBeInTheDocument();
    expect(within(row).getByText('退回原因：第2题评分过严')).toBeInTheDocument();
    await waitFor(() => expect(box('10000002', 1)).toBeEnabled());
    expect(box('10000001', 1)).toBeDisabled();
  });

  it('a third marker sees the earlier rounds’ totals of each examinee, never who gave them', async () => {
    renderScore({
      task: taskDetail({ round: 3, round_text: '三评' }),
      cards: [
        card('10000001', [null, null], {
          earlier: [
            { round: 1, round_text: '一评', total: 80 },
            { round: 2, round_text: '二评', total: 70 },
          ],
        }),
      ],
    });
    const row = await screen.findByRole('row', { name: '考生 10000001' });
    expect(screen.getByRole('columnheader', { name: '前评总分' })).toBeInTheDocument();
    expect(within(row).getByText('一评 80，二评 70')).toBeInTheDocument();
  });

  it('查看考生身份 shows only with the reveal key', async () => {
    renderScore();
    await screen.findByRole('row', { name: '考生 10000001' });
    expect(screen.queryByRole('button', { name: '查看考生身份' })).toBeNull();
  });

  it('with the reveal key 查看考生身份 shows the name and ID number', async () => {
    renderScore({ permissions: ['examiner:task:list', 'examiner:task:score', 'examiner:task:reveal'] });
    const row = await screen.findByRole('row', { name: '考生 10000002' });
    await userEvent.click(await within(row).findByRole('button', { name: '查看考生身份' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('李四')).toBeInTheDocument();
    expect(within(dialog).getByText('110101199001011234')).toBeInTheDocument();
  });

  it('a task not found shows the server message', async () => {
    installFakeNetwork({
      ...signInExaminer(),
      [`GET ${BASE}`]: fail(404, '考评任务不存在或已删除', 404),
      [`GET ${BASE}/cards`]: fail(404, '考评任务不存在或已删除', 404),
    });
    renderPage(`/exam-task/score/${TASK_ID}`, <Page />, [], '/exam-task/score/:id');
    expect((await screen.findAllByText('考评任务不存在或已删除')).length).toBeGreaterThan(0);
  });
});
