import { envelope, noData } from '@skill-cert/shared/envelope';
import {
  newsBody,
  newsDetail as newsDetailSchema,
  newsListQuery,
  newsPage,
  newsRow,
  publishedNews,
  publishedNewsPage,
  publishedNewsQuery,
} from '@skill-cert/shared/news';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import type { PlatformFileLink, ReaderFileLink } from '../files/service.ts';
import {
  createNews,
  deleteNews,
  isAnyNewsFile,
  listNews,
  listPublished,
  newsDetail,
  newsFileShownIn,
  publishNews,
  readPublished,
  takeNewsOffline,
  updateNews,
} from './service.ts';

const idParams = z.object({ id: z.string().uuid('新闻不存在或已删除') });

/** Readers of a published article read its cover and attachments (files module). */
export const newsReaderFiles: ReaderFileLink = {
  links: (db, fileId, user) => newsFileShownIn(db, fileId, user.activeRoleTypeId ?? null),
};
/** The platform's writers read every article's files, drafts included. */
export const newsPlatformFiles: PlatformFileLink = {
  permission: 'platform:news:list',
  links: isAnyNewsFile,
};

/** 新闻公告: the platform writes (`/api/news`, by permission key); every signed-in user reads (`/api/news/published`). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.get(
    '/api/news',
    {
      preHandler: platform('platform:news:list'),
      schema: { querystring: newsListQuery, response: { 200: envelope(newsPage) } },
    },
    async (req) => ok(await listNews(db, req.query)),
  );

  app.get(
    '/api/news/:id',
    {
      preHandler: platform('platform:news:list'),
      schema: { params: idParams, response: { 200: envelope(newsDetailSchema) } },
    },
    async (req) => ok(await newsDetail(db, req.params.id)),
  );

  app.post(
    '/api/news',
    {
      preHandler: platform('platform:news:add'),
      schema: { body: newsBody, response: { 200: envelope(newsDetailSchema) } },
    },
    async (req) => {
      const saved = await createNews(app, req.auth.userId, req.body);
      return ok(saved, saved.publish_at_str ? `已保存，将于 ${saved.publish_at_str} 发布` : '已保存为草稿');
    },
  );

  app.put(
    '/api/news/:id',
    {
      preHandler: platform('platform:news:edit'),
      schema: { params: idParams, body: newsBody, response: { 200: envelope(newsDetailSchema) } },
    },
    async (req) => ok(await updateNews(app, req.params.id, req.body), '保存成功'),
  );

  app.post(
    '/api/news/:id/publish',
    {
      preHandler: platform('platform:news:publish'),
      schema: { params: idParams, response: { 200: envelope(newsRow) } },
    },
    async (req) => ok(await publishNews(app, req.params.id), '发布成功'),
  );

  app.post(
    '/api/news/:id/offline',
    {
      preHandler: platform('platform:news:publish'),
      schema: { params: idParams, response: { 200: envelope(newsRow) } },
    },
    async (req) => ok(await takeNewsOffline(db, req.params.id), '已下线'),
  );

  app.delete(
    '/api/news/:id',
    {
      preHandler: platform('platform:news:delete'),
      schema: { params: idParams, response: { 200: noData } },
    },
    async (req) => {
      await deleteNews(db, req.params.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/news/published',
    {
      config: { access: SIGNED_IN },
      schema: { querystring: publishedNewsQuery, response: { 200: envelope(publishedNewsPage) } },
    },
    async (req) => ok(await listPublished(db, req.auth.user.activeRoleTypeId, req.query)),
  );

  app.get(
    '/api/news/published/:id',
    {
      config: { access: SIGNED_IN },
      schema: { params: idParams, response: { 200: envelope(publishedNews) } },
    },
    async (req) =>
      ok(await readPublished(db, req.auth.user.activeRoleTypeId, req.auth.userId, req.params.id)),
  );
};
