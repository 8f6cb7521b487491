import { switchRoleTypeBody, userInfo } from '@skill-cert/shared/auth';
import { envelope } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { forbidden } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { findUserById, switchActiveRoleType, toUserInfo } from './service.ts';

/** The signed-in user (spec §7 "Auth and user"). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // The guard has already loaded the user and its role types.
  app.get(
    '/api/user',
    { schema: { response: { 200: envelope(userInfo) } }, config: { access: SIGNED_IN } },
    async (req) => ok(toUserInfo(req.auth.user, req.auth.roleTypeIds, req.auth.companyRole)),
  );

  app.patch(
    '/api/user/switchRoleType',
    {
      config: { access: SIGNED_IN },
      schema: { response: { 200: envelope(userInfo.nullable()) }, body: switchRoleTypeBody },
    },
    async (req) => {
      if (!(await switchActiveRoleType(db, req.auth.userId, req.body.role)))
        throw forbidden('您没有该角色的权限');
      // Only the active role type changed: the role types held and the company role are the guard's.
      const user = await findUserById(db, req.auth.userId);
      return ok(user ? toUserInfo(user, req.auth.roleTypeIds, req.auth.companyRole) : null, '切换成功');
    },
  );
};
