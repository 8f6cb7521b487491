import { CompanyRole } from '@skill-cert/shared/companies';
import { EvaluationStatus, type LevelEvaluationRow } from '@skill-cert/shared/level-evaluations';
import { and, asc, type Column, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { totalOf } from '../../lib/page-total.ts';
import { soleAdminSql } from '../companies/service.ts';
import { planKeyword, toRow } from './plan-views.ts';
import { endDuePublicity, isPastEnd, nextPublicityEndOf } from './plans.ts';
import { levelEvaluationScoreChanges, levelEvaluations } from './tables.ts';

export type ApprovalType = 'plan' | 'results' | 'changes';

/**
 * What waits for a decision, by tab: plans 待审批, results 成绩待审核, plans 公示中 with score change requests waiting.
 * For an administrator (`decider`), never what they submitted or requested themselves, unless they are the company's
 * only administrator (the approver rule, `soleAdmin` as SQL); for a member (`decider` null), everything that waits.
 */
function waiting(db: DbOrTx, decider: { userId: string; soleAdmin: SQL } | null): Record<ApprovalType, SQL> {
  const notMine = (column: Column): SQL =>
    decider === null
      ? sql`true`
      : sql`(${decider.soleAdmin} or ${column} is null or ${column} <> ${decider.userId})`;
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
              notMine(levelEvaluationScoreChanges.requestedBy),
            ),
          ),
      ),
    )!,
  };
}

/** What the approvals read (their cached pages hold until one of them is written). */
export const APPROVAL_TABLES = [
  'level_evaluations',
  'level_evaluation_score_changes',
  'company_members',
] as const;

/**
 * `GET /api/evaluationApprovals`: a page of one tab, oldest waiting first, and the count of every tab (without
 * the keyword: the tab titles). A member decides nothing (the decision routes answer 403) but is shown what waits
 * for the administrators, to follow it. One statement: the page with its total, the tabs' counts and the company's
 * next publicity end beside it (a past end ends the due periods and reads again).
 */
export async function listApprovals(
  db: DbOrTx,
  own: CompanyScope,
  userId: string,
  q: { type: ApprovalType; keyword?: string; page: number; per_page: number },
  now = new Date(),
): Promise<{
  list: LevelEvaluationRow[];
  total: number;
  counts: Record<ApprovalType, number>;
  nextPublicityEnd: Date | null;
}> {
  const decider = own.role === CompanyRole.ADMIN ? { userId, soleAdmin: soleAdminSql(own.id) } : null;
  const tabs = waiting(db, decider);
  const company = ofCompany(levelEvaluations, own);
  const where = and(company, tabs[q.type], planKeyword(q.keyword));
  const meta = {
    planTab: totalOf(levelEvaluations, and(company, tabs.plan)),
    resultsTab: totalOf(levelEvaluations, and(company, tabs.results)),
    changesTab: totalOf(levelEvaluations, and(company, tabs.changes)),
    total: totalOf(levelEvaluations, where),
    nextEnd: nextPublicityEndOf(own),
  };
  const order =
    q.type === 'results'
      ? asc(levelEvaluations.resultsSubmittedAt)
      : q.type === 'plan'
        ? asc(levelEvaluations.submittedAt)
        : asc(levelEvaluations.updatedAt);
  const read = async () => {
    const rows = await db
      .select({ plan: levelEvaluations, ...meta })
      .from(levelEvaluations)
      .where(where)
      .orderBy(order, asc(levelEvaluations.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page);
    // An empty page carries no counts: they are asked alone.
    const [found] = rows.length ? rows : await db.select(meta).from(sql`(select 1) as one`);
    return {
      list: rows.map((r) => toRow(r.plan)),
      total: found.total,
      counts: { plan: found.planTab, results: found.resultsTab, changes: found.changesTab },
      nextPublicityEnd: found.nextEnd,
    };
  };
  const first = await read();
  if (!isPastEnd(first.nextPublicityEnd, now)) return first;
  await endDuePublicity(db, { company: own }, now);
  return read();
}
