import {
  bannerBody,
  bannerListQuery,
  bannerPage,
  bannerRow,
  bannerStatusBody,
  shownBanners,
  shownBannersQuery,
} from '@skill-cert/shared/banners';
import { envelope, fileAnswer, noData } from '@skill-cert/shared/envelope';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sendStored } from '../../lib/send-file.ts';
import { mimeOf } from '../files/file-type.ts';
import type { PlatformFileLink } from '../files/service.ts';
import {
  createBanner,
  deleteBanner,
  isBannerImage,
  listBanners,
  listShownBanners,
  setBannerStatus,
  shownBannerImage,
  updateBanner,
} from './service.ts';

const idParams = z.object({ id: z.string().uuid('轮播图不存在或已删除') });

/** The platform's writers read every platform banner's image (the list's thumbnails), shown or not. */
export const bannerPlatformFiles: PlatformFileLink = {
  permission: 'platform:banner:list',
  links: (db, fileId) => isBannerImage(db, null, fileId),
};

/** The platform's own banners (owner null). */
const PLATFORM = null;

/**
 * 轮播图: the platform writes its banners (`/api/banners`, by permission key); the login page and the learner app read
 * those shown now without signing in (`/api/banners/shown`, the images through `/api/banners/{id}/image`).
 */
export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.get(
    '/api/banners',
    {
      preHandler: platform('platform:banner:list'),
      schema: { querystring: bannerListQuery, response: { 200: envelope(bannerPage) } },
    },
    async (req) => ok(await listBanners(db, PLATFORM, req.query)),
  );

  app.post(
    '/api/banners',
    {
      preHandler: platform('platform:banner:add'),
      schema: { body: bannerBody, response: { 200: envelope(bannerRow) } },
    },
    async (req) => ok(await createBanner(db, PLATFORM, req.auth.userId, req.body), '保存成功'),
  );

  app.put(
    '/api/banners/:id',
    {
      preHandler: platform('platform:banner:edit'),
      schema: { params: idParams, body: bannerBody, response: { 200: envelope(bannerRow) } },
    },
    async (req) => ok(await updateBanner(db, PLATFORM, req.auth.userId, req.params.id, req.body), '保存成功'),
  );

  app.patch(
    '/api/banners/:id/status',
    {
      preHandler: platform('platform:banner:edit'),
      schema: { params: idParams, body: bannerStatusBody, response: { 200: envelope(bannerRow) } },
    },
    async (req) => {
      const row = await setBannerStatus(db, PLATFORM, req.params.id, req.body.status);
      return ok(row, row.status === 1 ? '已启用' : '已停用');
    },
  );

  app.delete(
    '/api/banners/:id',
    {
      preHandler: platform('platform:banner:delete'),
      schema: { params: idParams, response: { 200: noData } },
    },
    async (req) => {
      await deleteBanner(db, PLATFORM, req.params.id);
      return ok(null, '删除成功');
    },
  );

  // No sign-in: the login page shows them; rate-limited per address like the other public routes.
  app.get(
    '/api/banners/shown',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { querystring: shownBannersQuery, response: { 200: envelope(shownBanners) } },
    },
    async (req) => ok(await listShownBanners(db, PLATFORM, req.query.position)),
  );

  // Only the image of a banner shown now: no other file is readable without signing in.
  app.get(
    '/api/banners/:id/image',
    {
      config: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ id: z.string().uuid('图片不存在或已下线') }),
        response: { 200: fileAnswer('轮播图图片（JPG 或 PNG）', mimeOf.jpg, mimeOf.png) },
      },
    },
    async (req, reply) => {
      const file = await shownBannerImage(db, req.params.id);
      const download = {
        name: file.originName,
        type: file.mime,
        inline: true,
        size: file.size,
        cache: 'public, max-age=300',
      };
      return sendStored(reply, storage, download, file.sha256);
    },
  );
};
