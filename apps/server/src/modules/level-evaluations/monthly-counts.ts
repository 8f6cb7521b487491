import { EvaluationStatus, PlanOwner } from '@skill-cert/shared/level-evaluations';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levelEvaluations } from './tables.ts';

export interface PlanMonthCounts {
  evaluations: number;
  testPlans: number;
  /** Of plans whose results were approved (公示中 and after), by their end month. */
  candidates: number;
  passed: number;
}

/** Plans that went ahead: neither a draft nor cancelled or rejected. */
const NOT_HELD = [EvaluationStatus.DRAFT, EvaluationStatus.CANCELLED, EvaluationStatus.REJECTED];
/** Results approved: the pass counts are final. */
const RESULTS_APPROVED = [
  EvaluationStatus.PUBLICITY,
  EvaluationStatus.PASSED,
  EvaluationStatus.GRANTED,
  EvaluationStatus.ARCHIVED,
];

/**
 * Per month of `from`…`to` (`YYYY-MM`): enterprises' evaluation plans and institutions' test plans by start month,
 * and candidates and passes of approved results by end month. One query over the plans (the counts are kept on each
 * plan, no candidate row is read).
 */
export async function planMonthCounts(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<Map<string, PlanMonthCounts>> {
  const t = levelEvaluations;
  const first = `${from}-01`;
  const last = sql`(${`${to}-01`}::date + interval '1 month')::date`;
  const notHeld = sql.raw(NOT_HELD.join(', '));
  const approved = sql.raw(RESULTS_APPROVED.join(', '));
  const res = (await db.execute(sql`
    select month, sum(evaluations)::int as evaluations, sum(test_plans)::int as test_plans,
      sum(candidates)::int as candidates, sum(passed)::int as passed
    from (
      select to_char(${t.startDate}, 'YYYY-MM') as month,
        count(*) filter (where ${t.ownerKind} = ${PlanOwner.ENTERPRISE}) as evaluations,
        count(*) filter (where ${t.ownerKind} = ${PlanOwner.INSTITUTION}) as test_plans,
        0 as candidates, 0 as passed
      from ${t}
      where ${t.startDate} >= ${first}::date and ${t.startDate} < ${last} and ${t.status} not in (${notHeld})
      group by 1
      union all
      select to_char(${t.endDate}, 'YYYY-MM'), 0, 0, sum(${t.candidateCount}), sum(${t.passCount})
      from ${t}
      where ${t.endDate} >= ${first}::date and ${t.endDate} < ${last} and ${t.status} in (${approved})
      group by 1
    ) m group by month`)) as unknown as {
    rows: { month: string; evaluations: number; test_plans: number; candidates: number; passed: number }[];
  };
  return new Map(
    res.rows.map((r) => [
      r.month,
      {
        evaluations: Number(r.evaluations),
        testPlans: Number(r.test_plans),
        candidates: Number(r.candidates),
        passed: Number(r.passed),
      },
    ]),
  );
}
