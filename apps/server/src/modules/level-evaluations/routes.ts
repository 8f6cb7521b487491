import { EXAMINEE_NOT_FOUND, NO_APPROVED_INSTITUTION_FILING } from '@skill-cert/shared/level-evaluations';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvedFilingGate } from '../records/gate.ts';
import { candidateRoutes } from './candidate-routes.ts';
import { CANDIDATE_NOT_FOUND } from './candidates.ts';
import { examLogisticsRoutes } from './exam-logistics-routes.ts';
import { evaluationExamTaskRoutes, testPlanExamTaskRoutes } from './exam-task-routes.ts';
import { examineeRoutes } from './examinee-routes.ts';
import { planRoutes } from './plan-routes.ts';
import { planParams, testPlanParams } from './plans.ts';
import { scoreRoutes } from './score-routes.ts';
import { testPlanRoutes as planOfInstitution } from './test-plan-routes.ts';
import { testPlanScoreRoutes } from './test-plan-score-routes.ts';

export { examinerRoutes } from './exam-task-routes.ts';
export { ticketPublicRoutes } from './ticket-routes.ts';

/**
 * Level evaluation (等级评价): behind the enterprise door's member side (app.ts), so `req.company` is
 * the caller's company from the session; and behind the approved-filing gate (code 61).
 */
export const levelEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  approvedFilingGate(app);
  await app.register(planRoutes);
  await app.register(candidateRoutes);
  await app.register(scoreRoutes);
  await app.register(evaluationExamTaskRoutes);
  // Sessions, rooms, seating and tickets for an enterprise that seats its staff: any member, as its other plan routes.
  await app.register(
    examLogisticsRoutes({
      base: '/api/levelEvaluations',
      params: planParams,
      person: { segment: 'candidates', param: 'candidateId', notFound: CANDIDATE_NOT_FOUND },
      guards: {},
    }),
  );
};

/**
 * An institution's test plans (考试计划): behind the institution door (app.ts), so `req.company` is the caller's
 * institution, and behind the approved-filing gate with the institution's notice (code 61).
 */
export const testPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  approvedFilingGate(app, NO_APPROVED_INSTITUTION_FILING);
  await app.register(planOfInstitution);
  await app.register(examineeRoutes);
  const key = (k: string) => app.requirePermission(RoleType.INSTITUTION, `institution:${k}`);
  await app.register(
    examLogisticsRoutes({
      base: '/api/testPlans',
      params: testPlanParams,
      person: { segment: 'examinees', param: 'examineeId', notFound: EXAMINEE_NOT_FOUND },
      guards: {
        list: key('test-plan:list'),
        edit: key('test-plan:edit'),
        arrange: key('test-plan:arrange'),
        ticket: key('test-plan:ticket'),
      },
    }),
  );
  await app.register(testPlanScoreRoutes);
  await app.register(testPlanExamTaskRoutes);
};
