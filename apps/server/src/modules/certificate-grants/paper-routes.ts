import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `POST /api/certificateGrants/{id}/paperScans`, `GET .../{id}/paperAnalysis` (issue 21 point 5). */
export const paperRoutes: FastifyPluginAsyncZod = async (_app) => {};
