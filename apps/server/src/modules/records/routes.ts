import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import {
  platformRecordListQuery,
  recordApplicationBody,
  recordApplicationDetail,
  recordApplicationRow,
  recordApproveBody,
  recordListQuery,
  recordRejectBody,
} from '@skill-cert/shared/recordApplication';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import {
  companyApplicationDetail,
  createApplication,
  decideApplication,
  deleteApplication,
  listApplications,
  platformApplicationDetail,
  submitApplication,
  updateApplication,
} from './service.ts';

const idParams = z.object({ id: z.string().uuid('备案申请不存在') });
const RECORD_CATEGORY = '备案通知';
/** The answer of every route that shows one application. */
const detail = { 200: envelope(recordApplicationDetail) };

/**
 * Record applications (备案申请) the enterprise files: behind the enterprise door's member side (app.ts), so
 * the company is `req.company`, from the session. Another company's id reads as not found.
 */
export const recordCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/recordApplications',
    {
      schema: {
        querystring: pageQuery.merge(recordListQuery),
        response: { 200: envelope(paged(recordApplicationRow)) },
      },
    },
    async (req) => {
      const { list, total } = await listApplications(db, { ...req.query, company: req.company });
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/recordApplications',
    { schema: { body: recordApplicationBody, response: detail } },
    async (req) => {
      const id = await createApplication(db, req.company, req.auth.user, req.body);
      return ok(
        await companyApplicationDetail(db, req.company, id, req.auth.user),
        req.body.submit ? '已提交审核' : '草稿已保存',
      );
    },
  );

  app.get('/api/recordApplications/:id', { schema: { params: idParams, response: detail } }, async (req) =>
    ok(await companyApplicationDetail(db, req.company, req.params.id, req.auth.user)),
  );

  app.patch(
    '/api/recordApplications/:id',
    { schema: { params: idParams, body: recordApplicationBody, response: detail } },
    async (req) => {
      await updateApplication(db, req.company, req.params.id, req.auth.user, req.body);
      return ok(
        await companyApplicationDetail(db, req.company, req.params.id, req.auth.user),
        req.body.submit ? '已提交审核' : '保存成功',
      );
    },
  );

  app.post(
    '/api/recordApplications/:id/submit',
    { schema: { params: idParams, response: detail } },
    async (req) => {
      await submitApplication(db, req.company, req.params.id, req.auth.user);
      return ok(await companyApplicationDetail(db, req.company, req.params.id, req.auth.user), '已提交审核');
    },
  );

  app.delete(
    '/api/recordApplications/:id',
    { schema: { params: idParams, response: { 200: noData } } },
    async (req) => {
      await deleteApplication(db, req.company, req.params.id);
      return ok(null, '删除成功');
    },
  );
};

/** The platform reviews every company's submitted applications (企业管理). */
export const recordPlatformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.get(
    '/api/platform/recordApplications',
    {
      preHandler: platform('platform:company:list'),
      schema: {
        querystring: pageQuery.merge(platformRecordListQuery),
        response: { 200: envelope(paged(recordApplicationRow)) },
      },
    },
    async (req) => {
      const { list, total } = await listApplications(db, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.get(
    '/api/platform/recordApplications/:id',
    { preHandler: platform('platform:company:list'), schema: { params: idParams, response: detail } },
    async (req) => ok(await platformApplicationDetail(db, req.params.id, req.auth.user)),
  );

  app.post(
    '/api/platform/recordApplications/:id/approve',
    {
      preHandler: platform('platform:company:review'),
      schema: { params: idParams, body: recordApproveBody, response: detail },
    },
    async (req) => {
      const note = req.body?.note ?? null;
      const { companyId, recordNo } = await decideApplication(db, req.params.id, req.auth.user, {
        approve: true,
        note,
        codes: req.body,
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
    {
      preHandler: platform('platform:company:review'),
      schema: { params: idParams, body: recordRejectBody, response: detail },
    },
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
};
