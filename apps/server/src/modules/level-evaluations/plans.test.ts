import { CompanyRole } from '@skill-cert/shared/companies';
import {
  type EvaluationApprovalPage,
  type EvaluationExaminer,
  type EvaluationOptions,
  EvaluationStatus,
  type LevelEvaluationDetail,
  type LevelEvaluationRow,
} from '@skill-cert/shared/level-evaluations';
import type { MessagePage } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  addCandidates,
  approvedFiling,
  createPlan,
  type FilingOptions,
  filingBody,
  planBody,
  setResults,
} from '../../../test/fixtures/level-evaluations.ts';
import { companyOf, seedApprovedFiling, seedPlan } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { addMember } from '../companies/service.ts';
import { createUser, findUserByAccount } from '../users/service.ts';
import { nextPlanNo } from './plan-content.ts';
import { endDuePublicity } from './plans.ts';
import { PUBLICITY_QUEUE } from './publicity.ts';
import { levelEvaluationCandidates, levelEvaluationScoreChanges, levelEvaluations } from './tables.ts';

const ctx = useTestApp();

type Detail = LevelEvaluationDetail;
const call = <T = Detail>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
) => api<T>(ctx.app, method, url, { token, body });
const admin = async () => (await login(ctx.app, 'qiye')).token;
/** duojuese, a member (成员) of the demo company, acting as 企业端. */
async function member() {
  const { token } = await login(ctx.app, 'duojuese');
  await api(ctx.app, 'PATCH', '/api/user/switchRoleType', { token, body: { role: RoleType.ENTERPRISE } });
  return token;
}
/** A second administrator of the demo company (then qiye is no longer its only one). */
async function secondAdmin() {
  const companyId = (await findUserByAccount(ctx.app.db, 'qiye'))!.companyId!;
  const user = await createUser(ctx.app.db, {
    name: 'guanli2',
    phone: '13911112222',
    password: DEMO_PASSWORD,
    roleTypeIds: [RoleType.ENTERPRISE],
    companyId,
  });
  await addMember(ctx.app.db, companyId, user.id, CompanyRole.ADMIN);
  return (await login(ctx.app, 'guanli2')).token;
}

/** A plan with 3 candidates, submitted by `by`; answers the detail and the filing. */
async function submittedPlan(by: string, extra: Record<string, unknown> = {}, filing?: FilingOptions) {
  const f = filing ?? (await approvedFiling(ctx.app, await admin()));
  const draft = await createPlan(ctx.app, by, planBody(f, extra));
  await addCandidates(ctx.app, draft._id, 3);
  const res = await call('POST', `/api/levelEvaluations/${draft._id}/submit`, by);
  expect(res.body.code, res.body.message).toBe(200);
  return { plan: res.body.data, filing: f };
}

/** A plan brought to 成绩待审核 (approved by qiye, the only administrator; every candidate passed). */
async function resultsPending(extra: Record<string, unknown> = {}) {
  const token = await admin();
  const { plan } = await submittedPlan(token, extra);
  expect(
    (await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' })).body.code,
  ).toBe(200);
  await setResults(ctx.app, plan._id, 1);
  const res = await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, token);
  expect(res.body.code, res.body.message).toBe(200);
  return { token, plan: res.body.data };
}

describe('GET /api/levelEvaluations/options', () => {
  it("lists only the company's approved filings, with scope rows, sites with region names, examiners and supervisors", async () => {
    const token = await admin();
    await call('POST', '/api/recordApplications', token, filingBody()); // submitted, not approved
    const f = await approvedFiling(ctx.app, token);
    const res = await call<EvaluationOptions>('GET', '/api/levelEvaluations/options', token);
    expect(res.body.data.filings).toHaveLength(1);
    expect(f.scopes).toEqual([
      {
        occupation_code: '6-31-01-03',
        occupation_name: '电工',
        work_type: null,
        levels: [4, 3],
        enabled: true,
        comprehensive_review: true,
      },
      {
        occupation_code: '6-18-02-04',
        occupation_name: '焊工',
        work_type: '电焊工',
        levels: [5],
        enabled: true,
        comprehensive_review: true,
      },
    ]);
    expect(f.sites[0]).toMatchObject({ name: '一号实训楼', region_names: ['浙江省', '杭州市', '西湖区'] });
    expect(f.examiners.map((e) => e.name)).toEqual(['张考评', '王考评']);
    expect(f.supervisors.map((e) => e.name)).toEqual(['李督导']);
  });
});

describe('saving a plan', () => {
  it('a draft saves whatever is filled in; the timeline starts with 创建评价计划', async () => {
    const token = await admin();
    await approvedFiling(ctx.app, token);
    const res = await call('POST', '/api/levelEvaluations', token, { name: '只填了名称' });
    expect(res.body).toMatchObject({ code: 200, message: '草稿已保存' });
    expect(res.body.data).toMatchObject({ status: 0, status_text: '草稿', plan_no: null, publicity_days: 7 });
    expect(res.body.data.timeline.map((t) => t.action)).toEqual(['create']);
    expect(res.body.data.abilities).toMatchObject({ can_edit: true, can_delete: true, can_review: false });
  });

  it('an impossible date is 400 naming the field, on create, edit and the list filter (never a 500)', async () => {
    const token = await admin();
    await approvedFiling(ctx.app, token);
    const created = await call('POST', '/api/levelEvaluations', token, {
      name: '日期不存在',
      start_date: '2026-02-30',
    });
    expect([created.status, created.body.message]).toEqual([
      400,
      '开始日期不是有效日期：2026-02-30 这一天不存在',
    ]);
    const draft = await call('POST', '/api/levelEvaluations', token, { name: '日期' });
    const edited = await call('PATCH', `/api/levelEvaluations/${draft.body.data._id}`, token, {
      name: '日期',
      end_date: '2026-04-31',
    });
    expect([edited.status, edited.body.message]).toEqual([
      400,
      '结束日期不是有效日期：2026-04-31 这一天不存在',
    ]);
    const ancient = await call('POST', '/api/levelEvaluations', token, {
      name: '日期',
      start_date: '0000-01-01',
    });
    expect([ancient.status, ancient.body.message]).toEqual([400, '开始日期的年份应在1900至2100之间']);
    const listed = await call('GET', '/api/levelEvaluations?end_date=2026-02-30', token);
    expect([listed.status, listed.body.message]).toEqual([
      400,
      '结束日期不是有效日期：2026-02-30 这一天不存在',
    ]);
  });

  it('stores methods, site, examiners and supervisors as chosen, and answers them in the detail', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const d = await createPlan(ctx.app, token, planBody(f, { work_type: null, remark: '首期' }));
    expect(d).toMatchObject({
      occupation_name: '电工',
      level_name: '四级/中级工',
      record_no: expect.stringMatching(/^BA/),
      site: { name: '一号实训楼', region_names: ['浙江省', '杭州市', '西湖区'] },
      remark: '首期',
    });
    expect(d.methods).toEqual([
      { method: 1, method_text: '理论知识考试', full_mark: 100, pass_mark: 60 },
      { method: 2, method_text: '技能操作考核', full_mark: 100, pass_mark: 60 },
    ]);
    expect(d.examiners.map((e) => e._id)).toEqual(f.examiners.map((e) => e._id));
    expect(d.supervisors.map((e) => e._id)).toEqual(f.supervisors.map((e) => e._id));
  });

  it('the scope must lie inside the chosen approved filing: occupation, 工种, level; site and people of that filing', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const other = await approvedFiling(ctx.app, token, filingBody('13912349999'));
    const refused = async (extra: Record<string, unknown>, message: string) => {
      const res = await call('POST', '/api/levelEvaluations', token, planBody(f, extra));
      expect(res.body, JSON.stringify(extra)).toMatchObject({ code: 400, message });
    };
    await refused({ occupation_code: '4-04-05-01' }, expect.stringContaining('不在所选备案的评价范围内'));
    await refused({ occupation_code: '6-18-02-04', level: 5 }, '所选备案的「焊工」须选择工种');
    await refused(
      { occupation_code: '6-18-02-04', work_type: '气焊工', level: 5 },
      '工种「气焊工」不在所选备案的评价范围内',
    );
    await refused({ level: 5 }, '评价等级不在所选备案的评价范围内');
    await refused({ site_id: other.sites[0]._id }, '考核场地不属于所选备案，请重新选择');
    await refused({ examiner_ids: [other.examiners[0]._id] }, '考评员不属于所选备案，请重新选择');
    await refused({ supervisor_ids: [f.examiners[0]._id] }, '质量督导员不属于所选备案，请重新选择');
    await refused(
      { record_application_id: '0190a0a0-0000-7000-8000-000000000000' },
      '所选备案不存在或未通过审核，请重新选择备案',
    );
    // Inside it: 焊工·电焊工 level 5.
    const ok = await call(
      'POST',
      '/api/levelEvaluations',
      token,
      planBody(f, { occupation_code: '6-18-02-04', work_type: '电焊工', level: 5 }),
    );
    expect(ok.body.code, ok.body.message).toBe(200);
    const [{ n }] = await ctx.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(levelEvaluations);
    expect(n).toBe(1);
  });

  it('submitting says what is still missing, then that a candidate is needed; a refused submit saves nothing', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const bare = await call('POST', '/api/levelEvaluations', token, { name: '缺东西', submit: true });
    expect(bare.body).toMatchObject({ code: 400, message: '请选择评价职业，请补充后再提交' });
    const level2 = await call(
      'POST',
      '/api/levelEvaluations',
      token,
      planBody(f, { level: 3, occupation_code: '6-31-01-03', submit: true, methods: [{ method: 1 }] }),
    );
    expect(level2.body.code).toBe(400);
    const noCandidate = await call('POST', '/api/levelEvaluations', token, planBody(f, { submit: true }));
    expect(noCandidate.body).toMatchObject({ code: 400, message: '请至少添加一名考生，请补充后再提交' });
    const d = await createPlan(ctx.app, token, planBody(f));
    const submit = await call('POST', `/api/levelEvaluations/${d._id}/submit`, token);
    expect(submit.body).toMatchObject({ code: 400, message: '请至少添加一名考生，请补充后再提交' });
    const after = await call('GET', `/api/levelEvaluations/${d._id}`, token);
    expect(after.body.data.status).toBe(0);
  });

  it('PATCH with submit: true saves and submits; a draft is deleted with its candidates', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const d = await createPlan(ctx.app, token, { name: '先存草稿' });
    await addCandidates(ctx.app, d._id, 2);
    const res = await call(
      'PATCH',
      `/api/levelEvaluations/${d._id}`,
      token,
      planBody(f, { name: '补全后提交', submit: true }),
    );
    expect(res.body).toMatchObject({
      code: 200,
      message: '已提交审批',
      data: { status: 1, name: '补全后提交' },
    });
    const draft = await createPlan(ctx.app, token, planBody(f));
    await addCandidates(ctx.app, draft._id, 2);
    expect((await call('DELETE', `/api/levelEvaluations/${draft._id}`, token)).body.code).toBe(200);
    expect((await call('GET', `/api/levelEvaluations/${draft._id}`, token)).body).toMatchObject({
      code: 404,
      message: '评价计划不存在或已删除',
    });
  });
});

describe('plan numbers', () => {
  it("are the filing's record number + YYYYMM + a 3-digit sequence, given on the first submit and kept on resubmit", async () => {
    const token = await admin();
    const { plan, filing } = await submittedPlan(token);
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .replace('-', '');
    expect(plan.plan_no).toBe(`${filing.record_no}${month}001`);
    await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, {
      action: 'reject',
      reason: '日期不对',
    });
    const again = await call('POST', `/api/levelEvaluations/${plan._id}/submit`, token);
    expect(again.body.data.plan_no).toBe(plan.plan_no);
    expect(again.body.data.timeline.at(-1)?.action).toBe('resubmit');
  });

  it('are unique: two submits at once get 001 and 002; a new month starts again at 001', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const plans = [
      await createPlan(ctx.app, token, planBody(f)),
      await createPlan(ctx.app, token, planBody(f)),
    ];
    for (const p of plans) await addCandidates(ctx.app, p._id, 1);
    const both = await Promise.all(
      plans.map((p) => call('POST', `/api/levelEvaluations/${p._id}/submit`, token)),
    );
    expect(both.map((r) => r.body.code)).toEqual([200, 200]);
    expect(both.map((r) => r.body.data.plan_no!.slice(-3)).sort()).toEqual(['001', '002']);
    const next = await ctx.app.db.transaction((tx) =>
      nextPlanNo(tx, f.record_no, new Date('2031-01-15T00:00:00Z')),
    );
    expect(next).toBe(`${f.record_no}203101001`);
  });
});

describe('transitions', () => {
  it('the whole way: 待审批 → 进行中 → 成绩待审核 → returned → again → 公示中 → period over → 已通过, each step on the timeline', async () => {
    const token = await admin();
    const { plan } = await submittedPlan(token);
    const approved = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, {
      action: 'approve',
    });
    // qiye is the only administrator: approving her own submission is allowed and noted.
    expect(approved.body.data).toMatchObject({
      status: 2,
      abilities: { can_edit_scores: true, can_submit_results: true },
    });
    expect(approved.body.data.timeline.at(-1)).toMatchObject({
      action: 'approve',
      note: '单一管理员自行审批',
    });
    const missing = await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, token);
    expect(missing.body).toMatchObject({
      code: 400,
      message: '还有3名考生的成绩未录入完整，请录入后再提交成绩审核',
    });
    await setResults(ctx.app, plan._id, 1);
    expect(
      (await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, token)).body.data.status,
    ).toBe(3);
    const noReason = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, {
      action: 'return',
    });
    expect(noReason.body).toMatchObject({ code: 400, message: '请输入退回原因' });
    const returned = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, {
      action: 'return',
      reason: '第2名成绩有误',
    });
    expect(returned.body.data).toMatchObject({ status: 2, reject_reason: '第2名成绩有误' });
    await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, token);
    const publicity = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, {
      action: 'approve',
    });
    expect(publicity.body.data).toMatchObject({
      status: 4,
      status_text: '公示中',
      publicity_end_str: expect.any(String),
    });
    // The period ends (set in the past, as time would): the next read finds it 已通过.
    await ctx.app.db
      .update(levelEvaluations)
      .set({ publicityEndsAt: new Date(Date.now() - 1000) })
      .where(eq(levelEvaluations.id, plan._id));
    const passed = await call('GET', `/api/levelEvaluations/${plan._id}`, token);
    expect(passed.body.data).toMatchObject({ status: 5, status_text: '已通过', publicity_end_str: null });
    expect(passed.body.data.timeline.map((t) => [t.action, t.user_name])).toEqual([
      ['create', 'qiye'],
      ['submit', 'qiye'],
      ['approve', 'qiye'],
      ['submitResults', 'qiye'],
      ['returnResults', 'qiye'],
      ['submitResults', 'qiye'],
      ['approveResults', 'qiye'],
      ['publicityOver', '系统'],
    ]);
  });

  it('with 0 publicity days, approving the results makes the plan 已通过 at once', async () => {
    const { token, plan } = await resultsPending({ publicity_days: 0 });
    const res = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    expect(res.body.data).toMatchObject({ status: 5, publicity_end_str: null });
  });

  it('reject needs a reason → 已驳回 → editable again → resubmit', async () => {
    const token = await admin();
    const { plan, filing } = await submittedPlan(token);
    expect(
      (await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'reject' })).body,
    ).toMatchObject({ code: 400, message: '请输入驳回原因' });
    const rejected = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, {
      action: 'reject',
      reason: '场地不合适',
    });
    expect(rejected.body.data).toMatchObject({
      status: 9,
      reject_reason: '场地不合适',
      abilities: { can_edit: true, can_submit: true },
    });
    const edited = await call(
      'PATCH',
      `/api/levelEvaluations/${plan._id}`,
      token,
      planBody(filing, { name: '改过了' }),
    );
    expect(edited.body.data).toMatchObject({ status: 9, name: '改过了' });
    const resubmitted = await call('POST', `/api/levelEvaluations/${plan._id}/submit`, token);
    expect(resubmitted.body.data).toMatchObject({ status: 1, reject_reason: null });
  });

  it('a wrong state answers 400 naming the state', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const draft = await createPlan(ctx.app, token, planBody(f));
    const id = draft._id;
    expect(
      (await call('POST', `/api/levelEvaluations/${id}/review`, token, { action: 'approve' })).body,
    ).toMatchObject({ code: 400, message: '当前状态（草稿）不能审批' });
    expect((await call('POST', `/api/levelEvaluations/${id}/submitResults`, token)).body).toMatchObject({
      code: 400,
      message: '当前状态（草稿）不能提交成绩审核',
    });
    const { plan } = await submittedPlan(token, {}, f);
    const p = plan._id;
    expect((await call('PATCH', `/api/levelEvaluations/${p}`, token, planBody(f))).body).toMatchObject({
      code: 400,
      message: '当前状态（待审批）不能修改',
    });
    expect((await call('DELETE', `/api/levelEvaluations/${p}`, token)).body).toMatchObject({
      code: 400,
      message: '只有草稿状态的评价计划可以删除',
    });
    expect((await call('POST', `/api/levelEvaluations/${p}/submit`, token)).body).toMatchObject({
      code: 400,
      message: '当前状态（待审批）不能提交审批',
    });
    expect(
      (await call('POST', `/api/levelEvaluations/${p}/review`, token, { action: 'return', reason: 'x' }))
        .body,
    ).toMatchObject({ code: 400, message: '待审批的评价计划只能通过或驳回' });
    await call('POST', `/api/levelEvaluations/${p}/review`, token, { action: 'approve' });
    expect((await call('POST', `/api/levelEvaluations/${p}/submit`, token)).body).toMatchObject({
      code: 400,
      message: '当前状态（进行中）不能提交审批',
    });
    expect(
      (await call('POST', `/api/levelEvaluations/${p}/review`, token, { action: 'approve' })).body,
    ).toMatchObject({ code: 400, message: '当前状态（进行中）不能审批' });
    const { plan: results } = await resultsPending();
    expect(
      (
        await call('POST', `/api/levelEvaluations/${results._id}/review`, token, {
          action: 'reject',
          reason: 'x',
        })
      ).body,
    ).toMatchObject({ code: 400, message: '待审核的成绩只能通过或退回' });
  });

  it('submitting results needs at least one candidate', async () => {
    const token = await admin();
    const { plan } = await submittedPlan(token);
    await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    await ctx.app.db.execute(sql`delete from level_evaluation_candidates where evaluation_id = ${plan._id}`);
    expect((await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, token)).body).toMatchObject(
      { code: 400, message: '该评价计划还没有考生，不能提交成绩审核' },
    );
  });
});

describe('who approves', () => {
  it('a member may save and submit but not review (403); an administrator reviews what a member submitted', async () => {
    const m = await member();
    const { plan } = await submittedPlan(m);
    expect(plan.abilities.can_review).toBe(false);
    const refused = await call('POST', `/api/levelEvaluations/${plan._id}/review`, m, { action: 'approve' });
    expect(refused.body).toMatchObject({ code: 403, message: '仅企业管理员可以执行此操作' });
    const a = await admin();
    expect((await call('GET', `/api/levelEvaluations/${plan._id}`, a)).body.data.abilities.can_review).toBe(
      true,
    );
    const approved = await call('POST', `/api/levelEvaluations/${plan._id}/review`, a, { action: 'approve' });
    expect(approved.body.data.timeline.at(-1)).toMatchObject({ action: 'approve', note: null });
    // The member submits the results too, and still does not decide them.
    await setResults(ctx.app, plan._id, 1);
    expect((await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, m)).body.data.status).toBe(
      3,
    );
    expect(
      (await call('POST', `/api/levelEvaluations/${plan._id}/review`, m, { action: 'approve' })).body.code,
    ).toBe(403);
    const results = await call('POST', `/api/levelEvaluations/${plan._id}/review`, a, { action: 'approve' });
    expect(results.body.data).toMatchObject({ status: 4, pass_count: 3 });
  });

  it('with two administrators, the one who submitted may not approve (plan or results); the other may', async () => {
    const other = await secondAdmin();
    const token = await admin();
    const { plan } = await submittedPlan(token);
    expect(plan.abilities.can_review).toBe(false);
    const own = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    expect(own.body).toMatchObject({
      code: 403,
      message: '不能审批自己提交的内容，请由本企业其他管理员审批',
    });
    expect(
      (await call('POST', `/api/levelEvaluations/${plan._id}/review`, other, { action: 'approve' })).body
        .code,
    ).toBe(200);
    await setResults(ctx.app, plan._id, 2);
    await call('POST', `/api/levelEvaluations/${plan._id}/submitResults`, other);
    expect(
      (await call('POST', `/api/levelEvaluations/${plan._id}/review`, other, { action: 'approve' })).body
        .code,
    ).toBe(403);
    const done = await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    expect(done.body.data).toMatchObject({
      status: 4,
      timeline: expect.arrayContaining([expect.objectContaining({ action: 'approveResults', note: null })]),
    });
  });

  it('the administrators are told what waits; the submitter is told the decision', async () => {
    const other = await secondAdmin();
    const m = await member();
    const { plan } = await submittedPlan(m);
    const inbox = async (token: string) =>
      (await call<MessagePage>('GET', '/api/message', token)).body.data.list;
    const a = await admin();
    for (const token of [a, other])
      expect((await inbox(token))[0]).toMatchObject({
        message_category_name: '评价通知',
        content: `评价计划「2026年电工四级评价」（${plan.plan_no}）已提交，等待您审批`,
        data: { _id: plan._id, template_key: 'level_evaluation_waiting' },
      });
    expect(await inbox(m)).toEqual([]);
    await call('POST', `/api/levelEvaluations/${plan._id}/review`, a, {
      action: 'reject',
      reason: '人数不够',
    });
    expect((await inbox(m))[0]).toMatchObject({
      content: `评价计划「2026年电工四级评价」（${plan.plan_no}）被驳回：人数不够`,
      data: { _id: plan._id, template_key: 'level_evaluation_decided' },
    });
  });
});

describe('publicity over', () => {
  it('moves every due plan (the recurring job) exactly once, by the clock it is given', async () => {
    const { token, plan } = await resultsPending();
    await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    const [row] = await ctx.app.db.select().from(levelEvaluations).where(eq(levelEvaluations.id, plan._id));
    const ends = row.publicityEndsAt!.getTime();
    expect(ends - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await endDuePublicity(ctx.app.db, {}, new Date(ends - 1))).toEqual([]);
    expect(await endDuePublicity(ctx.app.db, {}, new Date(ends))).toEqual([plan._id]);
    expect(await endDuePublicity(ctx.app.db, {}, new Date(ends + 1))).toEqual([]);
    const d = await call('GET', `/api/levelEvaluations/${plan._id}`, token);
    expect(d.body.data.timeline.filter((t) => t.action === 'publicityOver')).toHaveLength(1);
  });

  it('the job is scheduled: one job of its queue waits', async () => {
    await call('GET', '/api/levelEvaluations', await admin());
    const rows = await ctx.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${PUBLICITY_QUEUE} and state in ('created', 'retry', 'active')`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('the list ends due periods before it answers', async () => {
    const { token, plan } = await resultsPending();
    await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    await ctx.app.db
      .update(levelEvaluations)
      .set({ publicityEndsAt: new Date(Date.now() - 1) })
      .where(eq(levelEvaluations.id, plan._id));
    const list = await call<Paged<LevelEvaluationRow>>('GET', '/api/levelEvaluations?status=5', token);
    expect(list.body.data.list.map((r) => r._id)).toEqual([plan._id]);
  });
});

describe('GET /api/levelEvaluations', () => {
  it('reads a page, its total and the next publicity end in one statement whatever the page size, a page read before in none', async () => {
    const companyId = await companyOf(ctx.app.db, 'qiye');
    const filingId = await seedApprovedFiling(ctx.app.db, companyId);
    for (let i = 0; i < 55; i++)
      await seedPlan(ctx.app.db, companyId, {
        filingId,
        status: i % 7 === 0 ? EvaluationStatus.PUBLICITY : EvaluationStatus.IN_PROGRESS,
      });
    const { bySize, repeated } = await listStatements(ctx.app, await admin(), '/api/levelEvaluations');
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it('a page read before shows a new plan and a renamed one', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const a = await createPlan(ctx.app, token, planBody(f, { name: '电工甲' }));
    const names = async () =>
      (await call<Paged<LevelEvaluationRow>>('GET', '/api/levelEvaluations', token)).body.data.list.map(
        (r) => r.name,
      );
    expect(await names()).toEqual(['电工甲']);
    await createPlan(ctx.app, token, planBody(f, { name: '电工乙' }));
    expect(await names()).toEqual(['电工乙', '电工甲']);
    await ctx.app.db.update(levelEvaluations).set({ name: '电工丙' }).where(eq(levelEvaluations.id, a._id));
    expect(await names()).toEqual(['电工乙', '电工丙']);
  });

  it('a page read before holds only until the next publicity period ends', async () => {
    const { token, plan } = await resultsPending();
    await call('POST', `/api/levelEvaluations/${plan._id}/review`, token, { action: 'approve' });
    const statuses = async () =>
      (await call<Paged<LevelEvaluationRow>>('GET', '/api/levelEvaluations', token)).body.data.list.map(
        (r) => r.status_text,
      );
    // The clock stands still: the period ends in five seconds, well within the time any page is kept.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ends = Date.now() + 5_000;
      await ctx.app.db
        .update(levelEvaluations)
        .set({ publicityEndsAt: new Date(ends) })
        .where(eq(levelEvaluations.id, plan._id));
      expect(await statuses()).toEqual(['公示中']);
      vi.setSystemTime(ends + 1);
      expect(await statuses()).toEqual(['已通过']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by keyword (name or plan number), status, occupation, level and overlapping dates; newest first, paged', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token);
    const a = await createPlan(
      ctx.app,
      token,
      planBody(f, { name: '电工甲', start_date: '2026-01-01', end_date: '2026-01-10' }),
    );
    const b = await createPlan(
      ctx.app,
      token,
      planBody(f, { name: '电工乙', level: 3, start_date: '2026-02-01', end_date: '2026-02-10' }),
    );
    const c = await createPlan(
      ctx.app,
      token,
      planBody(f, { name: '焊工丙', occupation_code: '6-18-02-04', work_type: '电焊工', level: 5 }),
    );
    await addCandidates(ctx.app, c._id, 1);
    const submitted = (await call('POST', `/api/levelEvaluations/${c._id}/submit`, token)).body.data;
    const ids = async (query: string) =>
      (
        await call<Paged<LevelEvaluationRow>>('GET', `/api/levelEvaluations?${query}`, token)
      ).body.data.list.map((r) => r._id);
    expect(await ids('')).toEqual([c._id, b._id, a._id]);
    expect(await ids(`keyword=${encodeURIComponent('电工')}`)).toEqual([b._id, a._id]);
    expect(await ids(`keyword=${submitted.plan_no!.slice(-9)}`)).toEqual([c._id]);
    expect(await ids('status=1')).toEqual([c._id]);
    expect(await ids('occupation_code=6-18-02-04')).toEqual([c._id]);
    expect(await ids('level=3')).toEqual([b._id]);
    expect(await ids('start_date=2026-01-05&end_date=2026-01-20')).toEqual([a._id]);
    expect(await ids('start_date=2026-01-11&end_date=2026-01-31')).toEqual([]);
    const page = await call<Paged<LevelEvaluationRow>>(
      'GET',
      '/api/levelEvaluations?per_page=10&page=1',
      token,
    );
    expect(page.body.data.meta).toEqual({ total: 3, count: 3, page: 1, per_page: 10, last_page: 1 });
    expect(page.body.data.list[0]).toMatchObject({
      candidate_count: 1,
      pass_count: 0,
      create_user_name: 'qiye',
    });
  });
});

describe('GET /api/evaluationApprovals', () => {
  it("reads a page with its total and every tab's count in one statement whatever the page size, a page read before in none", async () => {
    const companyId = await companyOf(ctx.app.db, 'qiye');
    const filingId = await seedApprovedFiling(ctx.app.db, companyId);
    const requester = (await findUserByAccount(ctx.app.db, 'duojuese'))!;
    const tabs = [EvaluationStatus.PENDING, EvaluationStatus.RESULTS_PENDING, EvaluationStatus.PUBLICITY];
    for (let i = 0; i < 90; i++) {
      const id = await seedPlan(ctx.app.db, companyId, { filingId, status: tabs[i % 3] });
      if (tabs[i % 3] !== EvaluationStatus.PUBLICITY) continue;
      // A score change request waiting (written directly: the request routes are tested on their own).
      const [candidate] = await ctx.app.db
        .insert(levelEvaluationCandidates)
        .values({ evaluationId: id, name: '考生', idNumber: '110105199001010011' })
        .returning();
      await ctx.app.db.insert(levelEvaluationScoreChanges).values({
        evaluationId: id,
        candidateId: candidate.id,
        method: 1,
        afterTenths: 900,
        reason: '复核后更正',
        requestedBy: requester.id,
        requestedByName: requester.name,
      });
    }
    for (const type of ['plan', 'results', 'changes']) {
      const { bySize, repeated } = await listStatements(
        ctx.app,
        await admin(),
        `/api/evaluationApprovals?type=${type}`,
      );
      expect([type, bySize, repeated]).toEqual([type, [1, 1, 1], ctx.database.kind === 'pglite' ? 0 : 1]);
    }
  });

  it('a page read before follows the approver rule as administrators come: the only one sees their own plan until a second one joins', async () => {
    const a = await admin();
    const { plan } = await submittedPlan(a);
    const waiting = async () =>
      (await call<EvaluationApprovalPage>('GET', '/api/evaluationApprovals', a)).body.data.list.map(
        (r) => r._id,
      );
    expect(await waiting()).toEqual([plan._id]);
    await secondAdmin();
    expect(await waiting()).toEqual([]);
  });

  it("a page read before is the caller's own: an administrator and a member read the same tab apart", async () => {
    await secondAdmin();
    const a = await admin();
    const m = await member();
    const { plan } = await submittedPlan(a);
    const waiting = async (token: string) =>
      (await call<EvaluationApprovalPage>('GET', '/api/evaluationApprovals', token)).body.data.list.map(
        (r) => r._id,
      );
    expect(await waiting(a)).toEqual([]);
    expect(await waiting(m)).toEqual([plan._id]);
    expect(await waiting(a)).toEqual([]);
  });

  it("lists what waits for the caller by tab with every tab's count; a member sees everything that waits", async () => {
    const other = await secondAdmin();
    const a = await admin();
    const m = await member();
    const { plan: byMember, filing } = await submittedPlan(m);
    const { plan: byA } = await submittedPlan(a, { name: '管理员提交的' }, filing);
    // Results waiting, submitted by the other administrator.
    const { plan: results } = await submittedPlan(a, { name: '成绩待审' }, filing);
    await call('POST', `/api/levelEvaluations/${results._id}/review`, other, { action: 'approve' });
    await setResults(ctx.app, results._id, 1);
    await call('POST', `/api/levelEvaluations/${results._id}/submitResults`, other);
    const page = async (token: string, type = 'plan') =>
      (await call<EvaluationApprovalPage>('GET', `/api/evaluationApprovals?type=${type}`, token)).body.data;
    const forA = await page(a);
    expect(forA.list.map((r) => r._id)).toEqual([byMember._id]);
    expect(forA.counts).toEqual({ plan: 1, results: 1, changes: 0 });
    expect((await page(a, 'results')).list.map((r) => r._id)).toEqual([results._id]);
    const forOther = await page(other);
    expect(forOther.list.map((r) => r._id)).toEqual([byMember._id, byA._id]);
    expect(forOther.counts).toEqual({ plan: 2, results: 0, changes: 0 });
    // A member decides nothing but is shown what waits for the administrators, their own submissions included.
    const forMember = await page(m);
    expect(forMember.list.map((r) => r._id)).toEqual([byMember._id, byA._id]);
    expect(forMember.counts).toEqual({ plan: 2, results: 1, changes: 0 });
    expect((await page(m, 'results')).list.map((r) => r._id)).toEqual([results._id]);
    // A score change request waiting in 公示中 (written directly: the request routes are tested on their own).
    await call('POST', `/api/levelEvaluations/${results._id}/review`, a, { action: 'approve' });
    const [cand] = await ctx.app.db
      .execute<{ id: string }>(
        sql`select id from level_evaluation_candidates where evaluation_id = ${results._id} limit 1`,
      )
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    await ctx.app.db.insert(levelEvaluationScoreChanges).values({
      evaluationId: results._id,
      candidateId: cand.id,
      method: 1,
      afterTenths: 900,
      reason: '复核后更正',
      requestedBy: (await findUserByAccount(ctx.app.db, 'duojuese'))!.id,
      requestedByName: 'duojuese',
    });
    const changes = await page(a, 'changes');
    expect(changes.list.map((r) => r._id)).toEqual([results._id]);
    expect(changes.counts.changes).toBe(1);
    expect((await page(m, 'changes')).list.map((r) => r._id)).toEqual([results._id]);
    const d = await call('GET', `/api/levelEvaluations/${results._id}`, a);
    expect(d.body.data).toMatchObject({
      pending_change_count: 1,
      abilities: { can_review_changes: true, can_request_change: true },
    });
    expect((await page(a, 'changes')).list[0].status).toBe(4);
  });

  it('the only administrator sees what they submitted themselves', async () => {
    const a = await admin();
    const { plan } = await submittedPlan(a);
    const res = await call<EvaluationApprovalPage>('GET', '/api/evaluationApprovals', a);
    expect(res.body.data.list.map((r) => r._id)).toEqual([plan._id]);
    expect(res.body.data.counts.plan).toBe(1);
  });
});

describe('examiners', () => {
  it('an examiner whose phone holds 考评员端 is that account; one created later is found when read', async () => {
    const token = await admin();
    const f = await approvedFiling(ctx.app, token, filingBody('13800000004'));
    const d = await createPlan(ctx.app, token, planBody(f));
    const kaoping = (await findUserByAccount(ctx.app.db, 'kaoping'))!;
    const list = async () =>
      (await call<EvaluationExaminer[]>('GET', `/api/levelEvaluations/${d._id}/examiners`, token)).body.data;
    expect(await list()).toEqual([
      {
        person_id: f.examiners[0]._id,
        name: '张考评',
        phone: '13800000004',
        kind: 1,
        user_id: kaoping.id,
        has_account: true,
      },
      {
        person_id: f.examiners[1]._id,
        name: '王考评',
        phone: '13912340002',
        kind: 1,
        user_id: null,
        has_account: false,
      },
      {
        person_id: f.supervisors[0]._id,
        name: '李督导',
        phone: '13912340003',
        kind: 2,
        user_id: null,
        has_account: false,
      },
    ]);
    const later = await createUser(ctx.app.db, {
      name: 'wangkp',
      phone: '13912340002',
      roleTypeIds: [RoleType.EXAMINER],
    });
    expect((await list())[1]).toMatchObject({ user_id: later.id, has_account: true });
    // An enterprise account with that phone is not an examiner.
    expect((await list())[2]).toMatchObject({ user_id: null });
  });
});
