import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * `GET/POST /api/certificateGrants`, `GET /api/certificateGrants/options`, `GET /api/certificateGrants/{id}`,
 * `GET .../{id}/certificates`, `POST .../{id}/confirm`, `GET .../{id}/downloadCertificateZip` (issue 21 point 4).
 */
export const grantRoutes: FastifyPluginAsyncZod = async (_app) => {};
