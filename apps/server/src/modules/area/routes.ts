import { regionTree as regionTreeSchema } from '@skill-cert/shared/area';
import { envelope } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okOnce } from '../../lib/envelope.ts';
import { regionTree } from './service.ts';

/** `GET /api/area/info`: the national region tree; public (registration and company forms use it). */
export const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/area/info',
    { config: { public: true }, schema: { response: { 200: envelope(regionTreeSchema) } } },
    okOnce(regionTree, 'public, max-age=86400'),
  );
};
