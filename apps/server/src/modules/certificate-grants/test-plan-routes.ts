import {
  grantCertificatePage,
  grantCertificateQuery,
  grantDetail as grantDetailSchema,
  grantOptions as grantOptionsSchema,
  planGrantBody,
} from '@skill-cert/shared/certificate-grants';
import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import { NO_APPROVED_INSTITUTION_FILING, TEST_PLAN_NOT_FOUND } from '@skill-cert/shared/level-evaluations';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { ofCompany } from '../../lib/company-scope.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { sendStored, sendZip } from '../../lib/send-file.ts';
import { findFiles } from '../files/service.ts';
import { grantablePlan } from '../level-evaluations/service.ts';
import { approvedFilingGate } from '../records/gate.ts';
import {
  CERTIFICATE_NOT_FOUND,
  confirmGrant,
  createGrant,
  type GrantCaller,
  grantCertificate,
  grantDetail,
  grantOfPlan,
  grantOptions,
  grantZip,
  grantZipName,
  listGrantCertificates,
  regenerateGrantCertificate,
} from './grants.ts';
import { certificateGrants } from './tables.ts';

const planParams = z.object({ id: z.string().uuid(TEST_PLAN_NOT_FOUND) });
const certificateParams = planParams.extend({ certificateId: z.string().uuid(CERTIFICATE_NOT_FOUND) });

/** The grant of the caller's test plan (404 for another's plan; 400 before a grant is started). */
async function grantOfTestPlan(db: DbOrTx, own: CompanyScope, planId: string) {
  const plan = await grantablePlan(db, own, planId);
  const [grant] = await db
    .select()
    .from(certificateGrants)
    .where(and(eq(certificateGrants.evaluationId, plan.id), ofCompany(certificateGrants, own)));
  if (!grant) throw badRequest('该考试计划尚未发证');
  return grant;
}

/**
 * The grant of a test plan (发证 of an institution): the one grant flow (numbers with S, the national template, the
 * library, public verification), reached through the plan. Behind the institution door (app.ts) and the code-61 gate.
 */
export const testPlanGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  approvedFilingGate(app, NO_APPROVED_INSTITUTION_FILING);
  const { db } = app;
  const list = app.requirePermission(RoleType.INSTITUTION, 'institution:test-plan:list');
  const grant = app.requirePermission(RoleType.INSTITUTION, 'institution:test-plan:grant');
  const caller = (req: FastifyRequest): GrantCaller => ({ user: req.auth.user, company: req.company });
  const base = '/api/testPlans/:id/certificateGrant';

  app.get(
    `${base}/options`,
    { preHandler: list, schema: { params: planParams, response: { 200: envelope(grantOptionsSchema) } } },
    async (req) => ok(await grantOptions(db, req.company, req.params.id)),
  );

  app.post(
    base,
    {
      preHandler: grant,
      schema: { params: planParams, body: planGrantBody, response: { 200: envelope(grantDetailSchema) } },
    },
    async (req) => {
      const id = await createGrant(app, caller(req), { ...req.body, evaluation_id: req.params.id });
      return ok(await grantDetail(db, req.company, id), '已开始生成证书');
    },
  );

  app.get(
    base,
    {
      preHandler: list,
      schema: { params: planParams, response: { 200: envelope(grantDetailSchema.nullable()) } },
    },
    async (req) => {
      const plan = await grantablePlan(db, req.company, req.params.id);
      return ok(await grantOfPlan(db, req.company, plan.id));
    },
  );

  app.get(
    `${base}/certificates`,
    {
      preHandler: list,
      schema: {
        params: planParams,
        querystring: pageQuery.merge(grantCertificateQuery),
        response: { 200: envelope(grantCertificatePage) },
      },
    },
    async (req) => {
      const g = await grantOfTestPlan(db, req.company, req.params.id);
      const { list: rows, total } = await listGrantCertificates(db, req.company, g.id, req.query);
      return ok({ list: rows, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    `${base}/certificates/:certificateId/regenerate`,
    { preHandler: grant, schema: { params: certificateParams, response: { 200: noData } } },
    async (req) => {
      const g = await grantOfTestPlan(db, req.company, req.params.id);
      await regenerateGrantCertificate(app, caller(req), g.id, req.params.certificateId);
      return ok(null, '已开始重新生成');
    },
  );

  app.get(
    `${base}/certificates/:certificateId/file`,
    {
      preHandler: list,
      config: { cookieAuth: true },
      schema: { params: certificateParams, response: { 200: fileAnswer('证书 PDF', 'application/pdf') } },
    },
    async (req, reply) => {
      const g = await grantOfTestPlan(db, req.company, req.params.id);
      const row = await grantCertificate(db, req.company, g.id, req.params.certificateId);
      const [file] = row.fileId ? await findFiles(db, [row.fileId]) : [];
      if (!file) throw badRequest('证书尚未生成，请稍后再试');
      const download = {
        name: file.originName,
        type: 'application/pdf',
        inline: true,
        size: file.size,
        cache: 'private, no-store',
      };
      return sendStored(reply, app.storage, download, file.sha256);
    },
  );

  app.post(
    `${base}/confirm`,
    { preHandler: grant, schema: { params: planParams, response: { 200: envelope(grantDetailSchema) } } },
    async (req) => {
      const g = await grantOfTestPlan(db, req.company, req.params.id);
      await confirmGrant(app, caller(req), g.id);
      return ok(await grantDetail(db, req.company, g.id), '已确认发证');
    },
  );

  app.get(
    `${base}/zip`,
    {
      preHandler: list,
      config: { cookieAuth: true },
      schema: {
        params: planParams,
        response: { 200: fileAnswer('该考试计划全部证书 PDF 的压缩包', 'application/zip') },
      },
    },
    async (req, reply) => {
      const g = await grantOfTestPlan(db, req.company, req.params.id);
      return sendZip(reply, await grantZipName(db, g), (signal) => grantZip(app, g.id, signal));
    },
  );
};
