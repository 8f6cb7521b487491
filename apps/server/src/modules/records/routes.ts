import { TemplateKey } from '@skill-cert/shared/messages';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import {
  platformRecordListQuery,
  recordApplicationBody,
  recordApproveBody,
  recordListQuery,
  recordRejectBody,
} from '@skill-cert/shared/recordApplication';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { assertCompanyActive, membershipOf } from '../companies/service.ts';
import {
  companyApplicationDetail,
  createApplication,
  decideApplication,
  deleteApplication,
  listApplications,
  platformApplicationDetail,
  platformCompanyDetail,
  submitApplication,
  updateApplication,
} from './service.ts';

const idParams = z.object({ id: z.string().uuid('备案申请不存在') });
const companyParams = z.object({ id: z.string().uuid('企业不存在') });
const RECORD_CATEGORY = '备案通知';

/**
 * Record applications (备案申请): the enterprise files its own (the company always from the session), the
 * platform reviews every company's. Another company's id reads as not found.
 */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const enterpriseRole = app.requireRoleType(RoleType.ENTERPRISE);
  // A member of an active company: a frozen one gets the acknowledge notice (code 61) instead.
  const enterprise = async (req: FastifyRequest, reply: FastifyReply) => {
    await enterpriseRole.call(app, req, reply);
    await assertCompanyActive(db, req.auth.user.companyId);
    await membershipOf(db, req.auth.userId, req.auth.user.companyId);
  };
  const companyOf = (req: FastifyRequest) => req.auth.user.companyId as string;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.get(
    '/api/recordApplications',
    { preHandler: enterprise, schema: { querystring: pageQuery.merge(recordListQuery) } },
    async (req) => {
      const { list, total } = await listApplications(db, { ...req.query, companyId: companyOf(req) });
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/recordApplications',
    { preHandler: enterprise, schema: { body: recordApplicationBody } },
    async (req) => {
      const id = await createApplication(db, companyOf(req), req.auth.user, req.body);
      return ok(
        await companyApplicationDetail(db, companyOf(req), id, req.auth.user),
        req.body.submit ? '已提交审核' : '草稿已保存',
      );
    },
  );

  app.get(
    '/api/recordApplications/:id',
    { preHandler: enterprise, schema: { params: idParams } },
    async (req) => ok(await companyApplicationDetail(db, companyOf(req), req.params.id, req.auth.user)),
  );

  app.patch(
    '/api/recordApplications/:id',
    { preHandler: enterprise, schema: { params: idParams, body: recordApplicationBody } },
    async (req) => {
      await updateApplication(db, companyOf(req), req.params.id, req.auth.user, req.body);
      return ok(
        await companyApplicationDetail(db, companyOf(req), req.params.id, req.auth.user),
        req.body.submit ? '已提交审核' : '保存成功',
      );
    },
  );

  app.post(
    '/api/recordApplications/:id/submit',
    { preHandler: enterprise, schema: { params: idParams } },
    async (req) => {
      await submitApplication(db, companyOf(req), req.params.id, req.auth.user);
      return ok(
        await companyApplicationDetail(db, companyOf(req), req.params.id, req.auth.user),
        '已提交审核',
      );
    },
  );

  app.delete(
    '/api/recordApplications/:id',
    { preHandler: enterprise, schema: { params: idParams } },
    async (req) => {
      await deleteApplication(db, companyOf(req), req.params.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/platform/recordApplications',
    {
      preHandler: platform('platform:company:list'),
      schema: { querystring: pageQuery.merge(platformRecordListQuery) },
    },
    async (req) => {
      const { list, total } = await listApplications(db, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.get(
    '/api/platform/recordApplications/:id',
    { preHandler: platform('platform:company:list'), schema: { params: idParams } },
    async (req) => ok(await platformApplicationDetail(db, req.params.id, req.auth.user)),
  );

  app.post(
    '/api/platform/recordApplications/:id/approve',
    {
      preHandler: platform('platform:company:review'),
      schema: { params: idParams, body: recordApproveBody },
    },
    async (req) => {
      const note = req.body?.note ?? null;
      const { companyId, recordNo } = await decideApplication(db, req.params.id, req.auth.user, {
        approve: true,
        note,
      });
      await app.messenger.toCompany(companyId, {
        category: RECORD_CATEGORY,
        content: `您的备案申请（${recordNo}）已通过平台审核${note ? `：${note}` : ''}`,
        relatedId: req.params.id,
        templateKey: TemplateKey.RECORD_DECIDED,
      });
      return ok(await platformApplicationDetail(db, req.params.id, req.auth.user), '已通过');
    },
  );

  app.post(
    '/api/platform/recordApplications/:id/reject',
    { preHandler: platform('platform:company:review'), schema: { params: idParams, body: recordRejectBody } },
    async (req) => {
      const { companyId, recordNo } = await decideApplication(db, req.params.id, req.auth.user, {
        approve: false,
        reason: req.body.reason,
      });
      await app.messenger.toCompany(companyId, {
        category: RECORD_CATEGORY,
        content: `您的备案申请（${recordNo}）被平台驳回：${req.body.reason}`,
        relatedId: req.params.id,
        templateKey: TemplateKey.RECORD_DECIDED,
      });
      return ok(await platformApplicationDetail(db, req.params.id, req.auth.user), '已驳回');
    },
  );

  app.get(
    '/api/platform/companies/:id',
    { preHandler: platform('platform:company:list'), schema: { params: companyParams } },
    async (req) => ok(await platformCompanyDetail(db, req.params.id)),
  );
};
