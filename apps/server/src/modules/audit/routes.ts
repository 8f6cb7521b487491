import {
  auditLogDetail,
  auditLogFilters,
  auditLogListQuery,
  auditLogPage,
} from '@skill-cert/shared/audit-log';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/send-file.ts';
import { exportAuditLogs, getAuditLog, listAuditLogs } from './service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: z.string().uuid('审计日志不存在') });

/** 审计日志 of the platform: read and export only; no route changes or deletes a row. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const P = RoleType.PLATFORM;

  app.get(
    '/api/auditLogs',
    {
      preHandler: app.requirePermission(P, 'platform:audit-log:list'),
      schema: { querystring: auditLogListQuery, response: { 200: envelope(auditLogPage) } },
    },
    async (req) => ok(await listAuditLogs(db, req.query)),
  );

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/auditLogs/export',
    {
      preHandler: app.requirePermission(P, 'platform:audit-log:export'),
      config: { cookieAuth: true },
      schema: { querystring: auditLogFilters, response: { 200: fileAnswer('审计日志查询结果', XLSX) } },
    },
    async (req, reply) =>
      sendFile(reply, { name: '审计日志.xlsx', type: XLSX, cache: 'no-store' }, (signal) =>
        exportAuditLogs(db, req.query, req.log, signal),
      ),
  );

  app.get(
    '/api/auditLogs/:id',
    {
      preHandler: app.requirePermission(P, 'platform:audit-log:list'),
      schema: { params: idParams, response: { 200: envelope(auditLogDetail) } },
    },
    async (req) => ok(await getAuditLog(db, req.params.id)),
  );
};
