import {
  certificateDetail,
  certificateListQuery,
  certificatePage,
  revokeBody,
} from '@skill-cert/shared/certificate';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { findFiles } from '../files/service.ts';
import { exportLibrary } from './export.ts';
import {
  CERTIFICATE_NOT_FOUND,
  findIssued,
  getLibraryCertificate,
  listLibrary,
  revokeCertificate,
} from './library.ts';

const params = z.object({ id: z.string().uuid(CERTIFICATE_NOT_FOUND) });
const detailAnswer = { 200: envelope(certificateDetail) };
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * `GET /api/certificates`, `GET /api/certificates/{id}`, `GET /api/certificates/{id}/file`,
 * `POST /api/certificates/{id}/revoke`, `GET /api/certificates/export` (issue 21 point 6): the issued certificates
 * of the caller's company; any other id answers 404.
 */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  app.get(
    '/api/certificates',
    {
      schema: {
        querystring: certificateListQuery.extend(pageQuery.shape),
        response: { 200: envelope(certificatePage) },
      },
    },
    async (req) => {
      const { list, total } = await listLibrary(db, req.company, req.query);
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
    async (req, reply) => {
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const body = await exportLibrary(db, req.company, req.query, req.log, gone.signal);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', disposition('attachment', '证书库.xlsx'))
        .header('cache-control', 'no-store')
        .send(body);
    },
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
      const name = `${c.certificateNo ?? c.holderName ?? '证书'}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-cache')
        .header(
          'content-disposition',
          disposition(req.query.download === '1' ? 'attachment' : 'inline', name),
        )
        .send(storage.open(file.sha256));
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
