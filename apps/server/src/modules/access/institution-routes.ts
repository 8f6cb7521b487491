import { institutionRoleBody, menuNode, roleMenusBody, roleRow } from '@skill-cert/shared/access';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import {
  createInstitutionRole,
  deleteInstitutionRole,
  getInstitutionRole,
  INSTITUTION_ROLE_NOT_FOUND,
  listInstitutionRoles,
  listMenuTree,
  setInstitutionRoleMenus,
  updateInstitutionRole,
} from './service.ts';

const roleParams = z.object({ id: z.string().uuid(INSTITUTION_ROLE_NOT_FOUND) });

/**
 * An institution's own roles (角色管理 of 机构端): behind the institution door (app.ts), so `req.company` is the
 * caller's institution; a role of another institution or of the platform answers 404 as if missing.
 */
export const institutionRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const I = RoleType.INSTITUTION;
  // The audit log's "before": the role with its grants as they were.
  const roleBefore = async (req: FastifyRequest) =>
    getInstitutionRole(db, req.company.id, (req.params as { id: string }).id);
  const permissionsUpdated = async (userIds: string[]) => {
    if (userIds.length)
      await app.messenger.toUsers(userIds, {
        category: '权限通知',
        content: '您的权限已变更',
        templateKey: TemplateKey.PERMISSION_UPDATE,
      });
  };

  app.get(
    '/api/institution/menus',
    {
      preHandler: app.requirePermission(I, 'institution:role:list'),
      schema: { response: { 200: envelope(z.array(menuNode)) } },
    },
    async () => ok(await listMenuTree(db, I)),
  );

  app.get(
    '/api/institution/roles',
    {
      preHandler: app.requirePermission(I, 'institution:role:list'),
      schema: {
        querystring: pageQuery.extend({
          keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
        }),
        response: { 200: envelope(paged(roleRow)) },
      },
    },
    async (req) => ok(await listInstitutionRoles(db, req.company.id, req.query)),
  );

  app.get(
    '/api/institution/roles/:id',
    {
      preHandler: app.requirePermission(I, 'institution:role:list'),
      schema: { params: roleParams, response: { 200: envelope(roleRow) } },
    },
    async (req) => ok(await getInstitutionRole(db, req.company.id, req.params.id)),
  );

  app.post(
    '/api/institution/roles',
    {
      preHandler: app.requirePermission(I, 'institution:role:edit'),
      schema: { body: institutionRoleBody, response: { 200: envelope(roleRow) } },
    },
    async (req) => ok(await createInstitutionRole(db, req.company.id, req.body), '新增成功'),
  );

  app.patch(
    '/api/institution/roles/:id',
    {
      preHandler: app.requirePermission(I, 'institution:role:edit'),
      config: { audit: { before: roleBefore } },
      schema: { params: roleParams, body: institutionRoleBody, response: { 200: envelope(roleRow) } },
    },
    async (req) => {
      const { role, holders } = await updateInstitutionRole(db, req.company.id, req.params.id, req.body);
      await permissionsUpdated(holders);
      return ok(role, '修改成功');
    },
  );

  app.delete(
    '/api/institution/roles/:id',
    {
      preHandler: app.requirePermission(I, 'institution:role:edit'),
      config: { audit: { before: roleBefore } },
      schema: { params: roleParams, response: { 200: noData } },
    },
    async (req) => {
      await permissionsUpdated(await deleteInstitutionRole(db, req.company.id, req.params.id));
      return ok(null, '删除成功');
    },
  );

  app.put(
    '/api/institution/roles/:id/menus',
    {
      preHandler: app.requirePermission(I, 'institution:role:edit'),
      config: { audit: { before: roleBefore } },
      schema: { params: roleParams, body: roleMenusBody, response: { 200: envelope(roleRow) } },
    },
    async (req) => {
      await permissionsUpdated(
        await setInstitutionRoleMenus(db, req.company.id, req.params.id, req.body.menu_ids),
      );
      return ok(await getInstitutionRole(db, req.company.id, req.params.id), '分配权限成功');
    },
  );
};
