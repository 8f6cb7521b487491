import { ArchiveKind } from '@skill-cert/shared/archives';
import {
  EvaluationAction,
  EvaluationStatus,
  type EvaluationStatusValue,
  ExamineeStatus,
  evaluationActionText,
  evaluationMethodText,
  isCancellable,
  PlanOwner,
  type TestPlanAbilities,
  type TestPlanDetail,
  type TestPlanRow,
  TicketStatus,
  testPlanPublishProblem,
} from '@skill-cert/shared/level-evaluations';
import { hasPermission } from '@skill-cert/shared/permission';
import { RoleType } from '@skill-cert/shared/roles';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { totalOf } from '../../lib/page-total.ts';
import { timelineOf } from '../../lib/timeline.ts';
import { permissionKeysOf } from '../access/service.ts';
import { openArchive, sealArchiveOf } from '../archives/service.ts';
import { occupationByCode } from '../occupations/service.ts';
import type { UserRow } from '../users/service.ts';
import { archiveOpeningOf } from './archive-source.ts';
import { logisticsOpen } from './exam-logistics.ts';
import { EXAMINER, SUPERVISOR } from './examiners.ts';
import { planLogisticsOf } from './logistics-summary.ts';
import { checkContent, nextPlanNo, storedBody } from './plan-content.ts';
import { reviewPlan, submitResults } from './plan-flow.ts';
import { planKeyword, planParts, toRow } from './plan-views.ts';
import {
  endDuePublicity,
  findPlan,
  isPastEnd,
  logSteps,
  nextPublicityEndOf,
  type PlanRow,
  wrongState,
} from './plans.ts';
import { resultCounts } from './statistics.ts';
import { levelEvaluationCandidates, levelEvaluationSeats, levelEvaluations } from './tables.ts';

/** The timeline's words for a test plan: the evaluation's, naming the plan as a test plan. */
const TEST_PLAN_ACTION_TEXT = {
  ...evaluationActionText,
  create: '创建考试计划',
  publicityOver: '公示期满，考试通过',
};

/** A test plan as a row of `/test-plan`. */
function toTestPlanRow(p: PlanRow, pending: number): TestPlanRow {
  return {
    ...toRow(p),
    registration_start_date: p.registrationStartDate,
    registration_end_date: p.registrationEndDate,
    pending_examinee_count: pending,
  };
}

/** A plan's examinees 待审核, as SQL beside its row. */
const pendingExaminees = sql<number>`(select count(*)::int from ${levelEvaluationCandidates} where ${and(
  eq(levelEvaluationCandidates.evaluationId, levelEvaluations.id),
  eq(levelEvaluationCandidates.registrationStatus, ExamineeStatus.PENDING),
)})`.mapWith(Number);

/** What the test plan list reads (its cached pages hold until one of them is written). */
export const TEST_PLAN_LIST_TABLES = ['level_evaluations', 'level_evaluation_candidates'] as const;

export interface TestPlanFilter {
  keyword?: string;
  status?: number;
  occupation_code?: string;
  level?: number;
  start_date?: string;
  end_date?: string;
  page: number;
  per_page: number;
}

/**
 * `GET /api/testPlans`: the institution's test plans, newest first; the exam window overlaps the date range. One
 * statement, as the enterprise's plan list: the page, its total, each plan's examinees 待审核 and the institution's
 * next publicity end; when that end is past, the due periods end and the page is read again.
 */
export async function listTestPlans(
  db: DbOrTx,
  own: CompanyScope,
  f: TestPlanFilter,
  now = new Date(),
): Promise<{ list: TestPlanRow[]; total: number; nextPublicityEnd: Date | null }> {
  const where = and(
    ofCompany(levelEvaluations, own),
    eq(levelEvaluations.ownerKind, PlanOwner.INSTITUTION),
    planKeyword(f.keyword),
    f.status === undefined ? undefined : eq(levelEvaluations.status, f.status),
    f.occupation_code ? eq(levelEvaluations.occupationCode, f.occupation_code) : undefined,
    f.level === undefined ? undefined : eq(levelEvaluations.level, f.level),
    f.start_date ? gte(levelEvaluations.endDate, f.start_date) : undefined,
    f.end_date ? lte(levelEvaluations.startDate, f.end_date) : undefined,
  );
  const meta = { total: totalOf(levelEvaluations, where), nextEnd: nextPublicityEndOf(own) };
  const read = async () => {
    const rows = await db
      .select({ plan: levelEvaluations, pending: pendingExaminees, ...meta })
      .from(levelEvaluations)
      .where(where)
      .orderBy(desc(levelEvaluations.createdAt), desc(levelEvaluations.id))
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page);
    // An empty page carries no total: it is asked alone.
    const [found] = rows.length ? rows : await db.select(meta).from(sql`(select 1) as one`);
    return {
      list: rows.map((r) => toTestPlanRow(r.plan, r.pending)),
      total: found.total,
      nextPublicityEnd: found.nextEnd,
    };
  };
  const first = await read();
  if (!isPastEnd(first.nextPublicityEnd, now)) return first;
  await endDuePublicity(db, { company: own }, now);
  return read();
}

const S = EvaluationStatus;

/** What the caller may do now: the plan's state and the caller's keys of the institution menu. */
function abilitiesOf(p: PlanRow, keys: readonly string[], changesByOthers: number): TestPlanAbilities {
  const may = (key: string) => hasPermission(keys, `institution:${key}`);
  const is = (...states: number[]) => states.includes(p.status);
  return {
    can_edit: is(S.DRAFT) && may('test-plan:edit'),
    can_delete: is(S.DRAFT) && may('test-plan:edit'),
    can_publish: is(S.DRAFT) && may('test-plan:publish'),
    can_cancel: isCancellable(p.status) && may('test-plan:cancel'),
    can_edit_sessions: logisticsOpen(p, 'sessions', false) && may('test-plan:edit'),
    can_edit_examinees: is(S.DRAFT, S.REGISTERING) && may('examinee:edit'),
    can_review_examinees: is(S.DRAFT, S.REGISTERING, S.SEATED) && may('examinee:review'),
    can_seat: logisticsOpen(p, 'seating', false) && may('test-plan:arrange'),
    can_render_tickets:
      logisticsOpen(p, 'tickets', false) &&
      p.ticketsStatus !== TicketStatus.RENDERING &&
      may('test-plan:ticket'),
    can_start_exam: is(S.SEATED) && may('test-plan:exam'),
    can_end_exam: is(S.EXAMINING) && may('test-plan:exam'),
    can_edit_scores: is(S.MARKING) && may('test-plan:score'),
    can_submit_results: is(S.MARKING) && may('test-plan:score'),
    can_review_results: is(S.RESULTS_PENDING) && may('test-plan:review'),
    can_request_change: is(S.PUBLICITY) && may('test-plan:score'),
    can_review_changes: is(S.PUBLICITY) && changesByOthers > 0 && may('test-plan:review'),
    can_grant: is(S.PASSED) && p.passCount > 0 && may('test-plan:grant'),
    can_archive: (is(S.GRANTED) || (is(S.PASSED) && p.passCount === 0)) && may('test-plan:archive'),
  };
}

/** `GET /api/testPlans/{id}`: the plan in full, with its logistics, what the caller may do and its timeline. */
export async function testPlanDetail(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<TestPlanDetail> {
  const p = await findPlan(db, own, id);
  const { filing, methods, staff, changes, logs } = await planParts(db, own, p);
  const logistics = await planLogisticsOf(db, p);
  const keys = await permissionKeysOf(db, user.id, RoleType.INSTITUTION);
  const pendingChanges = changes.reduce((sum, c) => sum + c.n, 0);
  const site = filing?.sites.find((s) => s.id === p.siteId);
  const person = (s: (typeof staff)[number]) => ({
    _id: s.personId,
    name: s.name,
    phone: s.phone,
    qualification: s.qualification,
  });
  return {
    ...toTestPlanRow(p, logistics.summary.examinee_counts.pending),
    owner_kind: PlanOwner.INSTITUTION,
    record_no: filing?.recordNo ?? null,
    methods: methods.map((m) => ({
      method: m.method as 1 | 2 | 3 | 4,
      method_text: evaluationMethodText[m.method as 1 | 2 | 3 | 4] ?? '',
      full_mark: m.fullMarkTenths / 10,
      pass_mark: m.passMarkTenths / 10,
    })),
    site: site
      ? { _id: site.id, name: site.name, address: site.address, region_names: site.regionNames }
      : null,
    examiners: staff.filter((s) => s.kind === EXAMINER).map(person),
    supervisors: staff.filter((s) => s.kind === SUPERVISOR).map(person),
    publicity_days: p.publicityDays,
    remark: p.remark,
    reject_reason: p.rejectReason,
    cancel_reason: p.cancelReason,
    ...logistics.summary,
    result_counts: await resultCounts(db, id),
    pending_change_count: pendingChanges,
    warnings: logistics.warnings,
    abilities: abilitiesOf(
      p,
      keys,
      changes.filter((c) => c.requestedBy !== user.id).reduce((sum, c) => sum + c.n, 0),
    ),
    timeline: timelineOf(logs, TEST_PLAN_ACTION_TEXT),
  };
}

/** A move of the plan's state in one locked transaction, with its timeline step. */
async function move(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
  m: {
    from: readonly number[];
    to: EvaluationStatusValue;
    what: string;
    step: (typeof EvaluationAction)[keyof typeof EvaluationAction];
    check?: (tx: DbOrTx, plan: PlanRow) => Promise<Partial<typeof levelEvaluations.$inferInsert> | undefined>;
    note?: string | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, id, { forUpdate: true });
    if (!m.from.includes(plan.status)) throw wrongState(plan.status, m.what);
    const extra = (await m.check?.(tx, plan)) ?? {};
    await tx
      .update(levelEvaluations)
      .set({ ...extra, status: m.to, updatedAt: new Date() })
      .where(eq(levelEvaluations.id, plan.id));
    await logSteps(tx, plan.id, user, [{ action: m.step, note: m.note ?? null }]);
  });
}

/**
 * `POST .../publish` (草稿 → 报名中): the stored plan complete (testPlanPublishProblem), still inside its approved
 * filing with the filing's people; it gets its plan number (as an evaluation's at its first submit) and its archive.
 */
export async function publishTestPlan(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<void> {
  await move(db, own, id, user, {
    from: [S.DRAFT],
    to: S.REGISTERING,
    what: '发布报名',
    step: EvaluationAction.PUBLISH,
    async check(tx, plan) {
      const body = await storedBody(tx, plan);
      const occupation = body.occupation_code ? await occupationByCode(tx, body.occupation_code) : undefined;
      const problem = testPlanPublishProblem(
        {
          ...body,
          registration_start_date: plan.registrationStartDate,
          registration_end_date: plan.registrationEndDate,
        },
        occupation,
      );
      if (problem) throw badRequest(`${problem}，请补充后再发布`);
      const { filing } = await checkContent(tx, own, body, plan.occupationCode);
      for (const [ids, kind, label] of [
        [body.examiner_ids, EXAMINER, '考评员'],
        [body.supervisor_ids, SUPERVISOR, '质量督导员'],
      ] as const) {
        if (!ids.every((pid) => filing?.people.some((p) => p.id === pid && p.kind === kind)))
          throw badRequest(`${label}不属于所选备案，请重新选择`);
      }
      const planNo = plan.planNo ?? (await nextPlanNo(tx, filing!.recordNo));
      await openArchive(tx, ArchiveKind.EVALUATION, { ...archiveOpeningOf(plan), number: planNo }, user);
      return { planNo, submittedBy: user.id, submittedAt: new Date() };
    },
  });
}

/** `POST .../cancel`: 报名中 … 阅卷中 → 已取消, with the reason (on the timeline too). */
export async function cancelTestPlan(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
  reason: string,
): Promise<void> {
  await move(db, own, id, user, {
    from: [S.REGISTERING, S.SEATED, S.EXAMINING, S.MARKING],
    to: S.CANCELLED,
    what: '取消',
    step: EvaluationAction.CANCEL,
    note: reason,
    check: async () => ({ cancelReason: reason }),
  });
}

/** `POST .../startExam` (已编排 → 考试中): no registration may still wait for its review. */
export async function startExam(db: DbOrTx, own: CompanyScope, id: string, user: UserRow): Promise<void> {
  await move(db, own, id, user, {
    from: [S.SEATED],
    to: S.EXAMINING,
    what: '开始考试',
    step: EvaluationAction.START_EXAM,
    async check(tx, plan) {
      const [{ pending }] = await tx
        .select({ pending: count() })
        .from(levelEvaluationCandidates)
        .where(
          and(
            eq(levelEvaluationCandidates.evaluationId, plan.id),
            eq(levelEvaluationCandidates.registrationStatus, ExamineeStatus.PENDING),
          ),
        );
      if (pending > 0) throw badRequest(`还有${pending}名考生的报名待审核，请审核后再开始考试`);
      const res = (await tx.execute(sql`
        select count(*)::int as unseated from ${levelEvaluationCandidates} c
        where c.evaluation_id = ${plan.id} and c.registration_status = ${ExamineeStatus.APPROVED}
          and not exists (select 1 from ${levelEvaluationSeats} s where s.candidate_id = c.id)`)) as unknown as {
        rows: { unseated: number }[];
      };
      const unseated = Number(res.rows[0]?.unseated ?? 0);
      if (unseated > 0) throw badRequest(`还有${unseated}名审核通过的考生未编排考场，请重新编排后再开始考试`);
    },
  });
}

/** `POST .../endExam` (考试中 → 阅卷中): scores are entered or imported from here. */
export async function endExam(db: DbOrTx, own: CompanyScope, id: string, user: UserRow): Promise<void> {
  await move(db, own, id, user, {
    from: [S.EXAMINING],
    to: S.MARKING,
    what: '结束考试',
    step: EvaluationAction.END_EXAM,
  });
}

/** `POST .../submitResults` (阅卷中 → 成绩待审核): the evaluation's step, every approved examinee with a result. */
export const submitTestResults = submitResults;

/**
 * `POST .../reviewResults`: 成绩待审核 → 公示中 (already 已通过 with 0 publicity days) or back to 阅卷中 with the
 * reason, by the evaluation's review and its approver rule.
 */
export async function reviewTestResults(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  user: UserRow,
  body: { action: 'approve' | 'return'; reason: string | null },
) {
  const plan = await findPlan(db, own, id);
  if (plan.status !== S.RESULTS_PENDING) throw wrongState(plan.status, '审核成绩');
  return reviewPlan(db, own, id, user, body);
}

/** `POST .../archive`: the plan's archive sealed as 档案管理 seals one (已发证, or 已通过 with nobody 合格 → 已归档). */
export async function archiveTestPlan(
  app: FastifyInstance,
  own: CompanyScope,
  id: string,
  user: UserRow,
): Promise<void> {
  const plan = await findPlan(app.db, own, id);
  if (plan.status !== S.GRANTED && !(plan.status === S.PASSED && plan.passCount === 0))
    throw wrongState(plan.status, '归档');
  await sealArchiveOf(app, own, ArchiveKind.EVALUATION, plan.id, user);
}
