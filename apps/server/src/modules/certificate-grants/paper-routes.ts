import {
  paperAnalysis,
  paperMissingPage,
  paperMissingQuery,
  paperScanBody,
  paperScanResult,
} from '@skill-cert/shared/certificate-grants';
import { envelope } from '@skill-cert/shared/envelope';
import { pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { receiveUpload } from '../files/service.ts';
import { findGrant, GRANT_NOT_FOUND } from './grants.ts';
import {
  assertTakesScans,
  createPaperScan,
  paperAnalysisOf,
  paperMissingOf,
  SCAN_KINDS,
  SCAN_REFUSAL,
} from './paper-scans.ts';

const grantParams = z.object({ id: z.string().uuid(GRANT_NOT_FOUND) });

/**
 * `POST /api/certificateGrants/{id}/paperScans`, `GET .../{id}/paperAnalysis`: uploads of scans of printed
 * certificates, read by the paper job (`startPaperReading`, started in app.ts), and the certificates not matched
 * yet (`GET .../{id}/paperAnalysis/missing`).
 */
export const paperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  // JSON: files uploaded already (the upload control); multipart/form-data: one file sent here itself.
  app.post(
    '/api/certificateGrants/:id/paperScans',
    {
      schema: {
        params: grantParams,
        body: paperScanBody.nullish(),
        response: { 200: envelope(paperScanResult) },
      },
    },
    async (req) => {
      const grant = await findGrant(db, req.company, req.params.id);
      // Refused before a file sent with the request is received.
      assertTakesScans(grant);
      const caller = { user: req.auth.user, company: req.company };
      const fileIds = req.isMultipart()
        ? [(await receiveUpload(req, db, storage, req.auth.user, SCAN_KINDS, SCAN_REFUSAL)).file_id]
        : (req.body?.file_ids ?? []);
      const result = await createPaperScan(app, caller, grant, fileIds);
      return ok(result, `已上传 ${result.file_count} 个扫描件，正在后台识别`);
    },
  );

  app.get(
    '/api/certificateGrants/:id/paperAnalysis',
    { schema: { params: grantParams, response: { 200: envelope(paperAnalysis) } } },
    async (req) => ok(await paperAnalysisOf(db, req.company, req.params.id)),
  );

  app.get(
    '/api/certificateGrants/:id/paperAnalysis/missing',
    {
      schema: {
        params: grantParams,
        querystring: pageQuery.merge(paperMissingQuery),
        response: { 200: envelope(paperMissingPage) },
      },
    },
    async (req) => ok(await paperMissingOf(db, req.company, req.params.id, req.query)),
  );
};
