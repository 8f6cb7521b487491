import type { EvaluationActionValue } from '@skill-cert/shared/levelEvaluation';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { levelEvaluationLogs, levelEvaluations } from './tables.ts';

export type PlanRow = typeof levelEvaluations.$inferSelect;

/** The message of every evaluation route for a plan that is not the caller company's (or does not exist). */
export const PLAN_NOT_FOUND = '评价计划不存在或已删除';

/**
 * The caller company's plan, or 404: another company's plan reads exactly as a missing one. Every route
 * with a plan id goes through here (tenant boundary). `forUpdate` locks the row for a transition.
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
    .where(and(eq(levelEvaluations.id, id), ofCompany(levelEvaluations, own)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(PLAN_NOT_FOUND);
  return row;
}

/**
 * Adds steps to a plan's timeline, in order: steps of one request get consecutive milliseconds, so the
 * timeline keeps them apart.
 */
export async function logSteps(
  tx: DbOrTx,
  evaluationId: string,
  user: { id: string; name: string },
  steps: { action: EvaluationActionValue; note?: string | null }[],
): Promise<void> {
  if (steps.length === 0) return;
  const base = Date.now();
  await tx.insert(levelEvaluationLogs).values(
    steps.map((s, i) => ({
      evaluationId,
      action: s.action,
      userId: user.id,
      userName: user.name,
      note: s.note ?? null,
      createdAt: new Date(base + i),
    })),
  );
}
