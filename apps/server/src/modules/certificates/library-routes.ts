import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * `GET /api/certificates`, `GET /api/certificates/{id}`, `POST /api/certificates/{id}/revoke`,
 * `GET /api/certificates/export` (issue 21 point 6).
 */
export const libraryRoutes: FastifyPluginAsyncZod = async (_app) => {};
