import { EvaluationStatus, type LevelEvaluationRow } from '@skill-cert/shared/levelEvaluation';
import { and, asc, type Column, count, eq, exists, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { companyAdminIds } from '../companies/service.ts';
import { planKeyword, toRow } from './plan-views.ts';
import { endDuePublicity } from './plans.ts';
import { levelEvaluationScoreChanges, levelEvaluations } from './tables.ts';

export type ApprovalType = 'plan' | 'results' | 'changes';

/**
 * What waits for this administrator's decision, by tab: plans 待审批, results 成绩待审核, plans 公示中 with score
 * change requests waiting. Never what they submitted or requested themselves, unless they are the company's only
 * administrator (the approver rule).
 */
function waiting(db: DbOrTx, userId: string, soleAdmin: boolean): Record<ApprovalType, SQL> {
  const notMine = (column: Column): SQL =>
    soleAdmin ? sql`true` : sql`(${column} is null or ${column} <> ${userId})`;
  return {
    plan: and(eq(levelEvaluations.status, EvaluationStatus.PENDING), notMine(levelEvaluations.submittedBy))!,
    results: and(
      eq(levelEvaluations.status, EvaluationStatus.RESULTS_PENDING),
      notMine(levelEvaluations.resultsSubmittedBy),
    )!,
    changes: and(
      eq(levelEvaluations.status, EvaluationStatus.PUBLICITY),
      exists(
        db
          .select({ one: sql`1` })
          .from(levelEvaluationScoreChanges)
          .where(
            and(
              eq(levelEvaluationScoreChanges.evaluationId, levelEvaluations.id),
              eq(levelEvaluationScoreChanges.status, 0),
              soleAdmin
                ? undefined
                : or(
                    sql`${levelEvaluationScoreChanges.requestedBy} is null`,
                    ne(levelEvaluationScoreChanges.requestedBy, userId),
                  ),
            ),
          ),
      ),
    )!,
  };
}

/**
 * `GET /api/evaluationApprovals`: a page of one tab, oldest waiting first, and the count of every tab (without
 * the keyword: the tab titles). A member decides nothing: empty.
 */
export async function listApprovals(
  db: DbOrTx,
  own: CompanyScope,
  userId: string,
  q: { type: ApprovalType; keyword?: string; page: number; per_page: number },
): Promise<{ list: LevelEvaluationRow[]; total: number; counts: Record<ApprovalType, number> }> {
  if (own.role !== 1) return { list: [], total: 0, counts: { plan: 0, results: 0, changes: 0 } };
  await endDuePublicity(db, { company: own });
  const soleAdmin = (await companyAdminIds(db, own.id)).length === 1;
  const tabs = waiting(db, userId, soleAdmin);
  const [counts] = await db
    .select({
      plan: sql<number>`count(*) filter (where ${tabs.plan})`.mapWith(Number),
      results: sql<number>`count(*) filter (where ${tabs.results})`.mapWith(Number),
      changes: sql<number>`count(*) filter (where ${tabs.changes})`.mapWith(Number),
    })
    .from(levelEvaluations)
    .where(ofCompany(levelEvaluations, own));
  const where = and(ofCompany(levelEvaluations, own), tabs[q.type], planKeyword(q.keyword));
  const [{ n }] = await db.select({ n: count() }).from(levelEvaluations).where(where);
  const order =
    q.type === 'results'
      ? asc(levelEvaluations.resultsSubmittedAt)
      : q.type === 'plan'
        ? asc(levelEvaluations.submittedAt)
        : asc(levelEvaluations.updatedAt);
  const rows = await db
    .select()
    .from(levelEvaluations)
    .where(where)
    .orderBy(order, asc(levelEvaluations.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: rows.map(toRow), total: n, counts };
}
