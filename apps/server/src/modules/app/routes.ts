import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { privacyAgreement } from './privacyAgreement.ts';

/** Application-wide public endpoints. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness for load balancers: plain JSON, outside the envelope, no database round trip.
  app.get('/healthz', { config: { public: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/api/app/privacyAgreement', { config: { public: true } }, async () => ok(privacyAgreement));
};
