import { STALE_SCORE } from '@skill-cert/shared/exam-tasks';
import type {
  CandidateRow,
  ExamineeRow,
  ExamSessionList,
  ImportResult,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assign,
  candidateOfCard,
  cardsOf,
  examinerAccount,
  examinerPlan,
  planBase,
  qualify,
  scoreAndSubmit,
  scoreItem,
} from '../../../test/fixtures/exam-tasks.ts';
import {
  approvedInstitutionFiling,
  ok,
  planUrl,
  registeringPlan,
} from '../../../test/fixtures/institutions.ts';
import { filingBody } from '../../../test/fixtures/level-evaluations.ts';
import { downloadXlsx, postFile } from '../../../test/fixtures/level-evaluations-app.ts';
import { validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { messages } from '../messages/tables.ts';
import {
  examinerQualifications,
  levelEvaluationLogs,
  levelEvaluationStaff,
  levelEvaluations,
} from './tables.ts';

const ctx = useTestApp();
type Task = {
  _id: string;
  status: number;
  status_text: string;
  done: number;
  total: number;
  return_reason: string | null;
};

const tasksOf = async (token: string) =>
  (await api<Paged<Task>>(ctx.app, 'GET', '/api/examTasks', { token })).body.data.list;

async function candidateRows(owner: string, plan: string) {
  const res = await api<Paged<CandidateRow>>(ctx.app, 'GET', `${planBase(plan)}/candidates?per_page=50`, {
    token: owner,
  });
  return res.body.data.list;
}

describe('examiner tasks', () => {
  it('an examiner sees only their own tasks: every route of another examiner’s task answers 404', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    expect((await tasksOf(p.second.token)).length).toBe(0);
    const calls: ['GET' | 'PUT' | 'POST', string, unknown?][] = [
      ['GET', `/api/examTasks/${task}`],
      ['GET', `/api/examTasks/${task}/cards`],
      ['PUT', `/api/examTasks/${task}/cards/${card._id}/items/1`, { score: 50, remark: null, version: 0 }],
      ['POST', `/api/examTasks/${task}/submit`],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(ctx.app, method, url, { token: p.second.token, body });
      expect([url, res.status, res.body.message]).toEqual([url, 404, '考评任务不存在或已删除']);
    }
    const own = await tasksOf(p.kaoping.token);
    expect(own.map((t) => [t._id, t.status_text, t.done, t.total])).toContainEqual([task, '待开始', 0, 3]);
  });

  it('a task appears when assigned and disappears when unassigned before scoring started; once scored it stays', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.second });
    expect((await tasksOf(p.second.token)).map((t) => t._id)).toEqual([task]);
    const removed = await api(ctx.app, 'DELETE', `${planBase(p.plan)}/examTasks/${task}`, { token: p.owner });
    expect(removed.body.code, removed.body.message).toBe(200);
    expect(await tasksOf(p.second.token)).toEqual([]);

    const again = await assign(ctx.app, p, { person_id: p.people.second });
    const [card] = await cardsOf(ctx.app, p.second.token, again);
    expect((await scoreItem(ctx.app, p.second.token, again, card, 1, 80)).body.code).toBe(200);
    expect((await tasksOf(p.second.token))[0].status_text).toBe('进行中');
    const refused = await api(ctx.app, 'DELETE', `${planBase(p.plan)}/examTasks/${again}`, {
      token: p.owner,
    });
    expect([refused.status, refused.body.message]).toEqual([400, '二号考评已开始评分，不能取消分配']);
  });

  it('scores lie within the item maximum in steps of 0.5', async () => {
    const p = await examinerPlan(ctx.app);
    const items = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
      token: p.owner,
      body: {
        items: [
          { name: '选择题', max: 40 },
          { name: '简答题', max: 60 },
        ],
      },
    });
    expect(items.body.code, items.body.message).toBe(200);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    const over = await scoreItem(ctx.app, p.kaoping.token, task, card, 1, 40.5);
    expect([over.status, over.body.message]).toEqual([400, '第1题「选择题」得分不能超过该题满分 40']);
    const step = await scoreItem(ctx.app, p.kaoping.token, task, card, 2, 30.3);
    expect(step.status).toBe(400);
    expect(step.body.message).toContain('分数须为0.5的整数倍');
    const fine = await scoreItem(ctx.app, p.kaoping.token, task, card, 1, 39.5);
    expect(fine.body.code, fine.body.message).toBe(200);
    expect(fine.body.data.card.total).toBe(39.5);
    expect(fine.body.data.card.complete).toBe(false);
  });

  it('a save answers the task’s progress: an examinee is done once every item of the method is scored', async () => {
    const p = await examinerPlan(ctx.app);
    const items = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
      token: p.owner,
      body: {
        items: [
          { name: '选择题', max: 40 },
          { name: '简答题', max: 60 },
        ],
      },
    });
    expect(items.body.code, items.body.message).toBe(200);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    const first = await scoreItem(ctx.app, p.kaoping.token, task, card, 1, 30);
    expect([first.body.data.done, first.body.data.total, first.body.data.card.complete]).toEqual([
      0,
      3,
      false,
    ]);
    const second = await scoreItem(ctx.app, p.kaoping.token, task, card, 2, 50);
    expect([second.body.data.done, second.body.data.total, second.body.data.card.total]).toEqual([1, 3, 80]);
    // A score typed over keeps the examinee done; a score emptied makes them open again, in the list's filters too.
    const over = await scoreItem(ctx.app, p.kaoping.token, task, second.body.data.card, 2, 55);
    expect([over.body.data.done, over.body.data.card.total]).toEqual([1, 85]);
    const cleared = await scoreItem(ctx.app, p.kaoping.token, task, over.body.data.card, 1, null);
    expect([cleared.body.data.done, cleared.body.data.card.complete]).toEqual([0, false]);
    const open = await api<{ list: { _id: string }[] }>(
      ctx.app,
      'GET',
      `/api/examTasks/${task}/cards?state=0`,
      {
        token: p.kaoping.token,
      },
    );
    expect(open.body.data.list.map((c) => c._id)).toContain(card._id);
    const listed = await api<{ list: { _id: string; done: number }[] }>(ctx.app, 'GET', '/api/examTasks', {
      token: p.kaoping.token,
    });
    expect(listed.body.data.list.find((t) => t._id === task)?.done).toBe(0);
  });

  it('a card that is not of the task answers 404 考生答卷不存在, even one of the examiner’s other task', async () => {
    const p = await examinerPlan(ctx.app, {
      methods: [
        { method: 1, full: 100, pass: 60 },
        { method: 2, full: 100, pass: 60 },
      ],
    });
    const theory = await assign(ctx.app, p, { person_id: p.people.kaoping, method: 1 });
    const practical = await assign(ctx.app, p, { person_id: p.people.kaoping, method: 2 });
    const [other] = await cardsOf(ctx.app, p.kaoping.token, practical);
    const res = await scoreItem(ctx.app, p.kaoping.token, theory, other, 1, 50);
    expect([res.status, res.body.message]).toEqual([404, '考生答卷不存在']);
    const stored = await cardsOf(ctx.app, p.kaoping.token, practical);
    expect(stored.find((c) => c._id === other._id)?.items[0].score).toBeNull();
  });

  it('a method split into items must add up to its full mark, and they are fixed once scoring started', async () => {
    const p = await examinerPlan(ctx.app);
    const wrong = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
      token: p.owner,
      body: {
        items: [
          { name: '一', max: 50 },
          { name: '二', max: 40 },
        ],
      },
    });
    expect([wrong.status, wrong.body.message]).toEqual([
      400,
      '各题满分之和（90）须等于理论知识考试的满分 100',
    ]);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    expect(card.items.map((i) => i.item_no)).toEqual([1]);
    await scoreItem(ctx.app, p.kaoping.token, task, card, 1, 70);
    const late = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
      token: p.owner,
      body: {
        items: [
          { name: '一', max: 50 },
          { name: '二', max: 50 },
        ],
      },
    });
    expect([late.status, late.body.message]).toEqual([400, '考评员已开始评分，题目和双评设置不能再修改']);
  });

  it('a stale save from a second tab is refused with 409 and overwrites nothing', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [tabA] = await cardsOf(ctx.app, p.kaoping.token, task);
    const tabB = structuredClone(tabA);
    expect((await scoreItem(ctx.app, p.kaoping.token, task, tabA, 1, 61)).body.code).toBe(200);
    const stale = await scoreItem(ctx.app, p.kaoping.token, task, tabB, 1, 99);
    expect([stale.status, stale.body.code, stale.body.message]).toEqual([409, 409, STALE_SCORE]);
    const [now] = await cardsOf(ctx.app, p.kaoping.token, task);
    expect(now.items[0]).toMatchObject({ score: 61, version: 1 });
    // A save that read the stored version goes through.
    expect(
      (await scoreItem(ctx.app, p.kaoping.token, task, now, 1, 62)).body.data.card.items[0].version,
    ).toBe(2);
  });

  it('submit is refused while an examinee is incomplete', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    await scoreItem(ctx.app, p.kaoping.token, task, card, 1, 70);
    const res = await api(ctx.app, 'POST', `/api/examTasks/${task}/submit`, { token: p.kaoping.token });
    expect([res.status, res.body.message]).toEqual([400, '还有 2 名考生未评完，不能提交']);
  });

  it('submit hands the scores to the plan with who marked them and when; the owner can no longer type over them, nor the examiner', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const cards = await scoreAndSubmit(ctx.app, p.kaoping.token, task, [88, 59.5, 70]);
    const rows = await candidateRows(p.owner, p.plan);
    const byName = new Map(rows.map((r) => [r.name, r.scores[0]]));
    const first = await candidateOfCard(ctx.app, cards[0]._id);
    const firstRow = rows.find((r) => r._id === first)!;
    expect(firstRow.scores[0]).toMatchObject({ method: 1, score: 88, marked_by: '柯萍' });
    expect(firstRow.scores[0].marked_time_str).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect([...byName.values()].map((s) => s.score).sort()).toEqual([59.5, 70, 88]);
    expect((await tasksOf(p.kaoping.token))[0].status_text).toBe('已提交');

    const typed = await api(ctx.app, 'PATCH', `${planBase(p.plan)}/scores`, {
      token: p.owner,
      body: { scores: [{ candidate_id: first, method: 1, score: 10, mark: null }] },
    });
    expect([typed.status, typed.body.message]).toEqual([
      400,
      `${firstRow.name}的理论知识考试成绩由考评员评分提交，不能直接修改；如需重评请退回考评任务`,
    ]);
    const same = await api(ctx.app, 'PATCH', `${planBase(p.plan)}/scores`, {
      token: p.owner,
      body: { scores: [{ candidate_id: first, method: 1, score: 88, mark: null }] },
    });
    expect(same.body.code, same.body.message).toBe(200);

    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    const late = await scoreItem(ctx.app, p.kaoping.token, task, card, 1, 1);
    expect([late.status, late.body.message]).toEqual([400, '任务已提交，不能再修改评分']);
    await ctx.app.db.update(levelEvaluations).set({ status: 3 }).where(eq(levelEvaluations.id, p.plan));
    expect((await tasksOf(p.kaoping.token))[0].status_text).toBe('已完成');
  });

  it('an imported score sheet keeps the scores examiners handed over, with a warning', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    await scoreAndSubmit(ctx.app, p.kaoping.token, task, [88, 59.5, 70]);
    const workbook = await downloadXlsx(ctx.app, `${planBase(p.plan)}/scores/export`, p.owner);
    const sheet = workbook.worksheets[0];
    for (const row of [2, 3, 4]) sheet.getCell(`C${row}`).value = 10;
    const res = await postFile<ImportResult>(
      ctx.app,
      `${planBase(p.plan)}/scores/import`,
      '成绩.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      p.owner,
    );
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.warnings).toEqual(['3 个成绩由考评员评分提交，保留原成绩，未按表格修改']);
    const scores = (await candidateRows(p.owner, p.plan)).map((r) => r.scores[0].score).sort();
    expect(scores).toEqual([59.5, 70, 88]);
  });

  it('a return of single examinees reopens only those, with the reason, and messages the examiner a link to the task', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const cards = await scoreAndSubmit(ctx.app, p.kaoping.token, task, [80, 81, 82]);
    const early = await api(ctx.app, 'POST', `${planBase(p.plan)}/examTasks/${task}/return`, {
      token: p.owner,
      body: { candidate_ids: [p.candidates[0].id, '00000000-0000-7000-8000-000000000000'], reason: '漏评' },
    });
    expect([early.status, early.body.message]).toEqual([400, '所选考生不在该任务中']);
    const returned = await candidateOfCard(ctx.app, cards[1]._id);
    const res = await api<Task>(ctx.app, 'POST', `${planBase(p.plan)}/examTasks/${task}/return`, {
      token: p.owner,
      body: { candidate_ids: [returned], reason: '第二题漏评' },
    });
    expect(res.body.code, res.body.message).toBe(200);
    expect([res.body.data.status_text, res.body.data.return_reason]).toEqual(['已退回', '第二题漏评']);

    const now = await cardsOf(ctx.app, p.kaoping.token, task);
    expect(now.map((c) => [c._id, c.return_reason, c.editable])).toEqual([
      [cards[0]._id, null, false],
      [cards[1]._id, '第二题漏评', true],
      [cards[2]._id, null, false],
    ]);
    const other = await scoreItem(ctx.app, p.kaoping.token, task, now[0], 1, 10);
    expect([other.status, other.body.message]).toEqual([400, '该考生的评分已提交，不能修改']);
    const [message] = await ctx.app.db
      .select()
      .from(messages)
      .where(eq(messages.templateKey, TemplateKey.EXAM_TASK_RETURNED));
    expect([message.userId, message.relatedId]).toEqual([p.kaoping.id, task]);
    expect(message.content).toContain('第二题漏评');

    expect((await scoreItem(ctx.app, p.kaoping.token, task, now[1], 1, 90)).body.code).toBe(200);
    const again = await api(ctx.app, 'POST', `/api/examTasks/${task}/submit`, { token: p.kaoping.token });
    expect(again.body.code, again.body.message).toBe(200);
    const row = (await candidateRows(p.owner, p.plan)).find((r) => r._id === returned)!;
    expect(row.scores[0].score).toBe(90);
  });

  it('an examinee added after submission joins the task when it is returned, and is scored with the returned ones', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    await scoreAndSubmit(ctx.app, p.kaoping.token, task, [80]);
    const added = await api<CandidateRow[]>(ctx.app, 'POST', `${planBase(p.plan)}/candidates`, {
      token: p.owner,
      body: { candidates: [{ name: '李四新', id_number: validId(777) }] },
    });
    expect(added.body.code, added.body.message).toBe(200);
    const back = await api(ctx.app, 'POST', `${planBase(p.plan)}/examTasks/${task}/return`, {
      token: p.owner,
      body: { candidate_ids: [p.candidates[0].id], reason: '复核' },
    });
    expect(back.body.code, back.body.message).toBe(200);
    const open = (await cardsOf(ctx.app, p.kaoping.token, task)).filter((c) => c.editable);
    expect(open.length).toBe(2);
    for (const c of open)
      expect((await scoreItem(ctx.app, p.kaoping.token, task, c, 1, 66)).body.code).toBe(200);
    const again = await api(ctx.app, 'POST', `/api/examTasks/${task}/submit`, { token: p.kaoping.token });
    expect(again.body.code, again.body.message).toBe(200);
    const newcomer = (await candidateRows(p.owner, p.plan)).find((r) => r.name === '李四新')!;
    expect(newcomer.scores[0]).toMatchObject({ score: 66, marked_by: '柯萍' });
  });

  it('only a submitted task can be returned', async () => {
    const p = await examinerPlan(ctx.app);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const res = await api(ctx.app, 'POST', `${planBase(p.plan)}/examTasks/${task}/return`, {
      token: p.owner,
      body: { reason: '重评' },
    });
    expect([res.status, res.body.message]).toEqual([400, '任务待开始，只有已提交的任务可以退回']);
  });
});

describe('double marking', () => {
  async function doublePlan(tolerance: number) {
    const p = await examinerPlan(ctx.app);
    const set = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
      token: p.owner,
      body: {
        items: [{ name: '理论', max: 100 }],
        double_marking: true,
        tolerance,
        rounding: 1,
        leader_person_id: p.people.kaoping,
      },
    });
    expect(set.body.code, set.body.message).toBe(200);
    return p;
  }
  const markings = async (p: { owner: string; plan: string }) =>
    (
      await api<{ name: string; state_text: string; score: number | null; rounds: { round: number }[] }[]>(
        ctx.app,
        'GET',
        `${planBase(p.plan)}/markings?method=1`,
        { token: p.owner },
      )
    ).body.data;

  it('a difference equal to the tolerance: the mean of the two stands', async () => {
    const p = await doublePlan(5);
    const first = await assign(ctx.app, p, { person_id: p.people.second, round: 1 });
    const second = await assign(ctx.app, p, { person_id: p.people.third, round: 2 });
    await scoreAndSubmit(ctx.app, p.second.token, first, [80]);
    await scoreAndSubmit(ctx.app, p.third.token, second, [85]);
    const rows = await markings(p);
    expect(rows.map((r) => [r.state_text, r.score])).toEqual(Array(3).fill(['双评一致，取平均分', 82.5]));
    expect((await candidateRows(p.owner, p.plan))[0].scores[0]).toMatchObject({
      score: 82.5,
      marked_by: '二号考评、三号考评',
    });
  });

  it('past the tolerance a third marker; the third between both: the mean of the third and the nearer', async () => {
    const p = await doublePlan(5);
    const first = await assign(ctx.app, p, { person_id: p.people.second, round: 1 });
    const second = await assign(ctx.app, p, { person_id: p.people.third, round: 2 });
    await scoreAndSubmit(ctx.app, p.second.token, first, [70]);
    await scoreAndSubmit(ctx.app, p.third.token, second, [80]);
    expect((await markings(p)).map((r) => r.state_text)).toEqual(Array(3).fill('超出最大差值，待三评'));
    const sameExaminer = await api(ctx.app, 'POST', `${planBase(p.plan)}/examTasks`, {
      token: p.owner,
      body: { person_id: p.people.second, method: 1, round: 3 },
    });
    expect([sameExaminer.status, sameExaminer.body.message]).toEqual([
      400,
      '双评的各轮须由不同考评员评分：二号考评已担任一评',
    ]);
    const third = await assign(ctx.app, p, { person_id: p.people.kaoping, round: 3 });
    expect((await cardsOf(ctx.app, p.kaoping.token, third)).length).toBe(3);
    await scoreAndSubmit(ctx.app, p.kaoping.token, third, [77]);
    expect((await markings(p)).map((r) => [r.state_text, r.score])).toEqual(
      Array(3).fill(['三评取相近分的平均分', 78.5]),
    );
  });

  it('the third outside the tolerance of both: the group leader decides', async () => {
    const extra = await examinerAccount(ctx.app, 'kaoping4', '13911119004');
    const p = await doublePlan(5);
    await ctx.app.db.insert(levelEvaluationStaff).values({
      evaluationId: p.plan,
      personId: '00000000-0000-7000-8000-00000000000f',
      kind: 1,
      name: '四号考评',
      phone: extra.phone,
    });
    await qualify(ctx.app, extra.id);
    const first = await assign(ctx.app, p, { person_id: p.people.second, round: 1 });
    const second = await assign(ctx.app, p, { person_id: p.people.third, round: 2 });
    const third = await assign(ctx.app, p, { person_id: '00000000-0000-7000-8000-00000000000f', round: 3 });
    await scoreAndSubmit(ctx.app, p.second.token, first, [60]);
    await scoreAndSubmit(ctx.app, p.third.token, second, [80]);
    await scoreAndSubmit(ctx.app, extra.token, third, [95]);
    expect((await markings(p)).map((r) => [r.state_text, r.score])).toEqual(
      Array(3).fill(['三评仍超差，待组长裁定', null]),
    );
    const leaderTasks = await tasksOf(p.kaoping.token);
    expect(leaderTasks.map((t) => [t.status_text, t.total])).toEqual([['待开始', 3]]);
    // The leader sees the three totals, not who gave them.
    const [leaderCard] = await cardsOf(ctx.app, p.kaoping.token, leaderTasks[0]._id);
    expect(leaderCard.earlier).toEqual([
      { round: 1, round_text: '一评', total: 60 },
      { round: 2, round_text: '二评', total: 80 },
      { round: 3, round_text: '三评', total: 95 },
    ]);
    await scoreAndSubmit(ctx.app, p.kaoping.token, leaderTasks[0]._id, [72]);
    const rows = await markings(p);
    expect(rows.map((r) => [r.state_text, r.score, r.rounds.map((x) => x.round)])).toEqual(
      Array(3).fill(['组长已裁定', 72, [1, 2, 3, 4]]),
    );
  });
});

describe('anonymity', () => {
  it('no answer of a scoring route carries a candidate’s name or ID number without the reveal key; each reveal is logged', async () => {
    const p = await examinerPlan(ctx.app);
    const rule = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
      token: p.owner,
      body: { items: [{ name: '理论', max: 100 }], double_marking: true, tolerance: 5 },
    });
    expect(rule.body.code, rule.body.message).toBe(200);
    const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
    const [card] = await cardsOf(ctx.app, p.kaoping.token, task);
    const secrets = p.candidates.flatMap((c) => [c.name, c.idNumber]);
    const routes = ctx.app
      .registeredRoutes()
      .filter((r) => r.url.startsWith('/api/examTasks') && r.method !== 'HEAD')
      // Submitting last: it closes the task the others read.
      .sort((a, b) => Number(a.url.endsWith('/submit')) - Number(b.url.endsWith('/submit')));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const answered: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(':id', task).replace(':cardId', card._id).replace(':itemNo', '1');
      const body = route.method === 'PUT' ? { score: 50, remark: null, version: 0 } : undefined;
      if (route.url.endsWith('/submit'))
        for (const c of await cardsOf(ctx.app, p.kaoping.token, task))
          if (!c.complete) await scoreItem(ctx.app, p.kaoping.token, task, c, 1, 60);
      const res = await api(ctx.app, route.method as 'GET', url, { token: p.kaoping.token, body });
      const text = JSON.stringify(res.body);
      if (route.url.endsWith('/identity')) {
        expect([res.status, res.body.message]).toEqual([403, '没有权限执行此操作']);
      } else {
        expect([route.url, res.body.code, res.body.message]).toEqual([route.url, 200, res.body.message]);
      }
      expect(
        secrets.filter((s) => text.includes(s)).map((s) => `${route.method} ${route.url}: ${s}`),
      ).toEqual([]);
      answered.push(`${route.method} ${route.url}`);
    }
    expect(answered).toContain('GET /api/examTasks/:id/cards/:cardId/identity');

    const revealer = await examinerAccount(ctx.app, 'kaoping5', '13911119005', [
      'examiner:task:list',
      'examiner:task:score',
      'examiner:task:reveal',
    ]);
    await qualify(ctx.app, revealer.id);
    await ctx.app.db.insert(levelEvaluationStaff).values({
      evaluationId: p.plan,
      personId: '00000000-0000-7000-8000-00000000001f',
      kind: 1,
      name: '五号考评',
      phone: revealer.phone,
    });
    const second = await assign(ctx.app, p, { person_id: '00000000-0000-7000-8000-00000000001f', round: 2 });
    const [theirs] = await cardsOf(ctx.app, revealer.token, second);
    const shown = await api<{ name: string; id_number: string }>(
      ctx.app,
      'GET',
      `/api/examTasks/${second}/cards/${theirs._id}/identity`,
      { token: revealer.token },
    );
    expect(shown.body.code, shown.body.message).toBe(200);
    const behind = p.candidates.find((c) => c.name === shown.body.data.name)!;
    expect(shown.body.data.id_number).toBe(behind.idNumber);
    const logs = await ctx.app.db
      .select()
      .from(levelEvaluationLogs)
      .where(
        and(eq(levelEvaluationLogs.evaluationId, p.plan), eq(levelEvaluationLogs.action, 'revealIdentity')),
      );
    expect(logs.map((l) => [l.userName, l.note])).toEqual([
      ['kaoping5', `理论知识考试二评密号 ${theirs.masked_code}：${behind.name}`],
    ]);
  });
});

describe('qualifications', () => {
  it('assigning an examiner without any qualification is refused; one not covering the plan is warned about', async () => {
    const p = await examinerPlan(ctx.app, { qualified: false });
    const none = await api(ctx.app, 'POST', `${planBase(p.plan)}/examTasks`, {
      token: p.owner,
      body: { person_id: p.people.second, method: 1 },
    });
    expect([none.status, none.body.message]).toEqual([400, '二号考评没有登记考评员资格，不能分配考评任务']);

    await qualify(ctx.app, p.second.id, '2030-12-31', '6-18-02-04');
    const other = await api<{ warnings: string[] }>(ctx.app, 'POST', `${planBase(p.plan)}/examTasks`, {
      token: p.owner,
      body: { person_id: p.people.second, method: 1 },
    });
    expect(other.body.code, other.body.message).toBe(200);
    expect(other.body.data.warnings).toEqual(['二号考评的考评员资格不含职业「电工」']);
    expect(other.body.message).toBe('已分配给二号考评。请注意：二号考评的考评员资格不含职业「电工」');
  });

  it('a qualification that expires before the exam day is warned about, naming its number and date', async () => {
    const p = await examinerPlan(ctx.app, { qualified: false });
    await qualify(ctx.app, p.third.id, '2026-12-09');
    const [q] = await ctx.app.db
      .select()
      .from(examinerQualifications)
      .where(eq(examinerQualifications.userId, p.third.id));
    const res = await api<{ warnings: string[] }>(ctx.app, 'POST', `${planBase(p.plan)}/examTasks`, {
      token: p.owner,
      body: { person_id: p.people.third, method: 1 },
    });
    expect(res.body.data.warnings).toEqual([
      `三号考评的考评员资格（证书编号 ${q.certificateNo}）2026-12-09到期，早于考试日期 2026-12-10`,
    ]);
  });

  it('an examiner keeps their own qualifications; another examiner’s answers 404', async () => {
    const p = await examinerPlan(ctx.app, { qualified: false });
    const body = {
      occupation_code: '6-31-01-03',
      level_low: 5,
      level_high: 3,
      certificate_no: 'KPY2026001',
      valid_until: '2029-06-30',
    };
    const added = await api<{ _id: string; occupation_name: string; level_text: string }>(
      ctx.app,
      'POST',
      '/api/examinerQualifications',
      { token: p.kaoping.token, body },
    );
    expect(added.body.code, added.body.message).toBe(200);
    expect([added.body.data.occupation_name, added.body.data.level_text]).toEqual([
      '电工',
      '五级/初级工 至 三级/高级工',
    ]);
    const inverted = await api(ctx.app, 'POST', '/api/examinerQualifications', {
      token: p.kaoping.token,
      body: { ...body, level_low: 3, level_high: 5 },
    });
    expect([inverted.status, inverted.body.message]).toEqual([400, '最高等级不能低于最低等级']);
    const foreign = await api(ctx.app, 'DELETE', `/api/examinerQualifications/${added.body.data._id}`, {
      token: p.second.token,
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, '考评员资格不存在或已删除']);
    const mine = await api<unknown[]>(ctx.app, 'GET', '/api/examinerQualifications', {
      token: p.kaoping.token,
    });
    expect(mine.body.data.length).toBe(1);
  });
});

describe('test plans', () => {
  it('an institution assigns per room: the task holds the examinees seated there, and the results tab shows who marked', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const filing = await approvedInstitutionFiling(ctx.app, token, filingBody('13800000004'));
    const { plan, examinees } = await registeringPlan(ctx.app, token, { n: 4, filing });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/startExam'));
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/endExam'));
    const { sessions } = await ok<ExamSessionList>(ctx.app, token, 'GET', planUrl(plan._id, '/sessions'));
    const practicalRoom = sessions.find((s) => s.method === 2)!.rooms[0];
    const theoryRoom = sessions.find((s) => s.method === 1)!.rooms[0];
    const kaoping = await login(ctx.app, 'kaoping');
    await qualify(ctx.app, kaoping._id);
    const person = filing.examiners[0]._id;

    const wrongRoom = await api(ctx.app, 'POST', planUrl(plan._id, '/examTasks'), {
      token,
      body: { person_id: person, method: 2, room_id: theoryRoom._id },
    });
    expect([wrongRoom.status, wrongRoom.body.message]).toEqual([400, '所选考场不属于本计划该评价方式的场次']);
    const task = await api<{ _id: string; room_name: string; total: number; kind_text: string }>(
      ctx.app,
      'POST',
      planUrl(plan._id, '/examTasks'),
      { token, body: { person_id: person, method: 2, room_id: practicalRoom._id, deadline: '2026-12-06' } },
    );
    expect(task.body.code, task.body.message).toBe(200);
    expect([task.body.data.room_name, task.body.data.total, task.body.data.kind_text]).toEqual([
      practicalRoom.name,
      practicalRoom.seated_count,
      '实操评分',
    ]);
    await scoreAndSubmit(ctx.app, kaoping.token, task.body.data._id, [76.5]);
    const rows = (
      await api<Paged<ExamineeRow>>(ctx.app, 'GET', `${planUrl(plan._id, '/examinees')}?per_page=50`, {
        token,
      })
    ).body.data.list;
    const marked = rows.filter((r) => r.scores.some((s) => s.method === 2 && s.marked_by === '张考评'));
    expect(marked.length).toBe(practicalRoom.seated_count);
    expect(examinees.length).toBe(4);
  });
});
