import { switchRoleTypeBody } from '@skill-cert/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { getUserInfo, switchActiveRoleType } from './service.ts';

/** The signed-in user (spec §7 "Auth and user"). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/api/user', async (req) => {
    const info = await getUserInfo(db, req.auth.userId);
    if (!info) throw unauthorized();
    return ok(info);
  });

  app.patch('/api/user/switchRoleType', { schema: { body: switchRoleTypeBody } }, async (req) => {
    if (!(await switchActiveRoleType(db, req.auth.userId, req.body.role)))
      throw forbidden('您没有该角色的权限');
    return ok(await getUserInfo(db, req.auth.userId), '切换成功');
  });
};
