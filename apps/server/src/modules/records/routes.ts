import { envelope, noData } from '@skill-cert/shared/envelope';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import {
  platformRecordListQuery,
  recordApplicationBody,
  recordApplicationDetail,
  recordApplicationRow,
  recordApproveBody,
  recordListQuery,
  recordRejectBody,
} from '@skill-cert/shared/records';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { listApplications, RECORD_LIST_TABLES } from './applications.ts';
import {
  companyApplicationDetail,
  createApplication,
  deleteApplication,
  submitApplication,
  updateApplication,
} from './filing.ts';
import { platformApplicationDetail, reviewApplication } from './review.ts';

const idParams = z.object({ id: z.string().uuid('备案申请不存在') });
/** The answer of every route that shows one application. */
const detail = { 200: envelope(recordApplicationDetail) };

/** Guards of the filing routes of one audience: who reads, who writes (none: the door alone decides). */
interface FilingGuards {
  read?: preHandlerAsyncHookHandler;
  write?: preHandlerAsyncHookHandler;
}

/**
 * The routes a filing company uses under `base`, behind a door that sets `req.company` from the session (the
 * enterprise's or the institution's): another company's id reads as not found.
 */
function filingRoutes(base: string, guardsOf: (app: FastifyInstance) => FilingGuards): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app;
    const guards = guardsOf(app);
    const read = guards.read ? { preHandler: guards.read } : {};
    const write = guards.write ? { preHandler: guards.write } : {};
    const pages = new CompanyListCache(app.database.writes);

    app.get(
      base,
      {
        ...read,
        schema: {
          querystring: pageQuery.merge(recordListQuery),
          response: { 200: envelope(paged(recordApplicationRow)) },
        },
      },
      async (req) => {
        const { list, total } = await pages.get(
          req.company.id,
          JSON.stringify(req.query),
          RECORD_LIST_TABLES,
          async () => ({ value: await listApplications(db, { ...req.query, company: req.company }) }),
        );
        return ok({ list, meta: pageMeta(total, req.query) });
      },
    );

    app.post(base, { ...write, schema: { body: recordApplicationBody, response: detail } }, async (req) => {
      const id = await createApplication(db, req.company, req.auth.user, req.body);
      return ok(
        await companyApplicationDetail(db, req.company, id, req.auth.user),
        req.body.submit ? '已提交审核' : '草稿已保存',
      );
    });

    app.get(`${base}/:id`, { ...read, schema: { params: idParams, response: detail } }, async (req) =>
      ok(await companyApplicationDetail(db, req.company, req.params.id, req.auth.user)),
    );

    app.patch(
      `${base}/:id`,
      { ...write, schema: { params: idParams, body: recordApplicationBody, response: detail } },
      async (req) => {
        await updateApplication(db, req.company, req.params.id, req.auth.user, req.body);
        return ok(
          await companyApplicationDetail(db, req.company, req.params.id, req.auth.user),
          req.body.submit ? '已提交审核' : '保存成功',
        );
      },
    );

    app.post(
      `${base}/:id/submit`,
      { ...write, schema: { params: idParams, response: detail } },
      async (req) => {
        await submitApplication(db, req.company, req.params.id, req.auth.user);
        return ok(
          await companyApplicationDetail(db, req.company, req.params.id, req.auth.user),
          '已提交审核',
        );
      },
    );

    app.delete(
      `${base}/:id`,
      { ...write, schema: { params: idParams, response: { 200: noData } } },
      async (req) => {
        await deleteApplication(db, req.company, req.params.id);
        return ok(null, '删除成功');
      },
    );
  };
}

/** Record applications (备案申请) the enterprise files: behind the enterprise door's member side (app.ts). */
export const recordCompanyRoutes = filingRoutes('/api/recordApplications', () => ({}));

/**
 * The institution's filing (备案中心): behind the institution door (app.ts), its reads and writes each under a key of
 * the institution menu.
 */
export const recordInstitutionRoutes = filingRoutes('/api/institution/recordApplications', (app) => ({
  read: app.requirePermission(RoleType.INSTITUTION, 'institution:record:list'),
  write: app.requirePermission(RoleType.INSTITUTION, 'institution:record:edit'),
}));

export const TWO_STEP_ELSEWHERE = '该类备案已开启两级审核（初审 / 复审），请在审核中心审核通过';

/**
 * The platform reviews every company's submitted applications (企业管理). `twoStepReview` (the review queue's
 * settings, handed in by app.ts): a kind under two-step review is approved in 审核中心 only, never here in one step.
 */
export const recordPlatformRoutes: FastifyPluginAsyncZod<{
  twoStepReview(db: DbOrTx, kind: 1 | 2): Promise<boolean>;
}> = async (app, { twoStepReview }) => {
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
      const { kind } = await platformApplicationDetail(db, req.params.id, req.auth.user);
      if (await twoStepReview(db, kind)) throw badRequest(TWO_STEP_ELSEWHERE);
      await reviewApplication(app, req.params.id, req.auth.user, {
        approve: true,
        note: req.body?.note ?? null,
        codes: req.body,
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
      await reviewApplication(app, req.params.id, req.auth.user, {
        approve: false,
        reason: req.body.reason,
      });
      return ok(await platformApplicationDetail(db, req.params.id, req.auth.user), '已驳回');
    },
  );
};
