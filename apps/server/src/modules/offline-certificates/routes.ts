import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import {
  OFFLINE_BATCH_NOT_FOUND,
  OFFLINE_DRAFT_NOT_FOUND,
  offlineBatchCreateBody,
  offlineBatchDetail,
  offlineBatchListQuery,
  offlineBatchOptions,
  offlineBatchPage,
  offlineBatchPatchBody,
  offlineCertificatePage,
  offlineCertificateQuery,
  offlineDraftListQuery,
  offlineDraftPage,
  offlineDraftPatchBody,
  offlineDraftRow,
  offlinePublishResult,
  offlineSheetTemplateQuery,
} from '@skill-cert/shared/offline-certificates';
import { pageMeta } from '@skill-cert/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { sendFile, sendZip } from '../../lib/send-file.ts';
import { CERTIFICATE_NOT_FOUND, ownBlanksOf } from '../certificates/service.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { chosenTemplate } from '../custom-certificates/service.ts';
import { mimeOf } from '../files/file-type.ts';
import { approvedFilingGate } from '../records/gate.ts';
import {
  BATCH_LIST_TABLES,
  batchDetail,
  batchOptions,
  createBatch,
  deleteBatch,
  listBatches,
  type OfflineCaller,
  patchBatch,
} from './batches.ts';
import { deleteDraft, listDrafts, patchDraft } from './drafts.ts';
import {
  batchZip,
  exportBatch,
  listBatchCertificates,
  publishBatch,
  publishedBatch,
  regenerateCertificate,
} from './publish.ts';
import { sheetTemplate } from './rules.ts';

const batchParams = z.object({ id: z.string().uuid(OFFLINE_BATCH_NOT_FOUND) });
const draftParams = batchParams.extend({ draftId: z.string().uuid(OFFLINE_DRAFT_NOT_FOUND) });
const certificateParams = batchParams.extend({ certificateId: z.string().uuid(CERTIFICATE_NOT_FOUND) });

/**
 * Offline certificates (证书生成): the routes listed in `packages/shared/src/offline-certificates.ts`,
 * behind the enterprise door's member side (app.ts) and the approved-filing gate (code 61). Members read, upload and
 * fix drafts; administrators publish, delete and regenerate.
 */
export const offlineCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const pages = new CompanyListCache(app.database.writes);
  approvedFilingGate(app);
  const caller = (req: FastifyRequest): OfflineCaller => ({ user: req.auth.user, company: req.company });

  app.get(
    '/api/offlineCertificateBatches/options',
    { schema: { response: { 200: envelope(offlineBatchOptions) } } },
    async (req) => ok(await batchOptions(db, req.company)),
  );

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/offlineCertificateBatches/sheetTemplate',
    {
      config: { cookieAuth: true },
      schema: {
        querystring: offlineSheetTemplateQuery,
        response: { 200: fileAnswer('证书信息表模板（.xlsx）', mimeOf.xlsx) },
      },
    },
    async (req, reply) => {
      const template = await chosenTemplate(db, req.company, req.query.template_id);
      const sheet = await app.sheets.writeTable(sheetTemplate(ownBlanksOf(template)));
      return sendFile(
        reply,
        { name: `证书信息表模板-${template.template_name}.xlsx`, type: mimeOf.xlsx },
        sheet,
      );
    },
  );

  app.get(
    '/api/offlineCertificateBatches',
    { schema: { querystring: offlineBatchListQuery, response: { 200: envelope(offlineBatchPage) } } },
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
    '/api/offlineCertificateBatches',
    {
      schema: {
        body: offlineBatchCreateBody,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (req) => ok({ _id: await createBatch(app, caller(req), req.body) }, '已开始解析证书信息'),
  );

  app.get(
    '/api/offlineCertificateBatches/:id',
    { schema: { params: batchParams, response: { 200: envelope(offlineBatchDetail) } } },
    async (req) => ok(await batchDetail(db, req.company, req.params.id)),
  );

  app.patch(
    '/api/offlineCertificateBatches/:id',
    { schema: { params: batchParams, body: offlineBatchPatchBody, response: { 200: noData } } },
    async (req) => {
      await patchBatch(app, caller(req), req.params.id, req.body);
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/api/offlineCertificateBatches/:id',
    { preHandler: companyAdminOnly, schema: { params: batchParams, response: { 200: noData } } },
    async (req) => {
      await deleteBatch(db, req.company, req.params.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/offlineCertificateBatches/:id/drafts',
    {
      schema: {
        params: batchParams,
        querystring: offlineDraftListQuery,
        response: { 200: envelope(offlineDraftPage) },
      },
    },
    async (req) => {
      const { list, total } = await listDrafts(db, caller(req), req.params.id, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.patch(
    '/api/offlineCertificateBatches/:id/drafts/:draftId',
    {
      schema: {
        params: draftParams,
        body: offlineDraftPatchBody,
        response: { 200: envelope(offlineDraftRow) },
      },
    },
    async (req) =>
      ok(
        await patchDraft(db, app.storage, caller(req), req.params.id, req.params.draftId, req.body),
        '保存成功',
      ),
  );

  app.delete(
    '/api/offlineCertificateBatches/:id/drafts/:draftId',
    { schema: { params: draftParams, response: { 200: noData } } },
    async (req) => {
      await deleteDraft(db, caller(req), req.params.id, req.params.draftId);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/offlineCertificateBatches/:id/publish',
    {
      preHandler: companyAdminOnly,
      schema: { params: batchParams, response: { 200: envelope(offlinePublishResult) } },
    },
    async (req) => ok(await publishBatch(app, caller(req), req.params.id), '已确认发证，证书正在生成'),
  );

  app.get(
    '/api/offlineCertificateBatches/:id/certificates',
    {
      schema: {
        params: batchParams,
        querystring: offlineCertificateQuery,
        response: { 200: envelope(offlineCertificatePage) },
      },
    },
    async (req) => {
      const { list, total } = await listBatchCertificates(db, req.company, req.params.id, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/offlineCertificateBatches/:id/certificates/:certificateId/regenerate',
    { preHandler: companyAdminOnly, schema: { params: certificateParams, response: { 200: noData } } },
    async (req) => {
      await regenerateCertificate(app, req.company, req.params.id, req.params.certificateId);
      return ok(null, '已开始重新生成');
    },
  );

  app.get(
    '/api/offlineCertificateBatches/:id/downloadCertificateZip',
    {
      config: { cookieAuth: true },
      schema: {
        params: batchParams,
        response: { 200: fileAnswer('该批次全部证书 PDF 的压缩包', 'application/zip') },
      },
    },
    async (req, reply) => {
      const b = await publishedBatch(db, req.company, req.params.id);
      return sendZip(reply, `${b.name}-证书.zip`, (signal) => batchZip(app, b.id, signal));
    },
  );

  app.get(
    '/api/offlineCertificateBatches/:id/export',
    {
      config: { cookieAuth: true },
      schema: { params: batchParams, response: { 200: fileAnswer('该批次证书编号（.xlsx）', mimeOf.xlsx) } },
    },
    async (req, reply) => {
      const b = await publishedBatch(db, req.company, req.params.id);
      const download = { name: `${b.name}-证书编号.xlsx`, type: mimeOf.xlsx, cache: 'no-store' };
      return sendFile(reply, download, (signal) => exportBatch(db, b, req.log, signal));
    },
  );
};
