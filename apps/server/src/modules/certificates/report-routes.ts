import {
  reportListQuery,
  reportPage,
  reportPending,
  reportRow,
  reportScope,
} from '@skill-cert/shared/certificate-reports';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { pageMeta } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/send-file.ts';
import {
  createReport,
  exportReport,
  getReport,
  listReports,
  pendingReport,
  REPORT_NOT_FOUND,
  reportFileName,
} from './reports.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: z.string().uuid(REPORT_NOT_FOUND) });

/** 数据上报 of the platform (decision 42): what is waiting, the reports made, a new one, and each one's .xlsx. */
export const certificateReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.get(
    '/api/certificateReports',
    {
      preHandler: platform('platform:report:list'),
      schema: { querystring: reportListQuery, response: { 200: envelope(reportPage) } },
    },
    async (req) => {
      const { list, total } = await listReports(db, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.get(
    '/api/certificateReports/pending',
    {
      preHandler: platform('platform:report:list'),
      schema: { querystring: reportScope, response: { 200: envelope(reportPending) } },
    },
    async (req) => ok(await pendingReport(db, req.query)),
  );

  app.post(
    '/api/certificateReports',
    {
      preHandler: platform('platform:report:create'),
      schema: { body: reportScope, response: { 200: envelope(reportRow) } },
    },
    async (req) => {
      const report = await createReport(db, req.body, req.auth.user);
      return ok(report, `已生成上报批次，共 ${report.total} 条`);
    },
  );

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/certificateReports/:id/export',
    {
      preHandler: platform('platform:report:list'),
      config: { cookieAuth: true },
      schema: { params: idParams, response: { 200: fileAnswer('证书数据上报', XLSX) } },
    },
    async (req, reply) => {
      const report = await getReport(db, req.params.id);
      return sendFile(reply, { name: reportFileName(report), type: XLSX, cache: 'no-store' }, (signal) =>
        exportReport(db, report._id, req.log, signal),
      );
    },
  );
};
