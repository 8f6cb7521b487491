import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The public certificate page's data for every source and the public search by certificate number plus name
 * (issue 21 point 7), no login, rate-limited per address.
 */
export const publicRoutes: FastifyPluginAsyncZod = async (_app) => {};
