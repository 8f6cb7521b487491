/** What other modules may call of the level-evaluations module. */

export { cellOf, columnsOf, storeErrorSheet } from '../certificate-engine/service.ts';
export {
  grantablePlan,
  markPlanGranted,
  type PlanSummary,
  passedCandidates,
  passedPlanNamed,
  planSummaries,
  planSummaryOf,
  plansMatching,
} from './grant-source.ts';
export { type PlanMonthCounts, planMonthCounts } from './monthly-counts.ts';
export type { PlanRow } from './plans.ts';
