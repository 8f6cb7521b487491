import {
  type CandidateRow,
  type EvaluationStatistics,
  EvaluationStatus,
  type ImportResult,
  type ScoreChangeRow,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { enterpriseToken } from '../../../test/fixtures/custom-certificates.ts';
import {
  base,
  downloadXlsx,
  expectPlanNotFound,
  otherCompanyUser,
  planRow,
  postFile,
  useEvaluationApp,
} from '../../../test/fixtures/level-evaluations-app.ts';
import { type SeedMethod, seedPlan, validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api } from '../../../test/harness.ts';
import { companyMembers } from '../companies/tables.ts';
import { findUserByAccount } from '../users/service.ts';
import { levelEvaluationLogs, levelEvaluations } from './tables.ts';

const { ctx, as } = useEvaluationApp();
type Entry = { candidate_id: string; method: number; score: number | null; mark?: number | null };

/** A plan in 进行中 (methods 理论 100/60 and 技能 100/60 unless given) with `n` candidates. */
async function planWith(n: number, methods?: SeedMethod[]) {
  const plan = await seedPlan(ctx.app.db, as.companyId, { methods });
  const res = await api<CandidateRow[]>(ctx.app, 'POST', `${base(plan)}/candidates`, {
    token: as.token,
    body: {
      candidates: Array.from({ length: n }, (_, i) => ({ name: `考生${i + 1}`, id_number: validId(i + 1) })),
    },
  });
  expect(res.status).toBe(200);
  return { plan, candidates: res.body.data };
}

const save = (plan: string, scores: Entry[], token = as.token) =>
  api<CandidateRow[]>(ctx.app, 'PATCH', `${base(plan)}/scores`, { token, body: { scores } });

const setStatus = (plan: string, status: number) =>
  ctx.app.db.update(levelEvaluations).set({ status }).where(eq(levelEvaluations.id, plan));

async function rows(plan: string) {
  const res = await api<Paged<CandidateRow>>(ctx.app, 'GET', `${base(plan)}/candidates?per_page=50`, {
    token: as.token,
  });
  return res.body.data.list;
}

const both = (candidate_id: string, a: number | null, b: number | null, marks: [number?, number?] = []) => [
  { candidate_id, method: 1, score: marks[0] ? null : a, mark: marks[0] ?? null },
  { candidate_id, method: 2, score: marks[1] ? null : b, mark: marks[1] ?? null },
];

describe('entering scores', () => {
  it('scores are entered directly only in 进行中; 公示中 asks for a change request; locked from 已通过', async () => {
    const { plan, candidates } = await planWith(1);
    const entry = [{ candidate_id: candidates[0]._id, method: 1, score: 80 }];
    expect((await save(plan, entry)).status).toBe(200);
    for (const [status, message] of [
      [EvaluationStatus.DRAFT, '当前状态（草稿）不能录入成绩'],
      [EvaluationStatus.RESULTS_PENDING, '当前状态（成绩待审核）不能录入成绩'],
      [EvaluationStatus.PUBLICITY, '当前状态（公示中）不能直接修改成绩，请提交成绩修改申请'],
      [EvaluationStatus.PASSED, '当前状态（已通过）成绩已锁定，不能修改'],
    ] as const) {
      await setStatus(plan, status);
      const res = await save(plan, [{ candidate_id: candidates[0]._id, method: 1, score: 90 }]);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await rows(plan))[0].scores).toEqual([{ method: 1, score: 80, mark: null }]);
  });

  it("a score may not pass its method's full mark, and the method must be one of the plan's", async () => {
    const { plan, candidates } = await planWith(1, [
      { method: 1, full: 100, pass: 60 },
      { method: 2, full: 50, pass: 30 },
    ]);
    const id = candidates[0]._id;
    const over = await save(plan, [
      { candidate_id: id, method: 1, score: 90 },
      { candidate_id: id, method: 2, score: 50.5 },
    ]);
    expect([over.status, over.body.message]).toEqual([400, '技能操作考核成绩不能超过满分 50']);
    const foreign = await save(plan, [{ candidate_id: id, method: 3, score: 10 }]);
    expect([foreign.status, foreign.body.message]).toEqual([400, '「工作业绩评审」不是本评价计划的评价方式']);
    const twoDecimals = await save(plan, [{ candidate_id: id, method: 1, score: 80.25 }]);
    expect(twoDecimals.body.message).toContain('成绩最多一位小数');
    expect((await rows(plan))[0].scores).toEqual([]);
    const tenths = await save(plan, [{ candidate_id: id, method: 2, score: 49.5 }]);
    expect(tenths.body.data[0].scores).toEqual([{ method: 2, score: 49.5, mark: null }]);
  });

  it('the result rule end to end: 合格, 不合格, 缺考, 违纪, 违规, incomplete; pass_count follows', async () => {
    const { plan, candidates } = await planWith(6);
    const [pass, fail, absent, discipline, violation, partial] = candidates.map((c) => c._id);
    const res = await save(plan, [
      ...both(pass, 60, 99.5),
      ...both(fail, 59.5, 100),
      ...both(absent, null, 80, [1]),
      ...both(discipline, null, null, [1, 2]),
      ...both(violation, 90, null, [undefined, 3]),
      { candidate_id: partial, method: 1, score: 100 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.result_text)).toEqual(['合格', '不合格', '缺考', '违纪', '违规', null]);
    expect((await planRow(ctx.app, plan)).passCount).toBe(1);
    // A second save changes the result and the count in the same request.
    await save(plan, both(fail, 60, 60));
    expect((await planRow(ctx.app, plan)).passCount).toBe(2);
    // …and back down when a 合格 becomes 不合格.
    await save(plan, both(pass, 59, 99.5));
    expect((await planRow(ctx.app, plan)).passCount).toBe(1);
    const filtered = await api<Paged<CandidateRow>>(ctx.app, 'GET', `${base(plan)}/candidates?result=0`, {
      token: as.token,
    });
    expect(filtered.body.data.list.map((r) => r.name)).toEqual(['考生6']);
  });

  it('a candidate of another plan is refused and nothing is saved', async () => {
    const { plan } = await planWith(1);
    const other = await planWith(1);
    const res = await save(plan, [{ candidate_id: other.candidates[0]._id, method: 1, score: 80 }]);
    expect([res.status, res.body.message]).toEqual([400, '考生不存在或已删除']);
  });
});

const download = (url: string) => downloadXlsx(ctx.app, url, as.token);

const importScores = (plan: string, content: Buffer) =>
  postFile<ImportResult>(ctx.app, `${base(plan)}/scores/import`, '成绩.xlsx', content, as.token);

describe('score sheets', () => {
  it('export → edit → import round-trips, results recomputed', async () => {
    const { plan, candidates } = await planWith(3);
    await save(plan, [...both(candidates[0]._id, 70, 80), ...both(candidates[1]._id, null, 65.5, [1])]);
    const workbook = await download(`${base(plan)}/scores/export`);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      '姓名',
      '证件号码',
      '理论知识考试',
      '技能操作考核',
      '结果',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['考生1', validId(1), 70, 80, '合格']);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      '考生2',
      validId(2),
      '缺考',
      65.5,
      '缺考',
    ]);
    sheet.getCell('C3').value = '88';
    sheet.getCell('C4').value = 59.5;
    sheet.getCell('D4').value = '违规';
    const res = await importScores(plan, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.body.data).toEqual({ imported: 3, total: 3, failed: 0, error_file_url: null, warnings: [] });
    expect((await rows(plan)).map((r) => [r.scores.map((s) => s.score ?? s.mark), r.result_text])).toEqual([
      [[70, 80], '合格'],
      [[88, 65.5], '合格'],
      [[59.5, 3], '违规'],
    ]);
    expect((await planRow(ctx.app, plan)).passCount).toBe(2);
  });

  it('a sheet with errors imports nothing and answers an error report', async () => {
    const { plan, candidates } = await planWith(2);
    await save(plan, both(candidates[0]._id, 70, 80));
    const workbook = await download(`${base(plan)}/scores/export`);
    const sheet = workbook.worksheets[0];
    sheet.getCell('C2').value = 101;
    sheet.getCell('D3').value = '优秀';
    sheet.addRow(['陌生人', validId(99), 60, 60]);
    const res = await importScores(plan, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.body.data).toMatchObject({ imported: 0, total: 3, failed: 3 });
    const report = (await download(res.body.data.error_file_url as string)).worksheets[0];
    expect(report.getColumn(5).values.slice(1)).toEqual([
      '错误原因',
      '理论知识考试成绩不能超过满分 100',
      '技能操作考核应填成绩（最多一位小数）或 缺考、违纪、违规，不能是「优秀」',
      `证件号码 ${validId(99)} 不是本评价计划的考生`,
    ]);
    expect((await rows(plan))[0].scores.map((s) => s.score)).toEqual([70, 80]);
  });

  it('a score sheet without a method column of the plan is refused, naming it', async () => {
    const { plan } = await planWith(1);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('成绩').addRows([
      ['姓名', '证件号码', '理论知识考试'],
      ['考生1', validId(1), 80],
    ]);
    const res = await importScores(plan, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect([res.status, res.body.message]).toEqual([
      400,
      '成绩表缺少必填列「技能操作考核」，请使用下载的模板填写',
    ]);
  });
});

describe('score changes in 公示中', () => {
  async function inPublicity() {
    const { plan, candidates } = await planWith(2);
    await save(plan, [...both(candidates[0]._id, 55, 80), ...both(candidates[1]._id, 70, 70)]);
    await setStatus(plan, EvaluationStatus.PUBLICITY);
    return { plan, id: candidates[0]._id };
  }
  const request = (plan: string, body: unknown, token = as.token) =>
    api<ScoreChangeRow>(ctx.app, 'POST', `${base(plan)}/scoreChanges`, { token, body });
  const review = (plan: string, change: string, body: unknown, token = as.token) =>
    api<ScoreChangeRow>(ctx.app, 'POST', `${base(plan)}/scoreChanges/${change}/review`, { token, body });
  const timeline = async (plan: string) =>
    ctx.app.db
      .select({ action: levelEvaluationLogs.action, note: levelEvaluationLogs.note })
      .from(levelEvaluationLogs)
      .where(eq(levelEvaluationLogs.evaluationId, plan))
      .orderBy(asc(levelEvaluationLogs.createdAt));

  it('a change needs a reason and is asked for only in 公示中', async () => {
    const { plan, id } = await inPublicity();
    const noReason = await request(plan, { candidate_id: id, method: 1, score: 65 });
    expect([noReason.status, noReason.body.message]).toEqual([400, '请输入修改原因']);
    await setStatus(plan, EvaluationStatus.IN_PROGRESS);
    const early = await request(plan, { candidate_id: id, method: 1, score: 65, reason: '漏加分' });
    expect(early.body.message).toBe('当前状态（进行中）不能申请修改成绩，成绩修改申请只在公示中提交');
  });

  it('an administrator other than the requester approves: the score, result and pass_count change, before and after on the timeline', async () => {
    const { plan, id } = await inPublicity();
    const member = await enterpriseToken(ctx.app, 'duojuese');
    const asked = await request(
      plan,
      { candidate_id: id, method: 1, score: 65, reason: '阅卷漏加分' },
      member,
    );
    expect(asked.body.data).toMatchObject({
      before_score: 55,
      after_score: 65,
      status: 0,
      status_text: '待审批',
    });
    const byMember = await review(plan, asked.body.data._id, { action: 'approve' }, member);
    expect([byMember.status, byMember.body.message]).toEqual([403, '仅企业管理员可以执行此操作']);
    expect((await planRow(ctx.app, plan)).passCount).toBe(1);
    const approved = await review(plan, asked.body.data._id, { action: 'approve' });
    expect(approved.body.data).toMatchObject({ status: 1, decide_user_name: 'qiye' });
    expect((await rows(plan))[0]).toMatchObject({
      result_text: '合格',
      scores: [{ score: 65 }, { score: 80 }],
    });
    expect((await planRow(ctx.app, plan)).passCount).toBe(2);
    const steps = await timeline(plan);
    expect(steps.map((s) => s.action)).toEqual(['requestChange', 'approveChange']);
    expect(steps[0].note).toBe(
      `考生1（证件号码 ${validId(1)}）理论知识考试：修改前 55，修改后 65；原因：阅卷漏加分`,
    );
    expect(steps[1].note).toBe(`考生1（证件号码 ${validId(1)}）理论知识考试：修改前 55，修改后 65`);
    const again = await review(plan, asked.body.data._id, { action: 'reject', reason: '晚了' });
    expect(again.body.message).toBe('该成绩修改申请已处理（已通过）');
  });

  it('the only administrator decides their own request and the timeline says so; with two, another must', async () => {
    const { plan, id } = await inPublicity();
    const own = await request(plan, { candidate_id: id, method: 2, mark: 1, score: null, reason: '未到场' });
    const rejectedWithout = await review(plan, own.body.data._id, { action: 'reject' });
    expect(rejectedWithout.body.message).toBe('请输入驳回原因');
    await review(plan, own.body.data._id, { action: 'reject', reason: '到场记录齐全' });
    const steps = await timeline(plan);
    expect(steps.at(-1)).toEqual({
      action: 'rejectChange',
      note: `单一管理员自行审批；考生1（证件号码 ${validId(1)}）技能操作考核：修改前 80，修改后 缺考；驳回原因：到场记录齐全`,
    });
    expect((await rows(plan))[0].scores[1]).toEqual({ method: 2, score: 80, mark: null });

    const duojuese = await findUserByAccount(ctx.app.db, 'duojuese');
    await ctx.app.db
      .update(companyMembers)
      .set({ role: 1 })
      .where(
        and(eq(companyMembers.companyId, as.companyId), eq(companyMembers.userId, duojuese?.id as string)),
      );
    const second = await request(plan, { candidate_id: id, method: 1, score: 60, reason: '复核' });
    const self = await review(plan, second.body.data._id, { action: 'approve' });
    expect([self.status, self.body.message]).toEqual([
      403,
      '不能审批自己提交的内容，请由本企业其他管理员审批',
    ]);
    const other = await enterpriseToken(ctx.app, 'duojuese');
    expect((await review(plan, second.body.data._id, { action: 'approve' }, other)).body.data.status).toBe(1);
  });

  it('from 已通过 scores are locked', async () => {
    const { plan, id } = await inPublicity();
    const pending = await request(plan, { candidate_id: id, method: 1, score: 65, reason: '复核' });
    await setStatus(plan, EvaluationStatus.PASSED);
    const res = await request(plan, { candidate_id: id, method: 1, score: 66, reason: '复核' });
    expect([res.status, res.body.message]).toEqual([400, '当前状态（已通过）成绩已锁定，不能修改']);
    const decided = await review(plan, pending.body.data._id, { action: 'approve' });
    expect(decided.body.message).toBe('当前状态（已通过）成绩已锁定，不能修改');
    const list = await api<ScoreChangeRow[]>(ctx.app, 'GET', `${base(plan)}/scoreChanges`, {
      token: as.token,
    });
    expect(list.body.data.map((c) => c.status_text)).toEqual(['待审批']);
  });
});

describe('statistics', () => {
  it('pass rate, counts by result, ten buckets per method, averages', async () => {
    const { plan, candidates } = await planWith(5, [
      { method: 1, full: 100, pass: 60 },
      { method: 2, full: 50, pass: 30 },
    ]);
    const [a, b, c, d] = candidates.map((x) => x._id);
    await save(plan, [
      ...both(a, 100, 50),
      ...both(b, 95.5, 10),
      ...both(c, 59.9, 29.5),
      ...both(d, null, 45, [1]),
    ]);
    const res = await api<EvaluationStatistics>(ctx.app, 'GET', `${base(plan)}/statistics`, {
      token: as.token,
    });
    const s = res.body.data;
    expect(s.candidate_count).toBe(5);
    expect(s.result_counts).toEqual({ pass: 1, fail: 2, absent: 1, discipline: 0, violation: 0, pending: 1 });
    expect(s.pass_rate).toBe(0.25);
    const [theory, practical] = s.methods;
    expect(theory.buckets.map((x) => x.count)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(theory).toMatchObject({ average: 85.13, passed: 2, marked: 1, missing: 1 });
    expect(practical.buckets.map((x) => x.count)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 0, 2]);
    expect(practical).toMatchObject({
      method_text: '技能操作考核',
      average: 33.63,
      passed: 2,
      marked: 0,
      missing: 1,
    });
    expect(theory.buckets[9].label).toBe('90%-100%');
  });
});

describe('tenant boundary', () => {
  it("another company's plan answers 404 on every score route", async () => {
    const { plan, candidates } = await planWith(1);
    const other = await otherCompanyUser(ctx.app);
    await expectPlanNotFound(ctx.app, other, [
      [
        'PATCH',
        `${base(plan)}/scores`,
        { scores: [{ candidate_id: candidates[0]._id, method: 1, score: 1 }] },
      ],
      ['GET', `${base(plan)}/scores/export`],
      ['GET', `${base(plan)}/scoreChanges`],
      [
        'POST',
        `${base(plan)}/scoreChanges`,
        { candidate_id: candidates[0]._id, method: 1, score: 1, reason: 'x' },
      ],
      ['POST', `${base(plan)}/scoreChanges/${candidates[0]._id}/review`, { action: 'approve' }],
      ['GET', `${base(plan)}/statistics`],
    ]);
    const imported = await postFile(
      ctx.app,
      `${base(plan)}/scores/import`,
      '成绩.xlsx',
      Buffer.from('x'),
      other,
    );
    expect(imported.status).toBe(404);
  });
});
