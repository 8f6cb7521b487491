import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvedFilingGate } from '../records/gate.ts';
import { grantRoutes } from './grant-routes.ts';
import { paperRoutes } from './paper-routes.ts';

/**
 * Granting certificates (发证), behind the enterprise door's member side (app.ts) and the
 * approved-filing gate (code 61).
 */
export const certificateGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  approvedFilingGate(app);
  await app.register(grantRoutes);
  await app.register(paperRoutes);
};
