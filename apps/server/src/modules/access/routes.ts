import {
  MENU_PORTALS,
  menuBody,
  menuNode,
  type PersonalMenus,
  personalMenus as personalMenusSchema,
  roleBody,
  roleMenusBody,
  roleRow,
  userListRow,
  userRolesBody,
  userRoleTypesBody,
} from '@skill-cert/shared/access';
import { userInfo } from '@skill-cert/shared/auth';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType, type RoleTypeId, roleTypeNames } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { UserReadCache } from '../../lib/read-cache.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { onMenusChanged, onUserEvents } from '../../lib/user-events.ts';
import { findUserById, listUsers, roleTypeIdsOf, setUserRoleTypes } from '../users/service.ts';
import {
  createMenu,
  createRole,
  deleteMenu,
  deleteRole,
  dropRolesOutsidePortals,
  findMenu,
  getRole,
  listMenuTree,
  listRoles,
  personalMenus,
  requireRolePerPortal,
  rolesOfUser,
  setRoleMenus,
  setUserRoles,
  updateMenu,
  updateRole,
  usersHoldingRole,
} from './service.ts';

/** The message category of changes to a user's roles and permissions. */
const ACCESS_CATEGORY = '权限通知';

const idParams = z.object({ id: z.string().uuid('记录不存在') });
const portalQuery = z.object({
  portal: z.coerce
    .number({ error: '请选择所属端' })
    .refine((v) => (MENU_PORTALS as readonly number[]).includes(v), '所属端只能是平台端、机构端或考评员端'),
});
const keyword = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/** Server menus, roles and grants (spec §3, §6); administered by the platform. */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // What the audit log keeps as "before" of a change (the row as the service reads it).
  const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;
  const menuBefore = async (req: { params: unknown }) => findMenu(db, idOf(req));
  const roleBefore = async (req: { params: unknown }) => getRole(db, idOf(req));
  const userGrantsBefore = async (req: { params: unknown }) => ({
    role_type_ids: await roleTypeIdsOf(db, idOf(req)),
    role_ids: (await rolesOfUser(db, idOf(req))).map((r) => r._id),
  });
  // Each user's menus per portal, kept until the user's roles and grants or any menu change.
  const menusOfUsers = new UserReadCache<PersonalMenus>(app.database.kind === 'pglite');
  const unsubscribe = [
    onUserEvents({ changed: (userId) => menusOfUsers.forget(userId), revoked: () => {} }),
    onMenusChanged(() => menusOfUsers.clear()),
  ];
  app.addHook('onClose', async () => {
    for (const u of unsubscribe) u();
  });
  /** Tells users their access changed (spec §4 permission_update_notice); the web app asks them to reload. */
  const permissionsUpdated = (userIds: string[]) =>
    app.messenger.toUsers(userIds, {
      category: ACCESS_CATEGORY,
      content: '您的权限已变更',
      templateKey: TemplateKey.PERMISSION_UPDATE,
    });
  const P = RoleType.PLATFORM;

  app.get(
    '/api/user/personalMenus',
    { schema: { response: { 200: envelope(personalMenusSchema) } }, config: { access: SIGNED_IN } },
    async (req) => {
      const active = req.auth.user.activeRoleTypeId;
      if (active === null || !req.auth.roleTypeIds.includes(active) || active === RoleType.ENTERPRISE) {
        return ok({ menus: [], permissions: [] });
      }
      const { userId } = req.auth;
      return ok(await menusOfUsers.get(userId, String(active), () => personalMenus(db, userId, active)));
    },
  );

  app.get(
    '/api/menus',
    {
      preHandler: app.requirePermission(P, 'system:menu:list'),
      schema: { response: { 200: envelope(z.array(menuNode)) }, querystring: portalQuery },
    },
    async (req) => ok(await listMenuTree(db, req.query.portal)),
  );
  app.post(
    '/api/menus',
    {
      preHandler: app.requirePermission(P, 'system:menu:add'),
      schema: { response: { 200: envelope(menuNode) }, body: menuBody },
    },
    async (req) => ok(await createMenu(db, req.body), '新增成功'),
  );
  app.patch(
    '/api/menus/:id',
    {
      preHandler: app.requirePermission(P, 'system:menu:edit'),
      config: { audit: { before: menuBefore } },
      schema: { response: { 200: envelope(menuNode) }, params: idParams, body: menuBody },
    },
    async (req) => ok(await updateMenu(db, req.params.id, req.body), '修改成功'),
  );
  app.delete(
    '/api/menus/:id',
    {
      preHandler: app.requirePermission(P, 'system:menu:delete'),
      config: { audit: { before: menuBefore } },
      schema: { response: { 200: noData }, params: idParams },
    },
    async (req) => {
      await deleteMenu(db, req.params.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/roles',
    {
      preHandler: app.requirePermission(P, 'system:role:list'),
      schema: {
        response: { 200: envelope(paged(roleRow)) },
        querystring: pageQuery.extend({ portal: portalQuery.shape.portal.optional(), keyword }),
      },
    },
    async (req) => ok(await listRoles(db, req.query)),
  );
  app.get(
    '/api/roles/:id',
    {
      preHandler: app.requirePermission(P, 'system:role:list'),
      schema: { response: { 200: envelope(roleRow) }, params: idParams },
    },
    async (req) => ok(await getRole(db, req.params.id)),
  );
  app.post(
    '/api/roles',
    {
      preHandler: app.requirePermission(P, 'system:role:add'),
      schema: { response: { 200: envelope(roleRow) }, body: roleBody },
    },
    async (req) => ok(await createRole(db, req.body), '新增成功'),
  );
  app.patch(
    '/api/roles/:id',
    {
      preHandler: app.requirePermission(P, 'system:role:edit'),
      config: { audit: { before: roleBefore } },
      schema: { response: { 200: envelope(roleRow) }, params: idParams, body: roleBody },
    },
    async (req) => {
      const role = await updateRole(db, req.params.id, req.body);
      await permissionsUpdated(await usersHoldingRole(db, req.params.id));
      return ok(role, '修改成功');
    },
  );
  app.delete(
    '/api/roles/:id',
    {
      preHandler: app.requirePermission(P, 'system:role:delete'),
      config: { audit: { before: roleBefore } },
      schema: { response: { 200: noData }, params: idParams },
    },
    async (req) => {
      await permissionsUpdated(await deleteRole(db, req.params.id));
      return ok(null, '删除成功');
    },
  );
  app.put(
    '/api/roles/:id/menus',
    {
      preHandler: app.requirePermission(P, 'system:role:grant'),
      config: { audit: { before: roleBefore } },
      schema: { response: { 200: envelope(roleRow) }, params: idParams, body: roleMenusBody },
    },
    async (req) => {
      await permissionsUpdated(await setRoleMenus(db, req.params.id, req.body.menu_ids));
      return ok(await getRole(db, req.params.id), '分配权限成功');
    },
  );

  app.get(
    '/api/users',
    {
      preHandler: app.requirePermission(P, 'system:user:list'),
      schema: {
        response: { 200: envelope(paged(userListRow)) },
        querystring: pageQuery.extend({
          keyword,
          role_type_id: z.coerce.number().int().min(1).max(4).optional(),
        }),
      },
    },
    async (req) => {
      const { rows, total } = await listUsers(db, req.query);
      const list = await Promise.all(rows.map(async (u) => ({ ...u, roles: await rolesOfUser(db, u._id) })));
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );
  app.put(
    '/api/users/:id/roleTypes',
    {
      preHandler: app.requirePermission(P, 'system:user:grant'),
      config: { audit: { before: userGrantsBefore } },
      schema: {
        response: { 200: envelope(userInfo.pick({ role_types_info: true })) },
        params: idParams,
        body: userRoleTypesBody,
      },
    },
    async (req) => {
      if (!(await findUserById(db, req.params.id))) throw notFound('用户不存在');
      const ids = req.body.role_type_ids as RoleTypeId[];
      const before = await roleTypeIdsOf(db, req.params.id);
      const roleIds = req.body.role_ids;
      await db.transaction(async (tx) => {
        await setUserRoleTypes(tx, req.params.id, ids);
        if (!roleIds) return dropRolesOutsidePortals(tx, req.params.id, ids);
        await setUserRoles(tx, req.params.id, roleIds, ids);
        await requireRolePerPortal(tx, req.params.id, ids);
      });
      const removed = before.filter((id) => !ids.includes(id));
      // spec §4 delete_role_notice: the web app refetches the user and asks them to pick or leave.
      if (removed.length) {
        await app.messenger.toUsers([req.params.id], {
          category: ACCESS_CATEGORY,
          content: `您的${removed.map((id) => roleTypeNames[id]).join('、')}角色已被移除`,
          templateKey: TemplateKey.DELETE_ROLE,
        });
      } else if (roleIds || ids.some((id) => !before.includes(id))) {
        await permissionsUpdated([req.params.id]);
      }
      return ok({ role_types_info: await roleTypeIdsOf(db, req.params.id) }, '保存成功');
    },
  );
  app.put(
    '/api/users/:id/roles',
    {
      preHandler: app.requirePermission(P, 'system:user:grant'),
      config: { audit: { before: userGrantsBefore } },
      schema: {
        response: { 200: envelope(z.object({ roles: z.array(roleRow) })) },
        params: idParams,
        body: userRolesBody,
      },
    },
    async (req) => {
      if (!(await findUserById(db, req.params.id))) throw notFound('用户不存在');
      await setUserRoles(db, req.params.id, req.body.role_ids, await roleTypeIdsOf(db, req.params.id));
      await permissionsUpdated([req.params.id]);
      return ok({ roles: await rolesOfUser(db, req.params.id) }, '保存成功');
    },
  );
};
