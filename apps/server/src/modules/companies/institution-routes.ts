import {
  institutionStaffBody,
  institutionStaffRolesBody,
  institutionStaffRow,
} from '@skill-cert/shared/companies';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { setInstitutionRoles } from '../access/service.ts';
import { findCompany } from './companies.ts';
import {
  addInstitutionStaff,
  institutionStaffMember,
  listInstitutionStaff,
  removeInstitutionStaff,
} from './institutions.ts';

const staffParams = z.object({ userId: z.string().uuid('人员不存在') });
export const INSTITUTION_CATEGORY = '机构通知';

/**
 * The institution's staff (人员管理): behind the institution door (app.ts), so `req.company` is the caller's
 * institution; each route needs its permission key of the institution menu.
 */
export const institutionStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const key = (k: string) => app.requirePermission(RoleType.INSTITUTION, k);
  const permissionsChanged = (userId: string) =>
    app.messenger.toUsers([userId], {
      category: '权限通知',
      content: '您的权限已变更',
      templateKey: TemplateKey.PERMISSION_UPDATE,
    });

  app.get(
    '/api/institution/staff',
    {
      preHandler: key('institution:staff:list'),
      schema: {
        querystring: pageQuery.extend({
          keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
        }),
        response: { 200: envelope(paged(institutionStaffRow)) },
      },
    },
    async (req) => {
      const { list, total } = await listInstitutionStaff(db, req.company, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/institution/staff',
    {
      preHandler: key('institution:staff:edit'),
      schema: { body: institutionStaffBody, response: { 200: envelope(institutionStaffRow) } },
    },
    async (req) => {
      const user = await addInstitutionStaff(db, req.company, req.body);
      const company = await findCompany(db, req.company.id);
      await app.messenger.toUsers([user.id], {
        category: INSTITUTION_CATEGORY,
        content: `您已被添加为「${company?.name ?? ''}」的机构人员`,
        relatedId: req.company.id,
      });
      return ok(await institutionStaffMember(db, req.company, user.id), '已添加');
    },
  );

  app.put(
    '/api/institution/staff/:userId/roles',
    {
      preHandler: key('institution:staff:edit'),
      schema: {
        params: staffParams,
        body: institutionStaffRolesBody,
        response: { 200: envelope(institutionStaffRow) },
      },
    },
    async (req) => {
      await institutionStaffMember(db, req.company, req.params.userId);
      await setInstitutionRoles(db, req.company.id, req.params.userId, req.body.role_ids);
      await permissionsChanged(req.params.userId);
      return ok(await institutionStaffMember(db, req.company, req.params.userId), '保存成功');
    },
  );

  app.delete(
    '/api/institution/staff/:userId',
    { preHandler: key('institution:staff:edit'), schema: { params: staffParams, response: { 200: noData } } },
    async (req) => {
      await removeInstitutionStaff(db, req.company, req.params.userId);
      return ok(null, '已移除');
    },
  );
};
