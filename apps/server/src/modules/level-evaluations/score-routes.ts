import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** TODO(issue 20): the score routes. */
export const scoreRoutes: FastifyPluginAsyncZod = async () => {};
