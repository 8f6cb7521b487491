import { CandidateResult, EvaluationAction, EvaluationStatus } from '@skill-cert/shared/level-evaluations';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { findPlan, logSteps, type PlanRow } from './plans.ts';
import { levelEvaluationCandidates, levelEvaluations } from './tables.ts';

/**
 * What granting certificates (发证, modules/certificate-grants) reads and changes of a level evaluation:
 * the 合格 candidates of an approved plan, and the plan's move to 6 已发证 when its certificates are confirmed.
 */

/** The company's plan (404 `评价计划不存在或已删除` for another company's), optionally locked. */
export const grantablePlan = (
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  forUpdate = false,
): Promise<PlanRow> => findPlan(db, own, id, { forUpdate });

export interface PassedCandidate {
  id: string;
  name: string;
  idType: number;
  idNumber: string;
  photoFileId: string | null;
}

/** The plan's 合格 candidates in the plan's order; with `ids`, only those (each must be one of them). */
export async function passedCandidates(
  db: DbOrTx,
  evaluationId: string,
  ids?: string[],
): Promise<PassedCandidate[]> {
  const rows = await db
    .select({
      id: levelEvaluationCandidates.id,
      name: levelEvaluationCandidates.name,
      idType: levelEvaluationCandidates.idType,
      idNumber: levelEvaluationCandidates.idNumber,
      photoFileId: levelEvaluationCandidates.photoFileId,
    })
    .from(levelEvaluationCandidates)
    .where(
      and(
        eq(levelEvaluationCandidates.evaluationId, evaluationId),
        eq(levelEvaluationCandidates.result, CandidateResult.PASS),
        ids ? inList(levelEvaluationCandidates.id, ids) : undefined,
      ),
    )
    .orderBy(asc(levelEvaluationCandidates.sort), asc(levelEvaluationCandidates.id));
  if (ids && rows.length !== new Set(ids).size)
    throw badRequest('所选考生中有不属于本计划的合格考生，请刷新后重新选择');
  return rows;
}

/** Inside the confirmation's transaction: the plan, still 已通过, becomes 已发证, on its timeline. */
export async function markPlanGranted(
  tx: DbOrTx,
  evaluationId: string,
  user: { id: string; name: string },
): Promise<void> {
  const moved = await tx
    .update(levelEvaluations)
    .set({ status: EvaluationStatus.GRANTED, updatedAt: new Date() })
    .where(and(eq(levelEvaluations.id, evaluationId), eq(levelEvaluations.status, EvaluationStatus.PASSED)))
    .returning({ id: levelEvaluations.id });
  if (moved.length === 0) throw badRequest('该评价计划不是已通过状态，不能确认发证');
  await logSteps(tx, evaluationId, user, [{ action: EvaluationAction.GRANT }]);
}

/** What a grant's row shows of its plan. */
export interface PlanSummary {
  /** 1 an enterprise's evaluation plan, 2 an institution's test plan. */
  ownerKind: number;
  planNo: string | null;
  name: string;
  occupationName: string | null;
  workType: string | null;
  level: number | null;
}

/** The plans of these ids, by id. */
export async function planSummaries(db: DbOrTx, ids: string[]): Promise<Map<string, PlanSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: levelEvaluations.id,
      ownerKind: levelEvaluations.ownerKind,
      planNo: levelEvaluations.planNo,
      name: levelEvaluations.name,
      occupationName: levelEvaluations.occupationName,
      workType: levelEvaluations.workType,
      level: levelEvaluations.level,
    })
    .from(levelEvaluations)
    .where(inArray(levelEvaluations.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...plan }) => [id, plan]));
}

/**
 * What a grant's row shows of its plan, as SQL of the plan's id beside the grant's row (the grant list reads them with
 * its page); null when the plan is gone. The condition is an SQL object of its own, so its columns keep their table
 * names (drizzle leaves them off the fields of a one-table select).
 */
export const planSummaryOf = (planId: AnyPgColumn): SQL<PlanSummary | null> =>
  sql<PlanSummary | null>`(select json_build_object('planNo', ${levelEvaluations.planNo}, 'name', ${levelEvaluations.name},
    'occupationName', ${levelEvaluations.occupationName}, 'workType', ${levelEvaluations.workType},
    'level', ${levelEvaluations.level}) from ${levelEvaluations} where ${eq(levelEvaluations.id, planId)})`;

/** A subquery of the company's plans whose name or number contains `keyword`, at `level` (the grant list's filters). */
export function plansMatching(db: DbOrTx, own: CompanyScope, f: { keyword?: string; level?: number }) {
  const pattern = f.keyword ? containsPattern(f.keyword) : null;
  return db
    .select({ id: levelEvaluations.id })
    .from(levelEvaluations)
    .where(
      and(
        ofCompany(levelEvaluations, own),
        f.level === undefined ? undefined : eq(levelEvaluations.level, f.level),
        pattern
          ? or(ilike(levelEvaluations.name, pattern), ilike(levelEvaluations.planNo, pattern))
          : undefined,
      ),
    );
}

/** The company's plan 已通过 of this name (demo seeding), or null. */
export async function passedPlanNamed(db: DbOrTx, companyId: string, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: levelEvaluations.id })
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.companyId, companyId),
        eq(levelEvaluations.name, name),
        eq(levelEvaluations.status, EvaluationStatus.PASSED),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
