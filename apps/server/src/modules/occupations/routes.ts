import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import { importResult } from '@skill-cert/shared/level-evaluations';
import {
  occupationBody,
  occupationCatalogue,
  occupationFilters,
  occupationListQuery,
  occupationPage,
  occupationRow,
  occupationStatusBody,
} from '@skill-cert/shared/occupations';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { sendFile } from '../../lib/send-file.ts';
import {
  catalogue,
  createOccupation,
  deleteOccupation,
  getOccupation,
  listOccupations,
  setOccupationStatus,
  updateOccupation,
} from './service.ts';
import { exportOccupations, importOccupations } from './sheet.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: z.string().uuid('职业不存在或已删除') });

/**
 * `GET /api/occupations`: the occupation catalogue (大类 → 职业 → 工种, with levels) for every portal's forms; any
 * signed-in user. `/api/platform/occupations…`: 职业目录, where the platform keeps it (by permission key).
 */
export const occupationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  // Read from the table at each request (a few dozen rows); a reload reads it again (the web app keeps it 5 minutes).
  app.get(
    '/api/occupations',
    { config: { access: SIGNED_IN }, schema: { response: { 200: envelope(occupationCatalogue) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return ok(await catalogue(db));
    },
  );

  app.get(
    '/api/platform/occupations',
    {
      preHandler: platform('platform:occupation:list'),
      schema: { querystring: occupationListQuery, response: { 200: envelope(occupationPage) } },
    },
    async (req) => ok(await listOccupations(db, req.query)),
  );

  // A plain link downloads it: the session cookie is accepted here as on the files routes.
  app.get(
    '/api/platform/occupations/export',
    {
      preHandler: platform('platform:occupation:export'),
      config: { cookieAuth: true },
      schema: {
        querystring: occupationFilters,
        response: { 200: fileAnswer('职业目录（可修改后导入）', XLSX) },
      },
    },
    async (req, reply) =>
      sendFile(
        reply,
        { name: '职业目录.xlsx', type: XLSX, cache: 'no-store' },
        await exportOccupations(app, req.query),
      ),
  );

  app.post(
    '/api/platform/occupations/import',
    {
      preHandler: platform('platform:occupation:import'),
      schema: { response: { 200: envelope(importResult) } },
    },
    async (req) => {
      const result = await importOccupations(app, req);
      return ok(
        result,
        result.error_file_url
          ? `导入失败：${result.failed} 行有错误，未导入任何职业，请下载错误报告修改后重新导入`
          : `已导入 ${result.imported} 个职业`,
      );
    },
  );

  app.get(
    '/api/platform/occupations/:id',
    {
      preHandler: platform('platform:occupation:list'),
      schema: { params: idParams, response: { 200: envelope(occupationRow) } },
    },
    async (req) => ok(await getOccupation(db, req.params.id)),
  );

  app.post(
    '/api/platform/occupations',
    {
      preHandler: platform('platform:occupation:add'),
      schema: { body: occupationBody, response: { 200: envelope(occupationRow) } },
    },
    async (req) => ok(await createOccupation(db, req.body), '保存成功'),
  );

  app.put(
    '/api/platform/occupations/:id',
    {
      preHandler: platform('platform:occupation:edit'),
      config: { audit: { before: (req) => getOccupation(db, (req.params as { id: string }).id) } },
      schema: { params: idParams, body: occupationBody, response: { 200: envelope(occupationRow) } },
    },
    async (req) => ok(await updateOccupation(db, req.params.id, req.body), '保存成功'),
  );

  app.patch(
    '/api/platform/occupations/:id/status',
    {
      preHandler: platform('platform:occupation:edit'),
      schema: { params: idParams, body: occupationStatusBody, response: { 200: envelope(occupationRow) } },
    },
    async (req) => {
      const row = await setOccupationStatus(db, req.params.id, req.body.status);
      return ok(row, row.status === 1 ? '已启用' : '已停用');
    },
  );

  app.delete(
    '/api/platform/occupations/:id',
    {
      preHandler: platform('platform:occupation:delete'),
      schema: { params: idParams, response: { 200: noData } },
    },
    async (req) => {
      await deleteOccupation(db, req.params.id);
      return ok(null, '删除成功');
    },
  );
};
