import {
  EvaluationAction,
  type EvaluationActionValue,
  EvaluationStatus,
  evaluationSubmitProblem,
  isPlanEditable,
  type LevelEvaluationBody,
  PlanOwner,
} from '@skill-cert/shared/level-evaluations';
import { formatDate } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { occupationByCode, usableOccupation } from '../occupations/service.ts';
import { type ApprovedFiling, approvedFilings } from '../records/service.ts';
import type { UserRow } from '../users/service.ts';
import { copyStaff, EXAMINER, SUPERVISOR } from './examiners.ts';
import { findPlan, logSteps, ownerKindOf, type PlanRow, wrongState } from './plans.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationMethods,
  levelEvaluationStaff,
  levelEvaluations,
} from './tables.ts';

/** A plan's body: an enterprise's, or an institution's with its registration window. */
export type PlanBody = LevelEvaluationBody & {
  registration_start_date?: string | null;
  registration_end_date?: string | null;
};

/** The content after the server's checks against the chosen approved filing, ready to store. */
export interface CheckedContent {
  body: PlanBody;
  filing: ApprovedFiling | null;
  occupationName: string | null;
}

/**
 * What only the server can check, on whatever is filled in (a draft too): the filing is one of the company's
 * approved ones, the occupation is in the catalogue and enabled (unless the plan already held it: `keptCode`), the
 * scope (occupation, 工种, level) lies inside the filing, the site is one of its sites. Its people are checked as they
 * are copied (`copyStaff`). Each refusal names the field.
 */
export async function checkContent(
  db: DbOrTx,
  own: CompanyScope,
  body: PlanBody,
  keptCode: string | null = null,
): Promise<CheckedContent> {
  let filing: ApprovedFiling | null = null;
  if (body.record_application_id) {
    [filing] = await approvedFilings(db, own, body.record_application_id);
    if (!filing) throw badRequest('所选备案不存在或未通过审核，请重新选择备案');
  }
  let occupationName: string | null = null;
  if (body.occupation_code) {
    const occupation = await usableOccupation(
      db,
      body.occupation_code,
      {
        missing: '评价职业不正确，请重新选择',
        disabled: (name) => `评价职业「${name}」已在职业目录中停用，请选择其他职业`,
      },
      keptCode === body.occupation_code,
    );
    occupationName = occupation.name;
    if (filing) {
      const rows = filing.scopes.filter((s) => s.occupationCode === body.occupation_code);
      if (rows.length === 0) throw badRequest(`评价职业「${occupation.name}」不在所选备案的评价范围内`);
      const row = rows.find((s) => (s.workType ?? null) === (body.work_type ?? null));
      if (!row)
        throw badRequest(
          body.work_type
            ? `工种「${body.work_type}」不在所选备案的评价范围内`
            : `所选备案的「${occupation.name}」须选择工种`,
        );
      if (body.level && !row.levels.some((l) => l === body.level))
        throw badRequest('评价等级不在所选备案的评价范围内');
    }
  }
  if (body.site_id && !filing?.sites.some((s) => s.id === body.site_id))
    throw badRequest(filing ? '考核场地不属于所选备案，请重新选择' : '请先选择备案，再选择考核场地');
  return { body, filing, occupationName };
}

export function planColumns(c: CheckedContent) {
  const { body } = c;
  return {
    ...(hasRegistrationWindow(body)
      ? {
          registrationStartDate: body.registration_start_date ?? null,
          registrationEndDate: body.registration_end_date ?? null,
        }
      : {}),
    name: body.name,
    recordApplicationId: body.record_application_id,
    occupationCode: body.occupation_code,
    occupationName: c.occupationName,
    workType: body.work_type,
    level: body.level,
    startDate: body.start_date,
    endDate: body.end_date,
    siteId: body.site_id,
    publicityDays: body.publicity_days,
    remark: body.remark,
  };
}

/** Whether the body carries a test plan's registration window. */
const hasRegistrationWindow = (body: PlanBody): boolean =>
  'registration_start_date' in body || 'registration_end_date' in body;

export async function writeChildren(tx: DbOrTx, evaluationId: string, c: CheckedContent): Promise<void> {
  await tx.delete(levelEvaluationMethods).where(eq(levelEvaluationMethods.evaluationId, evaluationId));
  if (c.body.methods.length)
    await tx.insert(levelEvaluationMethods).values(
      c.body.methods.map((m) => ({
        evaluationId,
        method: m.method,
        fullMarkTenths: Math.round(m.full_mark * 10),
        passMarkTenths: Math.round(m.pass_mark * 10),
      })),
    );
  await copyStaff(tx, evaluationId, c.filing, {
    examinerIds: c.body.examiner_ids,
    supervisorIds: c.body.supervisor_ids,
  });
}

/** What a submitted plan's approvers are told afterwards. */
export interface Submitted {
  id: string;
  planNo: string | null;
  name: string;
  companyId: string;
  submittedBy: string;
}

/**
 * Creates a plan of the company (its owner kind the caller's: an enterprise's evaluation plan, an institution's test
 * plan), as a draft, or an enterprise's submitted at once.
 */
export async function createPlan(
  db: DbOrTx,
  company: CompanyScope,
  user: UserRow,
  body: PlanBody,
): Promise<{ id: string; submitted: Submitted | null }> {
  const content = await checkContent(db, company, body);
  const ownerKind = ownerKindOf(company);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(levelEvaluations)
      .values({
        companyId: company.id,
        ownerKind,
        ...planColumns(content),
        createdBy: user.id,
        createdByName: user.name,
      })
      .returning({ id: levelEvaluations.id });
    await writeChildren(tx, row.id, content);
    await logSteps(tx, row.id, user, [{ action: EvaluationAction.CREATE }]);
    const submit = body.submit && ownerKind === PlanOwner.ENTERPRISE;
    return { id: row.id, submitted: submit ? await submitInTx(tx, company, row.id, user) : null };
  });
}

/** Replaces the content of a draft or rejected plan (its candidates stay); with `submit`, submits it too. */
export async function updatePlan(
  db: DbOrTx,
  company: CompanyScope,
  id: string,
  user: UserRow,
  body: PlanBody,
): Promise<Submitted | null> {
  const current = await findPlan(db, company, id);
  if (!isPlanEditable(current.status)) throw wrongState(current.status, '修改');
  const content = await checkContent(db, company, body, current.occupationCode);
  return db.transaction(async (tx) => {
    const row = await findPlan(tx, company, id, { forUpdate: true });
    if (!isPlanEditable(row.status)) throw wrongState(row.status, '修改');
    await tx
      .update(levelEvaluations)
      .set({ ...planColumns(content), updatedAt: new Date() })
      .where(eq(levelEvaluations.id, id));
    await writeChildren(tx, id, content);
    const submit = body.submit && row.ownerKind === PlanOwner.ENTERPRISE;
    return submit ? submitInTx(tx, company, id, user) : null;
  });
}

/** Submits (or resubmits after a rejection) what is stored, when it is complete. */
export function submitPlan(db: DbOrTx, own: CompanyScope, id: string, user: UserRow): Promise<Submitted> {
  return db.transaction((tx) => submitInTx(tx, own, id, user));
}

/**
 * The submit step inside the caller's transaction: the stored plan must be complete (the shared
 * `evaluationSubmitProblem`), still inside its approved filing, and have a candidate. The first submit gives the
 * plan its number.
 */
async function submitInTx(tx: DbOrTx, own: CompanyScope, id: string, user: UserRow): Promise<Submitted> {
  const row = await findPlan(tx, own, id, { forUpdate: true });
  if (!isPlanEditable(row.status)) throw wrongState(row.status, '提交审批');
  const body = await storedBody(tx, row);
  const occupation = body.occupation_code ? await occupationByCode(tx, body.occupation_code) : undefined;
  const problem = evaluationSubmitProblem(body, occupation);
  if (problem) throw badRequest(`${problem}，请补充后再提交`);
  const { filing } = await checkContent(tx, own, body, row.occupationCode);
  // Checked again as stored: every chosen person is still one of the filing's.
  for (const [ids, kind, label] of [
    [body.examiner_ids, EXAMINER, '考评员'],
    [body.supervisor_ids, SUPERVISOR, '质量督导员'],
  ] as const) {
    if (!ids.every((pid) => filing?.people.some((p) => p.id === pid && p.kind === kind)))
      throw badRequest(`${label}不属于所选备案，请重新选择`);
  }
  const [{ n }] = await tx
    .select({ n: count() })
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, id));
  if (n === 0) throw badRequest('请至少添加一名考生，请补充后再提交');
  const planNo = row.planNo ?? (await nextPlanNo(tx, filing!.recordNo));
  const action: EvaluationActionValue =
    row.status === EvaluationStatus.REJECTED ? EvaluationAction.RESUBMIT : EvaluationAction.SUBMIT;
  const now = new Date();
  await tx
    .update(levelEvaluations)
    .set({
      planNo,
      status: EvaluationStatus.PENDING,
      submittedBy: user.id,
      submittedAt: now,
      rejectReason: null,
      updatedAt: now,
    })
    .where(eq(levelEvaluations.id, id));
  await logSteps(tx, id, user, [{ action }]);
  return { id, planNo, name: row.name, companyId: row.companyId, submittedBy: user.id };
}

/** The stored plan in the shape of its body (what submitting and publishing check). */
export async function storedBody(tx: DbOrTx, row: PlanRow): Promise<PlanBody> {
  const methods = await tx
    .select()
    .from(levelEvaluationMethods)
    .where(eq(levelEvaluationMethods.evaluationId, row.id))
    .orderBy(asc(levelEvaluationMethods.method));
  const staff = await tx
    .select({ personId: levelEvaluationStaff.personId, kind: levelEvaluationStaff.kind })
    .from(levelEvaluationStaff)
    .where(eq(levelEvaluationStaff.evaluationId, row.id))
    .orderBy(asc(levelEvaluationStaff.sort));
  return {
    name: row.name,
    record_application_id: row.recordApplicationId,
    occupation_code: row.occupationCode,
    work_type: row.workType,
    level: row.level as LevelEvaluationBody['level'],
    methods: methods.map((m) => ({
      method: m.method as 1 | 2 | 3 | 4,
      full_mark: m.fullMarkTenths / 10,
      pass_mark: m.passMarkTenths / 10,
    })),
    start_date: row.startDate,
    end_date: row.endDate,
    site_id: row.siteId,
    examiner_ids: staff.filter((s) => s.kind === EXAMINER).map((s) => s.personId),
    supervisor_ids: staff.filter((s) => s.kind === SUPERVISOR).map((s) => s.personId),
    publicity_days: row.publicityDays,
    remark: row.remark,
    submit: true,
    registration_start_date: row.registrationStartDate,
    registration_end_date: row.registrationEndDate,
  };
}

/**
 * The filing's record number + YYYYMM (China) + a 3-digit sequence, the next of that month. Two submits at once
 * take turns on a transaction-scoped advisory lock of that prefix, so each reads the other's number; the unique
 * constraint on `plan_no` stays the last guard.
 */
export async function nextPlanNo(tx: DbOrTx, recordNo: string, now = new Date()): Promise<string> {
  const prefix = `${recordNo}${formatDate(now).slice(0, 7).replace('-', '')}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`level_evaluations.plan_no:${prefix}`}))`);
  const [last] = await tx
    .select({ planNo: levelEvaluations.planNo })
    .from(levelEvaluations)
    .where(
      and(
        like(levelEvaluations.planNo, `${prefix}___`),
        sql`length(${levelEvaluations.planNo}) = ${prefix.length + 3}`,
      ),
    )
    .orderBy(desc(levelEvaluations.planNo))
    .limit(1);
  const seq = last?.planNo ? Number(last.planNo.slice(prefix.length)) + 1 : 1;
  if (!Number.isInteger(seq) || seq > 999) throw badRequest('该备案本月的评价计划编号已用完，请下月再提交');
  return `${prefix}${String(seq).padStart(3, '0')}`;
}

/** Deletes a draft with its candidates (and their scores). */
export async function deletePlan(db: DbOrTx, own: CompanyScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPlan(tx, own, id, { forUpdate: true });
    if (row.status !== EvaluationStatus.DRAFT)
      throw badRequest(
        `只有草稿状态的${row.ownerKind === PlanOwner.INSTITUTION ? '考试计划' : '评价计划'}可以删除`,
      );
    await tx.delete(levelEvaluations).where(eq(levelEvaluations.id, id));
  });
}
