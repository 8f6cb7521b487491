import { PlanOwner } from '@skill-cert/shared/level-evaluations';

/** A plan as its routes need it: an enterprise's evaluation, or an institution's test plan (`owner_kind` 2). */
export interface PlanRef {
  _id: string;
  owner_kind?: number;
}

export const isTestPlan = (plan: PlanRef): boolean => plan.owner_kind === PlanOwner.INSTITUTION;

/**
 * The plan's routes: `/api/levelEvaluations/{id}` or `/api/testPlans/{id}`. One model, two owners: candidates (考生),
 * scores, statistics and score changes answer the same shapes under either.
 */
export const planPath = (plan: PlanRef): string =>
  isTestPlan(plan) ? `/api/testPlans/${plan._id}` : `/api/levelEvaluations/${plan._id}`;
