import {
  archiveDetail as archiveDetailSchema,
  archiveDocument,
  archiveItemBody,
  archiveListQuery,
  archivePage,
  archiveRetentionBody,
} from '@skill-cert/shared/archives';
import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planZipName } from '../../lib/download-names.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { CompanyListCache } from '../../lib/list-cache.ts';
import { sendFile, sendStored, sendZip } from '../../lib/send-file.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { findFiles } from '../files/service.ts';
import { approvedFilingGate } from '../records/gate.ts';
import {
  ARCHIVE_LIST_TABLES,
  ARCHIVE_NOT_FOUND,
  addItem,
  archiveDetail,
  archiveDocuments,
  findArchive,
  ITEM_NOT_FOUND,
  listArchives,
  removeItem,
  sealArchive,
  setRetention,
} from './archives.ts';
import { archiveZip } from './download.ts';
import type { ArchiveContext } from './sources.ts';

const archiveParams = z.object({ id: z.string().uuid(ARCHIVE_NOT_FOUND) });
const itemParams = archiveParams.extend({ itemId: z.string().uuid(ITEM_NOT_FOUND) });
const documentParams = archiveParams.extend({
  key: z.string().min(1, '文件不存在或已删除').max(64, '文件不存在或已删除'),
});
const DOCUMENT_NOT_FOUND = '文件不存在或已删除';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Archives (档案管理), behind the enterprise door's member side (app.ts) and the approved-filing
 * gate (code 61). The routes are listed in `@skill-cert/shared/archives`. Members read and upload; administrators
 * delete material, seal and edit retention.
 */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  approvedFilingGate(app);
  const { db } = app;
  const pages = new CompanyListCache(app.database.writes);
  const tables = [...ARCHIVE_LIST_TABLES, ...app.archiveSources.stateTables];
  const context = async (req: FastifyRequest, id: string): Promise<ArchiveContext> => ({
    app,
    archive: await findArchive(db, req.company, id),
    own: req.company,
    user: req.auth.user,
  });
  const detail = async (req: FastifyRequest, id: string) => archiveDetail(await context(req, id));

  app.get(
    '/api/archives',
    { schema: { querystring: pageQuery.merge(archiveListQuery), response: { 200: envelope(archivePage) } } },
    async (req) => {
      const { list, total } = await pages.get(req.company.id, JSON.stringify(req.query), tables, async () => {
        const found = await listArchives(db, app.archiveSources, req.company, req.query);
        return { value: found, until: found.until };
      });
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.get(
    '/api/archives/:id',
    { schema: { params: archiveParams, response: { 200: envelope(archiveDetailSchema) } } },
    async (req) => ok(await detail(req, req.params.id)),
  );

  app.patch(
    '/api/archives/:id',
    {
      preHandler: companyAdminOnly,
      schema: {
        params: archiveParams,
        body: archiveRetentionBody,
        response: { 200: envelope(archiveDetailSchema) },
      },
    },
    async (req) => {
      await setRetention(db, req.company, req.auth.user, req.params.id, req.body);
      return ok(await detail(req, req.params.id), '已保存保管期限');
    },
  );

  app.post(
    '/api/archives/:id/items',
    {
      schema: { params: archiveParams, body: archiveItemBody, response: { 200: envelope(archiveDocument) } },
    },
    async (req) => ok(await addItem(db, req.company, req.auth.user, req.params.id, req.body), '已上传'),
  );

  app.delete(
    '/api/archives/:id/items/:itemId',
    { preHandler: companyAdminOnly, schema: { params: itemParams, response: { 200: noData } } },
    async (req) => {
      await removeItem(db, req.company, req.auth.user, req.params.id, req.params.itemId);
      return ok(null, '已删除');
    },
  );

  app.post(
    '/api/archives/:id/seal',
    {
      preHandler: companyAdminOnly,
      schema: { params: archiveParams, response: { 200: envelope(archiveDetailSchema) } },
    },
    async (req) => {
      await sealArchive(await context(req, req.params.id));
      return ok(await detail(req, req.params.id), '已归档');
    },
  );

  // The preview's <iframe> and the download link cannot send a header: these GETs also take the session cookie.
  app.get(
    '/api/archives/:id/documents/:key',
    {
      config: { cookieAuth: true },
      schema: {
        params: documentParams,
        querystring: z.object({ download: z.string().optional() }),
        response: {
          200: fileAnswer(
            '档案中的一份文件（生成的 .xlsx、PDF，或上传的材料）',
            XLSX_MIME,
            'application/pdf',
            'application/octet-stream',
          ),
        },
      },
    },
    async (req, reply) => {
      const ctx = await context(req, req.params.id);
      const inline = !req.query.download || req.query.download === '0';
      const doc = (await archiveDocuments(ctx)).find((d) => d.key === req.params.key);
      if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
      const download = { name: doc.name, inline, cache: 'private, no-store' };
      if (doc.kind === 'uploaded') {
        const [file] = doc.file_id ? await findFiles(db, [doc.file_id]) : [];
        if (!file) throw notFound(DOCUMENT_NOT_FOUND);
        const stored = { ...download, type: file.mime, size: file.size };
        return sendStored(reply, app.storage, stored, file.sha256);
      }
      const type = doc.format === 'pdf' ? 'application/pdf' : XLSX_MIME;
      return sendFile(reply, { ...download, type }, async (signal) => {
        const body = await app.archiveSources.of(ctx.archive.kind).produce(ctx, doc.key, signal);
        if (!body) throw notFound(DOCUMENT_NOT_FOUND);
        return body;
      });
    },
  );

  app.get(
    '/api/archives/:id/download',
    {
      config: { cookieAuth: true },
      schema: {
        params: archiveParams,
        response: { 200: fileAnswer('整个档案的压缩包（每卷一个文件夹和目录.xlsx）', 'application/zip') },
      },
    },
    async (req, reply) => {
      const ctx = await context(req, req.params.id);
      const name = planZipName({ planNo: ctx.archive.number, name: ctx.archive.name }, '档案');
      return sendZip(reply, name, (signal) => archiveZip(ctx, signal));
    },
  );
};
