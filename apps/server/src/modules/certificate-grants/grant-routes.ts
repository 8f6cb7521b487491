import {
  grantCertificatePage,
  grantCertificateQuery,
  grantCreateBody,
  grantDetail as grantDetailSchema,
  grantListQuery,
  grantOptions as grantOptionsSchema,
  grantPage,
} from '@skill-cert/shared/certificate-grants';
import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { sendStored, sendZip } from '../../lib/send-file.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { findFiles } from '../files/service.ts';
import {
  CERTIFICATE_NOT_FOUND,
  confirmGrant,
  createGrant,
  findGrant,
  GRANT_LIST_TABLES,
  GRANT_NOT_FOUND,
  type GrantCaller,
  grantCertificate,
  grantDetail,
  grantOptions,
  grantZip,
  grantZipName,
  listGrantCertificates,
  listGrants,
  regenerateGrantCertificate,
} from './grants.ts';

const grantParams = z.object({ id: z.string().uuid(GRANT_NOT_FOUND) });
const certificateParams = grantParams.extend({ certificateId: z.string().uuid(CERTIFICATE_NOT_FOUND) });

/**
 * `GET/POST /api/certificateGrants`, `GET /api/certificateGrants/options`, `GET /api/certificateGrants/{id}`,
 * `GET .../{id}/certificates`, `POST .../{id}/certificates/{certificateId}/regenerate`,
 * `GET .../{id}/certificates/{certificateId}/file`, `POST .../{id}/confirm`, `GET .../{id}/downloadCertificateZip`.
 * Members read; administrators start, regenerate and confirm.
 */
export const grantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const pages = new CompanyListCache(app.database.writes);
  const caller = (req: FastifyRequest): GrantCaller => ({ user: req.auth.user, company: req.company });

  app.get(
    '/api/certificateGrants/options',
    {
      schema: {
        querystring: z.object({
          evaluation_id: z.string({ error: '请选择等级评价计划' }).uuid('请选择等级评价计划'),
        }),
        response: { 200: envelope(grantOptionsSchema) },
      },
    },
    async (req) => ok(await grantOptions(db, req.company, req.query.evaluation_id)),
  );

  app.get(
    '/api/certificateGrants',
    {
      schema: { querystring: pageQuery.merge(grantListQuery), response: { 200: envelope(grantPage) } },
    },
    async (req) => {
      const { list, total } = await pages.get(
        req.company.id,
        JSON.stringify(req.query),
        GRANT_LIST_TABLES,
        async () => ({ value: await listGrants(db, req.company, req.query) }),
      );
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/certificateGrants',
    {
      preHandler: companyAdminOnly,
      schema: { body: grantCreateBody, response: { 200: envelope(grantDetailSchema) } },
    },
    async (req) => {
      const id = await createGrant(app, caller(req), req.body);
      return ok(await grantDetail(db, req.company, id), '已开始生成证书');
    },
  );

  app.get(
    '/api/certificateGrants/:id',
    { schema: { params: grantParams, response: { 200: envelope(grantDetailSchema) } } },
    async (req) => ok(await grantDetail(db, req.company, req.params.id)),
  );

  app.get(
    '/api/certificateGrants/:id/certificates',
    {
      schema: {
        params: grantParams,
        querystring: pageQuery.merge(grantCertificateQuery),
        response: { 200: envelope(grantCertificatePage) },
      },
    },
    async (req) => {
      const { list, total } = await listGrantCertificates(db, req.company, req.params.id, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/certificateGrants/:id/certificates/:certificateId/regenerate',
    { preHandler: companyAdminOnly, schema: { params: certificateParams, response: { 200: noData } } },
    async (req) => {
      await regenerateGrantCertificate(app, caller(req), req.params.id, req.params.certificateId);
      return ok(null, '已开始重新生成');
    },
  );

  // The preview dialog's <iframe> cannot send a header: this GET also takes the session cookie.
  app.get(
    '/api/certificateGrants/:id/certificates/:certificateId/file',
    {
      config: { cookieAuth: true },
      schema: { params: certificateParams, response: { 200: fileAnswer('证书 PDF', 'application/pdf') } },
    },
    async (req, reply) => {
      const row = await grantCertificate(db, req.company, req.params.id, req.params.certificateId);
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
    '/api/certificateGrants/:id/confirm',
    {
      preHandler: companyAdminOnly,
      schema: { params: grantParams, response: { 200: envelope(grantDetailSchema) } },
    },
    async (req) => {
      await confirmGrant(app, caller(req), req.params.id);
      return ok(await grantDetail(db, req.company, req.params.id), '已确认发证');
    },
  );

  app.get(
    '/api/certificateGrants/:id/downloadCertificateZip',
    {
      config: { cookieAuth: true },
      schema: {
        params: grantParams,
        response: { 200: fileAnswer('该次发证全部证书 PDF 的压缩包', 'application/zip') },
      },
    },
    async (req, reply) => {
      const grant = await findGrant(db, req.company, req.params.id);
      const name = await grantZipName(db, grant);
      return sendZip(reply, name, (signal) => grantZip(app, grant.id, signal));
    },
  );
};
