import {
  EvaluationAction,
  type EvaluationActionValue,
  EvaluationStatus,
  evaluationStatusText,
  PlanOwner,
  TEST_PLAN_NOT_FOUND,
} from '@skill-cert/shared/level-evaluations';
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { stepRows } from '../../lib/timeline.ts';
import { companyAdminIds } from '../companies/service.ts';
import { levelEvaluationLogs, levelEvaluations } from './tables.ts';

export type PlanRow = typeof levelEvaluations.$inferSelect;

/** The message of every evaluation route for a plan that is not the caller company's (or does not exist). */
export const PLAN_NOT_FOUND = '评价计划不存在或已删除';

/** The `{id}` of every route of one plan. */
export const planParams = z.object({ id: z.string().uuid(PLAN_NOT_FOUND) });
/** The `{id}` of every route of one test plan. */
export const testPlanParams = z.object({ id: z.string().uuid(TEST_PLAN_NOT_FOUND) });

/** A plan of the caller's kind of owner only: an institution's test plan, or an enterprise's evaluation plan. */
export const ownerKindOf = (own: CompanyScope): number =>
  own.kind === PlanOwner.INSTITUTION ? PlanOwner.INSTITUTION : PlanOwner.ENTERPRISE;
const notFoundOf = (own: CompanyScope) =>
  notFound(own.kind === PlanOwner.INSTITUTION ? TEST_PLAN_NOT_FOUND : PLAN_NOT_FOUND);

/** Who the timeline names for steps nobody took (the publicity period ending). */
export const SYSTEM_USER = { id: null, name: '系统' } as const;

/**
 * The caller company's plan, or 404: another company's plan reads exactly as a missing one. Every route
 * with a plan id goes through here (tenant boundary). `forUpdate` locks the row for a transition. A plan whose
 * publicity period has ended is 已通过 by the time it is read (the recurring job may not have run yet).
 */
export async function findPlan(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PlanRow> {
  const query = db
    .select()
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.id, id),
        ofCompany(levelEvaluations, own),
        eq(levelEvaluations.ownerKind, ownerKindOf(own)),
      ),
    )
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFoundOf(own);
  if (isPublicityOver(row)) {
    await endDuePublicity(db, { planId: row.id });
    return findPlan(db, own, id, opts);
  }
  return row;
}

const isPublicityOver = (row: PlanRow, now = new Date()): boolean =>
  row.status === EvaluationStatus.PUBLICITY &&
  row.publicityEndsAt !== null &&
  row.publicityEndsAt.getTime() <= now.getTime();

/**
 * Plans in 公示中 whose period has ended become 已通过, each with the step `publicityOver` by 系统: every due plan
 * (the recurring job), one company's (before its lists are read) or one plan (when it is read). Two callers at
 * once move each plan once: the update takes only rows still 公示中. Answers the ids moved.
 */
export async function endDuePublicity(
  db: DbOrTx,
  scope: { company?: CompanyScope; planId?: string } = {},
  now = new Date(),
): Promise<string[]> {
  const due = and(
    eq(levelEvaluations.status, EvaluationStatus.PUBLICITY),
    lte(levelEvaluations.publicityEndsAt, now),
    scope.company ? ofCompany(levelEvaluations, scope.company) : undefined,
    scope.planId ? eq(levelEvaluations.id, scope.planId) : undefined,
  );
  // Read first (every list read asks): a transaction only when there is something to move.
  const [any] = await db.select({ id: levelEvaluations.id }).from(levelEvaluations).where(due).limit(1);
  if (!any) return [];
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(levelEvaluations)
      .set({ status: EvaluationStatus.PASSED, updatedAt: now })
      .where(due)
      .returning({ id: levelEvaluations.id });
    for (const { id } of moved)
      await logSteps(tx, id, SYSTEM_USER, [{ action: EvaluationAction.PUBLICITY_OVER }]);
    return moved.map((m) => m.id);
  });
}

/**
 * When the company's next publicity period ends (the earliest of its plans 公示中; null without one), as a scalar
 * subquery beside a list's rows: a list that finds it past ends the due periods and reads again, and a cached page
 * holds until then.
 */
export const nextPublicityEndOf = (own: CompanyScope): SQL<Date | null> =>
  sql<Date | null>`(select min(${levelEvaluations.publicityEndsAt}) from ${levelEvaluations} where ${and(
    ofCompany(levelEvaluations, own),
    eq(levelEvaluations.status, EvaluationStatus.PUBLICITY),
  )})`.mapWith(levelEvaluations.publicityEndsAt);

/** Whether a publicity period that ends at `end` is over at `now`. */
export const isPastEnd = (end: Date | null, now = new Date()): boolean =>
  end !== null && end.getTime() <= now.getTime();

/** Adds steps to a plan's timeline, in order (lib/timeline.ts `stepRows`). */
export async function logSteps(
  tx: DbOrTx,
  evaluationId: string,
  user: { id: string | null; name: string },
  steps: { action: EvaluationActionValue; note?: string | null }[],
): Promise<void> {
  if (steps.length === 0) return;
  await tx.insert(levelEvaluationLogs).values(stepRows(user, steps).map((row) => ({ evaluationId, ...row })));
}

/** A wrong state for a step: `当前状态（进行中）不能提交审批`. */
export const wrongState = (status: number, what: string) =>
  badRequest(
    `当前状态（${evaluationStatusText[status as keyof typeof evaluationStatusText] ?? status}）不能${what}`,
  );

/** The note the timeline adds when the company's only administrator approves their own submission. */
export const SOLE_ADMIN_NOTE = '单一管理员自行审批';

/**
 * The approver rule: an enterprise's administrator decides (an institution's decider holds the route's permission
 * key instead), but not what they submitted (or requested) themselves, unless they are the company's only
 * administrator; then the step's note says so. Answers that note (or null); refuses with 403 otherwise.
 */
export async function approverNote(
  db: DbOrTx,
  own: CompanyScope,
  userId: string,
  submitterId: string | null,
): Promise<string | null> {
  const institution = own.kind === PlanOwner.INSTITUTION;
  if (!institution && own.role !== 1) throw forbidden('仅企业管理员可以执行此操作');
  if (submitterId !== userId) return null;
  const admins = await companyAdminIds(db, own.id);
  if (admins.length > 1 || !admins.includes(userId))
    throw forbidden(`不能审批自己提交的内容，请由本${institution ? '机构' : '企业'}其他管理员审批`);
  return SOLE_ADMIN_NOTE;
}

/** A note with the sole-administrator remark after it, when there is one. */
export const withNote = (note: string | null | undefined, extra: string | null): string | null =>
  [note, extra].filter(Boolean).join('；') || null;
