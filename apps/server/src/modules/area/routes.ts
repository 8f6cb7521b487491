import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { regionTree } from './service.ts';

/** `GET /api/area/info`: the national region tree; public (registration and company forms use it). */
export const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  let body: string | undefined;
  app.get('/api/area/info', { config: { public: true } }, async (_req, reply) => {
    body ??= JSON.stringify(ok(regionTree()));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  });
};
