import { hasPermission } from '@skill-cert/shared/permission';
import { type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/errors.ts';
import { describedGuard } from '../../plugins/openapi.ts';
import { permissionKeysOf } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route guard: the active role type must be `portal` and the user must hold `key` (or `*:*:*`)
     * there. Declared on the route: `{ preHandler: app.requirePermission(2, 'system:role:list') }`.
     */
    requirePermission(portal: RoleTypeId, key: string): preHandlerAsyncHookHandler;
    /** Route guard: the active role type must be one of these. */
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

    app.decorate('requireRoleType', (...portals: RoleTypeId[]) => {
      if (portals.length === 0) throw new Error('requireRoleType: no role type given');
      const names = portals.map((p) => roleTypeNames[p]).join('、');
      return describedGuard(async (req) => {
        const active = activeRole(req);
        if (active === null || !portals.includes(active as RoleTypeId)) {
          throw forbidden(`仅${names}可以执行此操作`);
        }
      }, `当前角色须为${names}`);
    });

    app.decorate('requirePermission', (portal: RoleTypeId, key: string) => {
      if (!key) throw new Error('requirePermission: no permission key given');
      return describedGuard(async (req) => {
        if (activeRole(req) !== portal) throw forbidden(`仅${roleTypeNames[portal]}可以执行此操作`);
        const keys = await permissionKeysOf(app.db, req.auth.userId, portal);
        if (!hasPermission(keys, key)) throw forbidden('没有权限执行此操作');
      }, `${roleTypeNames[portal]}，须有权限 ${key}`);
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
