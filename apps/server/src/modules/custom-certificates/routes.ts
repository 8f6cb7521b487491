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
} from '@skill-cert/shared/custom-certificates';
import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import { paged, pageMeta } from '@skill-cert/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { sendFile, sendZip } from '../../lib/send-file.ts';
import { DEFAULT_BLANKS, templateInstructions } from '../certificate-engine/service.ts';
import { sourceZip } from '../certificates/service.ts';
import {
  BATCH_LIST_TABLES,
  BATCH_NOT_FOUND,
  createBatch,
  findBatch,
  getBatch,
  listBatches,
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
  deleteTemplate,
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

/**
 * Custom certificates (spec §7, DOMAIN.md 10): templates, batch uploads rendered on the certificate library's path,
 * regeneration, the zip download. The routes are for members of the enterprise, registered behind the enterprise
 * door (app.ts), which sets `req.company`: other companies' ids answer 404. A custom certificate is a library
 * certificate (modules/certificates), issued and publicly verifiable once generated.
 */
export const customCertificateMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const pages = new CompanyListCache(app.database.writes);
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
      const name = `${req.body.template_name}-预览.pdf`;
      return sendFile(reply, { name, type: 'application/pdf', inline: true, cache: 'no-store' }, pdf);
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

  app.delete(
    '/api/customCertificateTemplates/:id',
    { schema: { params: templateParams, response: { 200: noData } } },
    async (req) => {
      await deleteTemplate(db, caller(req).company, req.params.id);
      return ok(null, '模板已删除');
    },
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
      return sendFile(
        reply,
        { name: `${template.templateName}-批量生成模板.zip`, type: 'application/zip' },
        zip,
      );
    },
  );

  // ---- batch uploads ----
  app.get(
    '/api/customCertificateBatchUploadRecords',
    { schema: { querystring: batchListQuery, response: { 200: envelope(paged(customCertificateBatch)) } } },
    async (req) => {
      const { list, total } = await pages.get(
        req.company.id,
        JSON.stringify(req.query),
        BATCH_LIST_TABLES,
        async () => ({ value: await listBatches(db, req.company, req.query) }),
      );
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
      return sendZip(reply, `${batch.name}.zip`, (signal) => sourceZip(app, batch.id, signal));
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
