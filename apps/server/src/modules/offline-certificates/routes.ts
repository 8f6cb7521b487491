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
} from '@skill-cert/shared/offlineCertificate';
import { pageMeta } from '@skill-cert/shared/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { ownBlanksOf } from '../certificates/national-template.ts';
import { CERTIFICATE_NOT_FOUND } from '../certificates/reissue.ts';
import { registerLibraryRendering } from '../certificates/rendering.ts';
import { chosenTemplate } from '../certificates/template-choice.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { mimeOf } from '../files/fileType.ts';
import { attachment } from '../level-evaluations/candidate-routes.ts';
import { approvedFilingGate } from '../level-evaluations/gate.ts';
import {
  batchDetail,
  batchOptions,
  createBatch,
  deleteBatch,
  listBatches,
  type OfflineCaller,
  patchBatch,
} from './batches.ts';
import { seedOfflineDemo } from './demo.ts';
import { deleteDraft, listDrafts, patchDraft } from './drafts.ts';
import {
  batchZip,
  exportBatch,
  listBatchCertificates,
  publishBatch,
  publishedBatch,
  regenerateCertificate,
} from './publish.ts';
import { registerReadJob } from './read-job.ts';
import { sheetTemplate } from './rules.ts';

const batchParams = z.object({ id: z.string().uuid(OFFLINE_BATCH_NOT_FOUND) });
const draftParams = batchParams.extend({ draftId: z.string().uuid(OFFLINE_DRAFT_NOT_FOUND) });
const certificateParams = batchParams.extend({ certificateId: z.string().uuid(CERTIFICATE_NOT_FOUND) });

/** A download that stops its producer when the client goes away. */
function goneSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * Offline certificates (证书生成, issue 22 points 1–5): the routes listed in `packages/shared/src/offlineCertificate.ts`,
 * behind the enterprise door's member side (app.ts) and the approved-filing gate (code 61). Members read, upload and
 * fix drafts; administrators publish, delete and regenerate.
 */
export const offlineCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  approvedFilingGate(app);
  await registerLibraryRendering(app);
  await registerReadJob(app);
  seedOfflineDemo(app);
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
      return reply
        .header('content-type', mimeOf.xlsx)
        .header('content-disposition', attachment(`证书信息表模板-${template.template_name}.xlsx`))
        .send(await app.sheets.writeTable(sheetTemplate(ownBlanksOf(template))));
    },
  );

  app.get(
    '/api/offlineCertificateBatches',
    { schema: { querystring: offlineBatchListQuery, response: { 200: envelope(offlineBatchPage) } } },
    async (req) => {
      const { list, total } = await listBatches(db, req.company, req.query);
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
      ok(await patchDraft(db, caller(req), req.params.id, req.params.draftId, req.body), '保存成功'),
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
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${b.name}-证书.zip`))
        .header('cache-control', 'no-store')
        .send(await batchZip(app, b.id, goneSignal(reply)));
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
      const body = await exportBatch(db, b, req.log, goneSignal(reply));
      return reply
        .header('content-type', mimeOf.xlsx)
        .header('content-disposition', attachment(`${b.name}-证书编号.xlsx`))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
