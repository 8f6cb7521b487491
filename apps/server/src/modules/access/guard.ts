import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/errors.ts';
import { isAccessGuard, withAccess } from '../../lib/route-access.ts';
import { holdsPermission } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route guard: the active role type must be `portal` and the user must hold `key` (or `*:*:*`)
     * there. Declared on the route: `{ preHandler: app.requirePermission(2, 'system:role:list') }`; tagged
     * with that access (lib/route-access.ts).
     */
    requirePermission(portal: RoleTypeId, key: string): preHandlerAsyncHookHandler;
    /** Route guard: the active role type must be one of these; tagged with that access. */
    requireRoleType(...portals: RoleTypeId[]): preHandlerAsyncHookHandler;
  }
}

export const accessPlugin = fp(
  async (app) => {
    const activeRole = (req: {
      auth: { user: { activeRoleTypeId: number | null }; roleTypeIds: number[] };
    }) => {
      const active = req.auth.user.activeRoleTypeId;
      return active !== null && req.auth.roleTypeIds.includes(active) ? active : null;
    };

    // A refused caller hears 403 before the body is validated (as at the enterprise door), wherever the route
    // declares its guard: a tagged guard given as preHandler runs at preValidation instead.
    app.addHook('onRoute', (route) => {
      const declared = [route.preHandler ?? []].flat();
      const guards = declared.filter(isAccessGuard);
      if (guards.length === 0) return;
      route.preHandler = declared.filter((g) => !isAccessGuard(g));
      route.preValidation = [...[route.preValidation ?? []].flat(), ...guards];
    });

    app.decorate('requireRoleType', (...portals: RoleTypeId[]) => {
      if (portals.length === 0) throw new Error('requireRoleType: no role type given');
      return withAccess({ roleTypes: portals }, async (req) => {
        const active = activeRole(req);
        if (active === null || !portals.includes(active as RoleTypeId)) {
          throw forbidden(`仅${portals.map((p) => roleTypeNames[p]).join('、')}可以执行此操作`);
        }
      });
    });

    app.decorate('requirePermission', (portal: RoleTypeId, key: string) => {
      if (!key) throw new Error('requirePermission: no permission key given');
      return withAccess({ roleTypes: [portal], permission: key }, async (req) => {
        if (activeRole(req) !== portal) throw forbidden(`仅${roleTypeNames[portal]}可以执行此操作`);
        if (!(await holdsPermission(app.db, req.auth.userId, portal, key)))
          throw forbidden('没有权限执行此操作');
      });
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
