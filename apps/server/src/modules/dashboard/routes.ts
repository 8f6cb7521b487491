import { dashboardData, dashboardQuery } from '@skill-cert/shared/dashboard';
import { envelope } from '@skill-cert/shared/envelope';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { dashboard } from './dashboard.ts';

/** 数据看板 of the platform: counts only, by permission key. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      preHandler: app.requirePermission(RoleType.PLATFORM, 'platform:dashboard:view'),
      schema: { querystring: dashboardQuery, response: { 200: envelope(dashboardData) } },
    },
    async (req) => ok(await dashboard(app.db, req.query)),
  );
};
