import {
  type CandidateRow,
  EvaluationStatus,
  type ExamSessionList,
  type ImportResult,
  PlanOwner,
  type ScoreChangeRow,
  type TestPlanDetail,
  type TestPlanRow,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { xlsx } from '../../../test/fixtures/certificate-engine.ts';
import {
  addExaminees,
  addSessionWithRooms,
  approvedInstitutionFiling,
  approveExaminees,
  createTestPlan,
  examinee,
  ok,
  planUrl,
  registeringPlan,
  secondInstitution,
  smsLogin,
  testPlanBody,
} from '../../../test/fixtures/institutions.ts';
import {
  approvedFiling,
  createPlan,
  planBody,
  testIdNumber,
} from '../../../test/fixtures/level-evaluations.ts';
import { postFile } from '../../../test/fixtures/level-evaluations-app.ts';
import { companyOf, seedApprovedFiling, seedPlan } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import { levelEvaluations } from './tables.ts';

const ctx = useTestApp();
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const detail = (token: string, id: string) => ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(id));
const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  api(ctx.app, method, url, { token, body });
const refusal = async (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => {
  const res = await call(token, method, url, body);
  return [res.status, res.body.message];
};

/** A plan seated (已编排) with `n` approved examinees. */
async function seatedPlan(token: string, n = 4) {
  const ready = await registeringPlan(ctx.app, token, { n });
  await ok(ctx.app, token, 'POST', planUrl(ready.plan._id, '/seating'), { mode: 1 });
  return ready;
}

/** A plan in 阅卷中 with its approved examinees. */
async function markingPlan(token: string, n = 3) {
  const ready = await seatedPlan(token, n);
  await ok(ctx.app, token, 'POST', planUrl(ready.plan._id, '/startExam'));
  await ok(ctx.app, token, 'POST', planUrl(ready.plan._id, '/endExam'));
  return ready;
}

const score = (id: string, method: number, value: number | null, mark: 1 | 2 | 3 | null = null) => ({
  candidate_id: id,
  method,
  score: value,
  mark,
});

describe('a test plan: draft, publication, list', () => {
  it('a draft is created, listed under its status and edited; it is an institution plan (owner 2)', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const res = await api<TestPlanDetail>(ctx.app, 'POST', '/api/testPlans', {
      token,
      body: testPlanBody(filing),
    });
    expect(res.body.message).toBe('草稿已保存');
    const plan = res.body.data;
    expect(plan).toMatchObject({
      owner_kind: 2,
      status: 0,
      status_text: '草稿',
      registration_start_date: '2026-11-01',
      registration_end_date: '2026-11-20',
      plan_no: null,
    });
    expect(plan.abilities).toMatchObject({ can_edit: true, can_publish: true, can_seat: false });
    expect(plan.timeline.map((t) => t.action_text)).toEqual(['创建考试计划']);
    const drafts = await ok<Paged<TestPlanRow>>(ctx.app, token, 'GET', '/api/testPlans?status=0');
    expect(drafts.list.map((p) => p._id)).toEqual([plan._id]);
    expect((await ok<Paged<TestPlanRow>>(ctx.app, token, 'GET', '/api/testPlans?status=10')).list).toEqual(
      [],
    );
    const patched = await ok<TestPlanDetail>(
      ctx.app,
      token,
      'PATCH',
      planUrl(plan._id),
      testPlanBody(filing, { name: '改名的考试' }),
    );
    expect(patched.name).toBe('改名的考试');
    // The enterprise's list never shows it, nor the institution's its plans of another kind.
    const [row] = await ctx.app.db.select().from(levelEvaluations).where(eq(levelEvaluations.id, plan._id));
    expect(row.ownerKind).toBe(2);
  });

  it("the list reads a page, its total and each plan's examinees 待审核 in one statement whatever the page size, a page read before in none", async () => {
    const token = await jigou();
    const companyId = await companyOf(ctx.app.db, 'jigou');
    const filingId = await seedApprovedFiling(ctx.app.db, companyId);
    for (let i = 0; i < 55; i++) {
      const id = await seedPlan(ctx.app.db, companyId, { filingId, status: EvaluationStatus.REGISTERING });
      await ctx.app.db
        .update(levelEvaluations)
        .set({ ownerKind: PlanOwner.INSTITUTION })
        .where(eq(levelEvaluations.id, id));
    }
    const { bySize, repeated } = await listStatements(ctx.app, token, '/api/testPlans');
    // The list's one statement, after the route's permission key (the caller's roles: one statement of its own).
    expect(bySize).toEqual([2, 2, 2]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 1 : 2);
  });

  it('a list page read before shows examinees newly waiting for review, and fewer once one is approved', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const pending = async () =>
      (await ok<Paged<TestPlanRow>>(ctx.app, token, 'GET', '/api/testPlans')).list.find(
        (r) => r._id === plan._id,
      )?.pending_examinee_count;
    expect(await pending()).toBe(0);
    const added = await addExaminees(ctx.app, token, plan._id, [examinee(1), examinee(2)]);
    expect(await pending()).toBe(2);
    await approveExaminees(ctx.app, token, plan._id, [added[0]._id]);
    expect(await pending()).toBe(1);
  });

  it('the registration window: its end before its start, or after the exam starts, is 400 naming the field', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    expect(
      await refusal(
        token,
        'POST',
        '/api/testPlans',
        testPlanBody(filing, { registration_end_date: '2026-10-01' }),
      ),
    ).toEqual([400, '报名截止日期不能早于报名开始日期']);
    expect(
      await refusal(
        token,
        'POST',
        '/api/testPlans',
        testPlanBody(filing, { registration_end_date: '2026-12-02' }),
      ),
    ).toEqual([400, '报名截止日期不能晚于考试开始日期']);
  });

  it('publishing needs the registration window: 请选择报名截止日期，请补充后再发布', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const plan = await createTestPlan(ctx.app, token, testPlanBody(filing, { registration_end_date: null }));
    expect(await refusal(token, 'POST', planUrl(plan._id, '/publish'))).toEqual([
      400,
      '请选择报名截止日期，请补充后再发布',
    ]);
    expect((await detail(token, plan._id)).status).toBe(0);
  });

  it('publishing (草稿 → 报名中) gives the plan its number and a timeline step with who and when', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const plan = await createTestPlan(ctx.app, token, testPlanBody(filing));
    const res = await api<TestPlanDetail>(ctx.app, 'POST', planUrl(plan._id, '/publish'), { token });
    expect(res.body.message).toBe('已发布，开始报名');
    expect(res.body.data).toMatchObject({ status: 10, status_text: '报名中' });
    expect(res.body.data.plan_no).toMatch(new RegExp(`^${filing.record_no}\\d{9}$`));
    const step = res.body.data.timeline.at(-1)!;
    expect(step).toMatchObject({ action: 'publish', action_text: '发布报名', user_name: 'jigou' });
    expect(step.create_time_str).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await refusal(token, 'POST', planUrl(plan._id, '/publish'))).toEqual([
      400,
      '当前状态（报名中）不能发布报名',
    ]);
  });

  it('basics change and the plan is deleted in 草稿 only', async () => {
    const token = await jigou();
    const { plan, filing } = await registeringPlan(ctx.app, token, { n: 0 });
    expect(await refusal(token, 'PATCH', planUrl(plan._id), testPlanBody(filing))).toEqual([
      400,
      '当前状态（报名中）不能修改',
    ]);
    expect(await refusal(token, 'DELETE', planUrl(plan._id))).toEqual([
      400,
      '只有草稿状态的考试计划可以删除',
    ]);
    const draft = await createTestPlan(ctx.app, token, testPlanBody(filing));
    expect((await call(token, 'DELETE', planUrl(draft._id))).body.message).toBe('删除成功');
    expect(await refusal(token, 'GET', planUrl(draft._id))).toEqual([404, '考试计划不存在或已删除']);
  });

  it("another institution's plan, an enterprise's plan, or none: 404 考试计划不存在或已删除", async () => {
    const token = await jigou();
    const { plan, examinees } = await registeringPlan(ctx.app, token, { n: 1 });
    const enterpriseToken = (await login(ctx.app, 'qiye')).token;
    const enterprisePlan = await createPlan(
      ctx.app,
      enterpriseToken,
      planBody(await approvedFiling(ctx.app, enterpriseToken)),
    );
    const b = await secondInstitution(ctx);
    await approvedInstitutionFiling(ctx.app, b.token);
    for (const [who, id] of [
      [b.token, plan._id],
      [token, enterprisePlan._id],
      [token, '00000000-0000-7000-8000-000000000000'],
    ] as const)
      for (const [method, tail, body] of [
        ['GET', ''],
        ['PATCH', '', {}],
        ['DELETE', ''],
        ['POST', '/publish'],
        ['POST', '/cancel', { reason: '原因' }],
        ['GET', '/sessions'],
        ['GET', '/examinees'],
        ['POST', '/examinees', { examinees: [examinee(9)] }],
        ['POST', '/examinees/review', { examinee_ids: [examinees[0]._id], action: 'approve' }],
        ['POST', '/seating', { mode: 1 }],
        ['GET', '/seats'],
        ['GET', '/tickets'],
        ['POST', '/startExam'],
        ['GET', '/statistics'],
        ['GET', '/scoreChanges'],
        ['GET', '/certificateGrant'],
      ] as const) {
        const res = await call(who, method, planUrl(id, tail), body);
        expect([method, tail, res.status, res.body.message]).toEqual([
          method,
          tail,
          404,
          '考试计划不存在或已删除',
        ]);
      }
    // And an institution's plan is no enterprise's evaluation.
    expect((await call(enterpriseToken, 'GET', `/api/levelEvaluations/${plan._id}`)).status).toBe(404);
  });

  it('each step needs its key: a member holding only the list key is refused publishing with 403', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const plan = await createTestPlan(ctx.app, token, testPlanBody(filing));
    const role = await ok<{ _id: string }>(ctx.app, token, 'POST', '/api/institution/roles', {
      name: '只看计划',
      remark: null,
    });
    const menus = await ok<{ _id: string; key: string | null }[]>(
      ctx.app,
      token,
      'GET',
      '/api/institution/menus',
    );
    const page = menus.find((m) => m.key === 'institution:test-plan:list')!;
    await ok(ctx.app, token, 'PUT', `/api/institution/roles/${role._id}/menus`, { menu_ids: [page._id] });
    await ok(ctx.app, token, 'POST', '/api/institution/staff', {
      name: '只看者',
      phone: '13922220031',
      role_ids: [role._id],
    });
    const member = (await smsLogin(ctx, '13922220031')).token;
    const seen = await detail(member, plan._id);
    expect(seen.abilities).toMatchObject({ can_edit: false, can_publish: false, can_delete: false });
    expect(await refusal(member, 'POST', planUrl(plan._id, '/publish'))).toEqual([403, '没有权限执行此操作']);
    expect(await refusal(member, 'POST', planUrl(plan._id, '/seating'), { mode: 1 })).toEqual([
      403,
      '没有权限执行此操作',
    ]);
    const enterprise = (await login(ctx.app, 'qiye')).token;
    expect(await refusal(enterprise, 'GET', planUrl(plan._id))).toEqual([403, '仅机构端可以执行此操作']);
  });
});

describe('sessions and rooms', () => {
  it('a session must be of one of the plan’s methods', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const plan = await createTestPlan(ctx.app, token, testPlanBody(filing));
    expect(
      await refusal(token, 'POST', planUrl(plan._id, '/sessions'), {
        method: 4,
        start_time: '2026-12-01 09:00',
        end_time: '2026-12-01 11:00',
      }),
    ).toEqual([400, '「综合评审」不是本考试计划的评价方式']);
    expect(
      await refusal(token, 'POST', planUrl(plan._id, '/sessions'), {
        method: 1,
        start_time: '2026-12-01 11:00',
        end_time: '2026-12-01 09:00',
      }),
    ).toEqual([400, '结束时间应晚于开始时间']);
  });

  it('warns, never refuses: fewer than 2 invigilators, a 实操 room without examiners, a method without a session, registration not closed before the first session, publicity under 5 days', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const plan = await createTestPlan(
      ctx.app,
      token,
      testPlanBody(filing, {
        publicity_days: 3,
        start_date: '2026-11-20',
        registration_end_date: '2026-11-20',
      }),
    );
    let list = await ok<ExamSessionList>(ctx.app, token, 'POST', planUrl(plan._id, '/sessions'), {
      method: 2,
      name: '实操场',
      start_time: '2026-11-20 09:00',
      end_time: '2026-11-20 11:00',
    });
    list = await ok<ExamSessionList>(ctx.app, token, 'POST', planUrl(plan._id, '/rooms'), {
      session_id: list.sessions[0]._id,
      name: '第一考场',
      room_type: 3,
      seats: 30,
      address: '实训楼 101',
      invigilators: ['监考甲'],
      examiners: [],
    });
    expect(list.sessions[0].rooms[0].warnings).toEqual(['监考人员少于2名', '实操考场未安排考评人员']);
    expect(list.warnings).toEqual([
      '「理论知识考试」还没有场次',
      '报名截止日期不早于第一场考试，请留出审核和编排的时间',
      '公示天数为3天，少于常见的5天（各地规定不一，请核对）',
      '实操场·第一考场：监考人员少于2名',
      '实操场·第一考场：实操考场未安排考评人员',
    ]);
    expect((await detail(token, plan._id)).warnings).toEqual(list.warnings);
  });

  it('a method’s seats fewer than its approved examinees: a warning in the list, a refusal when seating', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 11, seats: 5 });
    const list = await ok<ExamSessionList>(ctx.app, token, 'GET', planUrl(plan._id, '/sessions'));
    expect(list.warnings).toContain(
      '理论知识考试的座位数（10）少于已通过审核的考生数（11），请增加考场或座位',
    );
    expect(await refusal(token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 })).toEqual([
      400,
      '理论知识考试的座位数（10）少于已通过审核的考生数（11），请增加考场或座位',
    ]);
  });

  it('a session or room where examinees sit is not deleted; a room’s seats never fall below a seated seat', async () => {
    const token = await jigou();
    const { plan } = await seatedPlan(token, 4);
    const list = await ok<ExamSessionList>(ctx.app, token, 'GET', planUrl(plan._id, '/sessions'));
    const session = list.sessions[0];
    const room = session.rooms[0];
    expect(room.seated_count).toBe(4);
    expect(await refusal(token, 'DELETE', planUrl(plan._id, `/sessions/${session._id}`))).toEqual([
      400,
      '该场次已编排考生，不能删除',
    ]);
    expect(await refusal(token, 'DELETE', planUrl(plan._id, `/rooms/${room._id}`))).toEqual([
      400,
      '该考场已编排考生，不能删除',
    ]);
    const body = {
      session_id: session._id,
      name: room.name,
      room_type: 1,
      seats: 3,
      address: room.address,
      invigilators: room.invigilators,
      examiners: [],
    };
    expect(await refusal(token, 'PATCH', planUrl(plan._id, `/rooms/${room._id}`), body)).toEqual([
      400,
      '该考场已编排到第4座，座位数不能少于4',
    ]);
    const empty = session.rooms[1];
    expect((await call(token, 'DELETE', planUrl(plan._id, `/rooms/${empty._id}`))).body.message).toBe(
      '考场已删除',
    );
  });

  it('sessions and rooms change in 草稿, 报名中, 已编排 only', async () => {
    const token = await jigou();
    const { plan } = await seatedPlan(token, 2);
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/startExam'));
    expect(
      await refusal(token, 'POST', planUrl(plan._id, '/sessions'), {
        method: 1,
        start_time: '2026-12-02 09:00',
        end_time: '2026-12-02 11:00',
      }),
    ).toEqual([400, '当前状态（考试中）不能修改场次和考场']);
  });
});

describe('the exam and its results', () => {
  it('cancel (报名中 … 阅卷中 → 已取消) keeps the reason; not from 草稿', async () => {
    const token = await jigou();
    const { plan, filing } = await registeringPlan(ctx.app, token, { n: 1 });
    const cancelled = await ok<TestPlanDetail>(ctx.app, token, 'POST', planUrl(plan._id, '/cancel'), {
      reason: '报名人数不足',
    });
    expect(cancelled).toMatchObject({ status: 8, status_text: '已取消', cancel_reason: '报名人数不足' });
    expect(cancelled.timeline.at(-1)).toMatchObject({ action_text: '取消考试计划', note: '报名人数不足' });
    const draft = await createTestPlan(ctx.app, token, testPlanBody(filing));
    expect(await refusal(token, 'POST', planUrl(draft._id, '/cancel'), { reason: '不考了' })).toEqual([
      400,
      '当前状态（草稿）不能取消',
    ]);
    expect(await refusal(token, 'POST', planUrl(draft._id, '/cancel'), {})).toEqual([400, '请输入取消原因']);
  });

  it('startExam (已编排 → 考试中) is refused while registrations wait for review, and before seating', async () => {
    const token = await jigou();
    const { plan } = await seatedPlan(token, 2);
    const added = await api(ctx.app, 'POST', planUrl(plan._id, '/examinees'), {
      token,
      body: { examinees: [examinee(51)] },
    });
    // Examinees are added in 草稿 and 报名中 only.
    expect(added.status).toBe(400);
    const early = await registeringPlan(ctx.app, token, { n: 1 });
    expect(await refusal(token, 'POST', planUrl(early.plan._id, '/startExam'))).toEqual([
      400,
      '当前状态（报名中）不能开始考试',
    ]);
    await addExaminees(ctx.app, token, early.plan._id, [examinee(52)]);
    await ok(ctx.app, token, 'POST', planUrl(early.plan._id, '/seating'), { mode: 1 });
    expect(await refusal(token, 'POST', planUrl(early.plan._id, '/startExam'))).toEqual([
      400,
      '还有1名考生的报名待审核，请审核后再开始考试',
    ]);
  });

  it('scores in 阅卷中 only; 缺考 and 违纪 are result codes, not zeros', async () => {
    const token = await jigou();
    const { plan, examinees } = await markingPlan(token, 3);
    const [a, b, c] = examinees.map((e) => e._id);
    const rows = await ok<CandidateRow[]>(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
      scores: [
        score(a, 1, 80),
        score(a, 2, 75),
        score(b, 1, null, 1),
        score(b, 2, 70),
        score(c, 1, 90),
        score(c, 2, null, 2),
      ],
    });
    const byId = new Map(rows.map((r) => [r._id, r]));
    expect([byId.get(a)?.result, byId.get(b)?.result, byId.get(c)?.result]).toEqual([1, 3, 4]);
    expect(byId.get(b)?.result_text).toBe('缺考');
    expect(byId.get(c)?.result_text).toBe('违纪');
    const absent = byId.get(b)!.scores.find((s) => s.method === 1)!;
    expect(absent).toMatchObject({ score: null, mark: 1 });
  });

  it('submitResults needs every approved examinee’s result; review returns (→ 阅卷中 with the reason) or approves (→ 公示中)', async () => {
    const token = await jigou();
    const { plan, examinees } = await markingPlan(token, 2);
    const [a, b] = examinees.map((e) => e._id);
    await ok(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
      scores: [score(a, 1, 80), score(a, 2, 75)],
    });
    expect(await refusal(token, 'POST', planUrl(plan._id, '/submitResults'))).toEqual([
      400,
      '还有1名考生的成绩未录入完整，请录入后再提交成绩审核',
    ]);
    await ok(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
      scores: [score(b, 1, 40), score(b, 2, 75)],
    });
    const submitted = await ok<TestPlanDetail>(ctx.app, token, 'POST', planUrl(plan._id, '/submitResults'));
    expect(submitted.status_text).toBe('成绩待审核');
    expect(
      await refusal(token, 'PATCH', planUrl(plan._id, '/scores'), { scores: [score(b, 1, 60)] }),
    ).toEqual([400, '当前状态（成绩待审核）不能录入成绩']);
    expect(await refusal(token, 'POST', planUrl(plan._id, '/reviewResults'), { action: 'return' })).toEqual([
      400,
      '请输入退回原因',
    ]);
    const returned = await ok<TestPlanDetail>(ctx.app, token, 'POST', planUrl(plan._id, '/reviewResults'), {
      action: 'return',
      reason: '请复核第二名考生',
    });
    expect(returned).toMatchObject({ status_text: '阅卷中', reject_reason: '请复核第二名考生' });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/submitResults'));
    const approved = await ok<TestPlanDetail>(ctx.app, token, 'POST', planUrl(plan._id, '/reviewResults'), {
      action: 'approve',
    });
    expect(approved).toMatchObject({ status_text: '公示中', pass_count: 1 });
    expect(approved.timeline.map((t) => t.action)).toEqual([
      'create',
      'publish',
      'seat',
      'startExam',
      'endExam',
      'submitResults',
      'returnResults',
      'submitResults',
      'approveResults',
    ]);
    expect(await refusal(token, 'POST', planUrl(plan._id, '/cancel'), { reason: '晚了' })).toEqual([
      400,
      '当前状态（公示中）不能取消',
    ]);
  });

  it('publicity of 0 days passes at once; in 公示中 a score changes only by an approved request', async () => {
    const token = await jigou();
    const { plan, examinees } = await markingPlan(token, 1);
    const [a] = examinees.map((e) => e._id);
    await ok(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
      scores: [score(a, 1, 50), score(a, 2, 75)],
    });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/submitResults'));
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/reviewResults'), { action: 'approve' });
    expect(
      await refusal(token, 'PATCH', planUrl(plan._id, '/scores'), { scores: [score(a, 1, 70)] }),
    ).toEqual([400, '当前状态（公示中）不能直接修改成绩，请提交成绩修改申请']);
    const change = await ok<ScoreChangeRow>(ctx.app, token, 'POST', planUrl(plan._id, '/scoreChanges'), {
      ...score(a, 1, 70),
      reason: '复核后改判',
    });
    const decided = await ok<ScoreChangeRow>(
      ctx.app,
      token,
      'POST',
      planUrl(plan._id, `/scoreChanges/${change._id}/review`),
      { action: 'approve' },
    );
    expect(decided.status_text).toBe('已通过');
    expect((await detail(token, plan._id)).pass_count).toBe(1);

    const quick = await markingPlan(token, 1);
    await ctx.app.db
      .update(levelEvaluations)
      .set({ publicityDays: 0 })
      .where(eq(levelEvaluations.id, quick.plan._id));
    const id = quick.examinees[0]._id;
    await ok(ctx.app, token, 'PATCH', planUrl(quick.plan._id, '/scores'), {
      scores: [score(id, 1, 90), score(id, 2, 90)],
    });
    await ok(ctx.app, token, 'POST', planUrl(quick.plan._id, '/submitResults'));
    const passed = await ok<TestPlanDetail>(
      ctx.app,
      token,
      'POST',
      planUrl(quick.plan._id, '/reviewResults'),
      {
        action: 'approve',
      },
    );
    expect(passed.status_text).toBe('已通过');
    expect(passed.abilities.can_grant).toBe(true);
  });

  it('a score change request is decided by another holder of the review key, not its requester', async () => {
    const token = await jigou();
    const { plan, examinees } = await markingPlan(token, 1);
    const [a] = examinees.map((e) => e._id);
    await ok(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
      scores: [score(a, 1, 50), score(a, 2, 75)],
    });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/submitResults'));
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/reviewResults'), { action: 'approve' });
    const role = await ok<{ _id: string }>(ctx.app, token, 'POST', '/api/institution/roles', {
      name: '成绩员',
      remark: null,
    });
    const menus = await ok<
      { _id: string; key: string | null; children: { _id: string; key: string | null }[] }[]
    >(ctx.app, token, 'GET', '/api/institution/menus');
    const flat = (nodes: typeof menus): typeof menus =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof menus)]);
    const keys = [
      'institution:test-plan:list',
      'institution:test-plan:score',
      'institution:test-plan:review',
    ];
    await ok(ctx.app, token, 'PUT', `/api/institution/roles/${role._id}/menus`, {
      menu_ids: flat(menus)
        .filter((m) => keys.includes(m.key ?? ''))
        .map((m) => m._id),
    });
    await ok(ctx.app, token, 'POST', '/api/institution/staff', {
      name: '成绩员甲',
      phone: '13922220032',
      role_ids: [role._id],
    });
    const clerk = (await smsLogin(ctx, '13922220032')).token;
    const change = await ok<ScoreChangeRow>(ctx.app, clerk, 'POST', planUrl(plan._id, '/scoreChanges'), {
      ...score(a, 1, 65),
      reason: '加分',
    });
    expect(
      await refusal(clerk, 'POST', planUrl(plan._id, `/scoreChanges/${change._id}/review`), {
        action: 'approve',
      }),
    ).toEqual([403, '不能审批自己提交的内容，请由本机构其他管理员审批']);
    const decided = await ok<ScoreChangeRow>(
      ctx.app,
      token,
      'POST',
      planUrl(plan._id, `/scoreChanges/${change._id}/review`),
      { action: 'reject', reason: '依据不足' },
    );
    expect(decided.status_text).toBe('已驳回');
  });

  it('results export as .xlsx with ticket numbers; the statistics count approved examinees only', async () => {
    const token = await jigou();
    const { plan, examinees } = await markingPlan(token, 2);
    const [a, b] = examinees.map((e) => e._id);
    await ok(ctx.app, token, 'PATCH', planUrl(plan._id, '/scores'), {
      scores: [score(a, 1, 80), score(a, 2, 75), score(b, 1, null, 1), score(b, 2, null, 1)],
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: planUrl(plan._id, '/scores/export'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('成绩.xlsx'));
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['姓名', '证件号码', '准考证号', '结果']));
    const ticketColumn = header.indexOf('准考证号') + 1;
    expect(String(sheet.getRow(2).getCell(ticketColumn).value)).toMatch(/^\d{18}$/);
    const resultColumn = header.indexOf('结果') + 1;
    expect([
      sheet.getRow(2).getCell(resultColumn).value,
      sheet.getRow(3).getCell(resultColumn).value,
    ]).toEqual(['合格', '缺考']);
  });

  it('scores import from Excel in 阅卷中: 缺考 and 违纪 cells are marks; a row of an unapproved examinee imports nothing', async () => {
    const token = await jigou();
    const { plan, examinees } = await markingPlan(token, 2);
    const [a, b] = examinees;
    const sheet = (rows: (string | number)[][]) =>
      xlsx(['姓名', '证件号码', '理论知识考试', '技能操作考核'], rows);
    const url = planUrl(plan._id, '/scores/import');
    const good = await postFile<ImportResult>(
      ctx.app,
      url,
      '成绩.xlsx',
      await sheet([
        [a.name, a.id_number, 88, '违纪'],
        [b.name, b.id_number, '缺考', 70],
      ]),
      token,
    );
    expect(good.body).toMatchObject({ code: 200, data: { imported: 2 } });
    const rows = await ok<Paged<CandidateRow>>(
      ctx.app,
      token,
      'GET',
      planUrl(plan._id, '/examinees?per_page=50'),
    );
    expect(rows.list.map((r) => [r._id, r.result_text])).toEqual([
      [a._id, '违纪'],
      [b._id, '缺考'],
    ]);
    const stranger = await postFile<ImportResult>(
      ctx.app,
      url,
      '成绩.xlsx',
      await sheet([['路人', testIdNumber(777), 60, 60]]),
      token,
    );
    expect(stranger.body.data).toMatchObject({ imported: 0, failed: 1 });
  });

  it('approved examinees still waiting for a seat keep the exam from starting', async () => {
    const token = await jigou();
    const { plan } = await seatedPlan(token, 1);
    // An examinee approved after seating needs seating again.
    const [row] = await ctx.app.db.select().from(levelEvaluations).where(eq(levelEvaluations.id, plan._id));
    await ctx.app.db.update(levelEvaluations).set({ status: 10 }).where(eq(levelEvaluations.id, row.id));
    const [late] = await addExaminees(ctx.app, token, plan._id, [examinee(70)]);
    await ctx.app.db.update(levelEvaluations).set({ status: 11 }).where(eq(levelEvaluations.id, row.id));
    await approveExaminees(ctx.app, token, plan._id, [late._id]);
    expect(await refusal(token, 'POST', planUrl(plan._id, '/startExam'))).toEqual([
      400,
      '还有1名审核通过的考生未编排考场，请重新编排后再开始考试',
    ]);
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    expect(
      (await ok<TestPlanDetail>(ctx.app, token, 'POST', planUrl(plan._id, '/startExam'))).status_text,
    ).toBe('考试中');
  });
});

describe('sessions fixture', () => {
  it('adds sessions with rooms', async () => {
    const token = await jigou();
    const filing = await approvedInstitutionFiling(ctx.app, token);
    const plan = await createTestPlan(ctx.app, token, testPlanBody(filing));
    const list = await addSessionWithRooms(ctx.app, token, plan._id, {
      method: 1,
      start: '2026-12-01 09:00',
      end: '2026-12-01 11:00',
      rooms: 2,
      seats: 30,
    });
    expect(list.sessions.map((s) => [s.code, s.rooms.map((r) => r.code)])).toEqual([['01', ['001', '002']]]);
  });
});
