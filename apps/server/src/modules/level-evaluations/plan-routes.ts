import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** TODO(issue 20): the plan routes. */
export const planRoutes: FastifyPluginAsyncZod = async () => {};
