import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** TODO(issue 20): the candidate routes. */
export const candidateRoutes: FastifyPluginAsyncZod = async () => {};
