import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { catalogue } from './service.ts';

/** `GET /api/occupations`: the occupation catalogue (大类 → 职业 → 工种, with levels); any signed-in user. */
export const occupationRoutes: FastifyPluginAsyncZod = async (app) => {
  let body: string | undefined;
  app.get('/api/occupations', { config: { access: SIGNED_IN } }, async (_req, reply) => {
    body ??= JSON.stringify(ok(catalogue()));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, max-age=3600')
      .send(body);
  });
};
