import { EvaluationAction, EvaluationStatus } from '@skill-cert/shared/level-evaluations';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ArchiveOpening } from '../archives/service.ts';
import { approvedFilings } from '../records/service.ts';
import type { UserRow } from '../users/service.ts';
import { planDetail } from './plan-views.ts';
import { findPlan, logSteps, type PlanRow } from './plans.ts';
import { listScoreChanges } from './score-changes.ts';
import { scoreExport } from './score-sheet.ts';
import { levelEvaluationCandidates, levelEvaluations } from './tables.ts';

/**
 * What archives (档案管理, modules/archives) read of a level evaluation: the plan, its filing, its
 * approvals and timeline, candidates, scores and score changes, all through the module's own views; and the plan's
 * one move an archive makes, to 7 已归档 when it is sealed.
 */

/** What the plan's archive copies when it opens (the plan cannot change any of it once approved). */
export const archiveOpeningOf = (p: PlanRow): ArchiveOpening => ({
  companyId: p.companyId,
  sourceId: p.id,
  number: p.planNo,
  name: p.name,
  occupationName: p.occupationName,
  workType: p.workType,
  level: p.level,
  startDate: p.startDate,
  endDate: p.endDate,
});

/** The company's plans approved so far (进行中 … 已归档), oldest first: each has an archive (the demo opens missing ones). */
export async function approvedPlans(db: DbOrTx, companyId: string): Promise<PlanRow[]> {
  return db
    .select()
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.companyId, companyId),
        inArray(levelEvaluations.status, [
          EvaluationStatus.IN_PROGRESS,
          EvaluationStatus.RESULTS_PENDING,
          EvaluationStatus.PUBLICITY,
          EvaluationStatus.PASSED,
          EvaluationStatus.GRANTED,
          EvaluationStatus.ARCHIVED,
        ]),
      ),
    )
    .orderBy(asc(levelEvaluations.createdAt));
}

/** The plans' states and counts, by id (one query). */
export async function planStates(db: DbOrTx, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { status: number; candidateCount: number; passCount: number }>();
  const rows = await db
    .select({
      id: levelEvaluations.id,
      status: levelEvaluations.status,
      candidateCount: levelEvaluations.candidateCount,
      passCount: levelEvaluations.passCount,
    })
    .from(levelEvaluations)
    .where(inArray(levelEvaluations.id, ids));
  return new Map(rows.map(({ id, ...s }) => [id, s]));
}

/**
 * A plan's status and candidate count, as SQL of its id beside another table's row (the archive list reads them with
 * its page); null when the plan is gone. The condition is an SQL object of its own, so its columns keep their table
 * names (drizzle leaves them off the fields of a one-table select).
 */
export const planStateValues = (planId: AnyPgColumn): SQL<number[] | null> =>
  sql<number[] | null>`(select array[${levelEvaluations.status}, ${levelEvaluations.candidateCount}]::int[]
    from ${levelEvaluations} where ${eq(levelEvaluations.id, planId)})`;

/** The plan in full as its detail page shows it (methods, site, staff, timeline). */
export const archivedPlan = (db: DbOrTx, own: CompanyScope, id: string, user: UserRow) =>
  planDetail(db, own, id, user);

/** The approved filing the plan was made under, or null. */
export async function planFiling(
  db: DbOrTx,
  own: CompanyScope,
  plan: { recordApplicationId: string | null },
) {
  if (!plan.recordApplicationId) return null;
  const [filing] = await approvedFilings(db, own, plan.recordApplicationId);
  return filing ?? null;
}

export type ArchivedCandidate = typeof levelEvaluationCandidates.$inferSelect;

/** A page of the plan's candidates in sheet order after `after` (sort, id), for a streamed sheet. */
export async function candidatePage(
  db: DbOrTx,
  evaluationId: string,
  after: { sort: number; id: string } | null,
  limit: number,
): Promise<ArchivedCandidate[]> {
  const c = levelEvaluationCandidates;
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.evaluationId, evaluationId),
        after ? sql`(${c.sort}, ${c.id}) > (${after.sort}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(c.sort), asc(c.id))
    .limit(limit);
}

/** The score table: the evaluation's own export (the layout its import reads). */
export async function planScoreTable(db: DbOrTx, own: CompanyScope, id: string) {
  return scoreExport(db, await findPlan(db, own, id));
}

/** The plan's score change requests, newest first. */
export async function planScoreChanges(db: DbOrTx, own: CompanyScope, id: string) {
  return listScoreChanges(db, await findPlan(db, own, id));
}

/** Does any candidate of the plan hold a result (the score table has something to show)? */
export async function planHasResults(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: levelEvaluationCandidates.id })
    .from(levelEvaluationCandidates)
    .where(and(eq(levelEvaluationCandidates.evaluationId, id), isNotNull(levelEvaluationCandidates.result)))
    .limit(1);
  return Boolean(row);
}

/**
 * Why the plan's archive cannot be sealed, or null: the plan is 6 已发证, or 5 已通过 with no 合格 candidate (no
 * certificate is due). Anything earlier is still being evaluated or granted.
 */
export function planSealBlocked(p: { status: number; passCount: number }): string | null {
  if (p.status === EvaluationStatus.ARCHIVED) return '评价计划已归档';
  if (p.status === EvaluationStatus.GRANTED) return null;
  if (p.status === EvaluationStatus.PASSED && p.passCount === 0) return null;
  if (p.status === EvaluationStatus.PASSED) return '评价计划尚未发证，不能归档';
  return '评价计划尚未完成，发证后才能归档';
}

/** Inside the seal's transaction: the plan, still 已发证 (or 已通过 with nobody 合格), becomes 已归档, on its timeline. */
export async function markPlanArchived(
  tx: DbOrTx,
  own: CompanyScope,
  id: string,
  user: { id: string; name: string },
): Promise<void> {
  const p = await findPlan(tx, own, id, { forUpdate: true });
  const blocked = planSealBlocked(p);
  if (blocked) throw badRequest(blocked);
  await tx
    .update(levelEvaluations)
    .set({ status: EvaluationStatus.ARCHIVED, updatedAt: new Date() })
    .where(eq(levelEvaluations.id, id));
  await logSteps(tx, id, user, [{ action: EvaluationAction.ARCHIVE }]);
}
