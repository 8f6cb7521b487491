import {
  batchListQuery,
  batchUploadBody,
  certificateListQuery,
  createdBatch,
  customCertificateBatch,
  customCertificateDetail,
  customCertificateRow,
  customCertificateTemplate,
  defaultBlank,
  reCreateBody,
  templateBody,
  templateListQuery,
} from '@skill-cert/shared/customCertificate';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { paged, pageMeta } from '@skill-cert/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { DEFAULT_BLANKS } from '../certificate-engine/defaults.ts';
import { templateInstructions } from '../certificate-engine/sheet.ts';
import { certificateZip, registerBatchRendering } from './batch-rendering.ts';
import {
  BATCH_NOT_FOUND,
  createBatch,
  findBatch,
  getBatch,
  listBatches,
  removeAbandonedUploads,
} from './batches.ts';
import type { Caller } from './caller.ts';
import {
  CERTIFICATE_NOT_FOUND,
  getCertificate,
  listCertificates,
  reCreateCertificate,
} from './certificates.ts';
import {
  createTemplate,
  findTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  TEMPLATE_NOT_FOUND,
  updateTemplate,
} from './templates.ts';

const idOf = (message: string) => z.object({ id: z.string().uuid(message) });
const templateParams = idOf(TEMPLATE_NOT_FOUND);
const batchParams = idOf(BATCH_NOT_FOUND);
const certificateParams = idOf(CERTIFICATE_NOT_FOUND);
const templateAnswer = { 200: envelope(customCertificateTemplate) };
const batchAnswer = { 200: envelope(customCertificateBatch) };
const certificateAnswer = { 200: envelope(customCertificateDetail) };

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
const inline = (name: string) => `inline; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Custom certificates (spec §7, DOMAIN.md 10): templates, batch uploads rendered by a durable job, regeneration,
 * the zip download. This plugin starts the background work; the routes are for members of the enterprise
 * (`customCertificateMemberRoutes`, behind the enterprise door), inside the caller's company: other ids answer
 * 404. A generated certificate enters the certificate library (modules/certificates), whose public page it has.
 */
export const customCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await removeAbandonedUploads(db);
  await registerBatchRendering(app);
};

/** The enterprise's routes: registered behind the enterprise door (app.ts), which sets `req.company`. */
export const customCertificateMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const caller = (req: FastifyRequest): Caller => ({ user: req.auth.user, company: req.company });

  app.get(
    '/api/defaultBlanks',
    { schema: { response: { 200: envelope(z.array(defaultBlank)) } } },
    async () => ok(DEFAULT_BLANKS),
  );

  // ---- templates ----
  app.get(
    '/api/customCertificateTemplates',
    {
      schema: {
        querystring: templateListQuery,
        response: { 200: envelope(paged(customCertificateTemplate)) },
      },
    },
    async (req) => {
      const { list, total } = await listTemplates(db, caller(req).company, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/customCertificateTemplates',
    { schema: { body: templateBody, response: templateAnswer } },
    async (req) => ok(await createTemplate(app, caller(req), req.body), '模板创建成功'),
  );

  // The PDF itself (not an envelope): previews are not stored.
  app.post(
    '/api/customCertificateTemplates/preview',
    { schema: { body: templateBody, response: { 200: fileAnswer('证书预览 PDF', 'application/pdf') } } },
    async (req, reply) => {
      const pdf = await previewTemplate(app, caller(req), req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', inline(`${req.body.template_name}-预览.pdf`))
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.get(
    '/api/customCertificateTemplates/:id',
    { schema: { params: templateParams, response: templateAnswer } },
    async (req) => ok(await getTemplate(db, caller(req).company, req.params.id)),
  );

  app.patch(
    '/api/customCertificateTemplates/:id',
    { schema: { params: templateParams, body: templateBody, response: templateAnswer } },
    async (req) => ok(await updateTemplate(app, caller(req), req.params.id, req.body), '模板保存成功'),
  );

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/customCertificateTemplates/:id/zipTemplate',
    {
      config: { cookieAuth: true },
      schema: {
        params: templateParams,
        response: { 200: fileAnswer('批量生成模板（模板.xlsx 与 说明.txt）', 'application/zip') },
      },
    },
    async (req, reply) => {
      const template = await findTemplate(db, caller(req).company, req.params.id);
      // Loaded on first use: an idle server does not hold archiver and exceljs.
      const { ZipArchive } = await import('archiver');
      const zip = new ZipArchive({ zlib: { level: 6 } });
      zip.append(await app.sheets.templateWorkbook(template.blanks), { name: '模板.xlsx' });
      zip.append(templateInstructions(template.templateName, template.blanks), { name: '说明.txt' });
      void zip.finalize();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${template.templateName}-批量生成模板.zip`))
        .send(zip);
    },
  );

  // ---- batch uploads ----
  app.get(
    '/api/customCertificateBatchUploadRecords',
    { schema: { querystring: batchListQuery, response: { 200: envelope(paged(customCertificateBatch)) } } },
    async (req) => {
      const { list, total } = await listBatches(db, caller(req).company, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/customCertificateBatchUploadRecords',
    { schema: { body: batchUploadBody, response: { 200: envelope(createdBatch) } } },
    async (req) => ok(await createBatch(app, caller(req), req.body), '上传成功，证书正在后台生成'),
  );

  app.get(
    '/api/customCertificateBatchUploadRecords/:id',
    { schema: { params: batchParams, response: batchAnswer } },
    async (req) => ok(await getBatch(db, caller(req).company, req.params.id)),
  );

  app.get(
    '/api/customCertificateBatchUploadRecords/:id/certificateList',
    {
      schema: {
        params: batchParams,
        querystring: certificateListQuery,
        response: { 200: envelope(paged(customCertificateRow)) },
      },
    },
    async (req) => {
      const { list, total } = await listCertificates(db, caller(req).company, req.params.id, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.get(
    '/api/customCertificateBatchUploadRecords/:id/downloadCertificateZip',
    {
      config: { cookieAuth: true },
      schema: {
        params: batchParams,
        response: { 200: fileAnswer('该批次全部证书 PDF 的压缩包', 'application/zip') },
      },
    },
    async (req, reply) => {
      const batch = await findBatch(db, caller(req).company, req.params.id);
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${batch.name}.zip`))
        .header('cache-control', 'no-store')
        .send(await certificateZip(app, batch.id, gone.signal));
    },
  );

  // ---- certificates ----
  app.get(
    '/api/customCertificates/:id',
    { schema: { params: certificateParams, response: certificateAnswer } },
    async (req) => ok(await getCertificate(db, caller(req).company, req.params.id)),
  );

  app.patch(
    '/api/customCertificates/:id/reCreate',
    { schema: { params: certificateParams, body: reCreateBody, response: certificateAnswer } },
    async (req) =>
      ok(await reCreateCertificate(app, caller(req), req.params.id, req.body), '重新生成证书成功！'),
  );
};
