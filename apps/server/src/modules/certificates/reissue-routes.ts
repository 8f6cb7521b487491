import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `POST /api/certificates/{id}/reissue` (issue 21 point 6): a new certificate and number linked to the old. */
export const reissueRoutes: FastifyPluginAsyncZod = async (_app) => {};
