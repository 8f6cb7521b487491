import { privacyAgreement as privacyAgreementSchema } from '@skill-cert/shared/auth';
import { envelope } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { privacyAgreement } from './privacy-agreement.ts';

/** Application-wide public endpoints. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness for load balancers: plain JSON, outside the envelope, no database round trip.
  app.get(
    '/healthz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/app/privacyAgreement',
    { config: { public: true }, schema: { response: { 200: envelope(privacyAgreementSchema) } } },
    async () => ok(privacyAgreement),
  );
};
