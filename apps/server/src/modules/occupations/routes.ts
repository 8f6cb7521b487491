import { envelope } from '@skill-cert/shared/envelope';
import { occupationCatalogue } from '@skill-cert/shared/occupations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okOnce } from '../../lib/envelope.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { catalogue } from './service.ts';

/** `GET /api/occupations`: the occupation catalogue (大类 → 职业 → 工种, with levels); any signed-in user. */
export const occupationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/occupations',
    { config: { access: SIGNED_IN }, schema: { response: { 200: envelope(occupationCatalogue) } } },
    okOnce(catalogue, 'private, max-age=3600'),
  );
};
