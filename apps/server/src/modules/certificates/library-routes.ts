import {
  certificateDetail,
  certificateListQuery,
  certificatePage,
  revokeBody,
} from '@skill-cert/shared/certificates';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { sendFile, sendStored } from '../../lib/send-file.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { findFiles } from '../files/service.ts';
import { exportLibrary } from './export.ts';
import {
  CERTIFICATE_NOT_FOUND,
  findIssued,
  getLibraryCertificate,
  LIBRARY_TABLES,
  listLibrary,
  revokeCertificate,
} from './library.ts';

const params = z.object({ id: z.string().uuid(CERTIFICATE_NOT_FOUND) });
const detailAnswer = { 200: envelope(certificateDetail) };

/**
 * `GET /api/certificates`, `GET /api/certificates/{id}`, `GET /api/certificates/{id}/file`,
 * `POST /api/certificates/{id}/revoke`, `GET /api/certificates/export`: the issued certificates
 * of the caller's company; any other id answers 404.
 */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const pages = new CompanyListCache(app.database.writes);

  app.get(
    '/api/certificates',
    {
      schema: {
        querystring: certificateListQuery.extend(pageQuery.shape),
        response: { 200: envelope(certificatePage) },
      },
    },
    async (req) => {
      const { list, total } = await pages.get(
        req.company.id,
        JSON.stringify(req.query),
        LIBRARY_TABLES,
        async () => ({ value: await listLibrary(db, req.company, req.query) }),
      );
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/certificates/export',
    {
      config: { cookieAuth: true },
      schema: {
        querystring: certificateListQuery,
        response: {
          200: fileAnswer(
            '证书库查询结果',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ),
        },
      },
    },
    async (req, reply) =>
      sendFile(
        reply,
        {
          name: '证书库.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          cache: 'no-store',
        },
        (signal) => exportLibrary(db, req.company, req.query, req.log, signal),
      ),
  );

  app.get('/api/certificates/:id', { schema: { params, response: detailAnswer } }, async (req) =>
    ok(await getLibraryCertificate(db, req.company, req.params.id)),
  );

  // The PDF for the preview dialog (inline) and for download (`?download=1`); 404 until it is rendered.
  app.get(
    '/api/certificates/:id/file',
    {
      config: { cookieAuth: true },
      schema: {
        params,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: fileAnswer('证书 PDF', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const c = await findIssued(db, req.company, req.params.id);
      const [file] = c.fileId ? await findFiles(db, [c.fileId]) : [];
      if (!file) throw notFound('证书文件尚未生成');
      const download = {
        name: `${c.certificateNo ?? c.holderName ?? '证书'}.pdf`,
        type: 'application/pdf',
        inline: req.query.download !== '1',
        size: file.size,
        cache: 'private, no-cache',
      };
      return sendStored(reply, storage, download, file.sha256);
    },
  );

  app.post(
    '/api/certificates/:id/revoke',
    { preHandler: companyAdminOnly, schema: { params, body: revokeBody, response: detailAnswer } },
    async (req) =>
      ok(
        await revokeCertificate(db, req.company, req.auth.user, req.params.id, req.body.reason),
        '证书已撤销',
      ),
  );
};
