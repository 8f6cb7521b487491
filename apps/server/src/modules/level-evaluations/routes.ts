import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { candidateRoutes } from './candidate-routes.ts';
import { approvedFilingGate } from './gate.ts';
import { planRoutes } from './plan-routes.ts';
import { scoreRoutes } from './score-routes.ts';

/**
 * Level evaluation (等级评价, issue 20): behind the enterprise door's member side (app.ts), so `req.company` is
 * the caller's company from the session; and behind the approved-filing gate (code 61).
 */
export const levelEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  approvedFilingGate(app);
  await app.register(planRoutes);
  await app.register(candidateRoutes);
  await app.register(scoreRoutes);
};
