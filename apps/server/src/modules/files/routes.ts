import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { uploadedFile } from '@skill-cert/shared/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { findUserById } from '../users/service.ts';
import { IMAGE_KINDS, mimeOf } from './fileType.ts';
import { readableFile } from './service.ts';
import { ALL_KINDS, receiveUpload, refusals } from './upload.ts';
import { spendUploadToken } from './uploadTokens.ts';

/** Uploads (spec §7 `POST /api/files/upload`) and reading them back. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  app.post(
    '/api/files/upload',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: { 200: envelope(uploadedFile) },
        querystring: z.object({
          type: z.enum(['image', 'any'], { error: '文件类别只能是 image 或 any' }).default('any'),
        }),
      },
    },
    async (req) => {
      const kinds = req.query.type === 'image' ? IMAGE_KINDS : ALL_KINDS;
      const uploaded = await receiveUpload(req, db, storage, req.auth.user, kinds, refusals[req.query.type]);
      return ok(uploaded, '上传成功');
    },
  );

  // The signed, single-use URL of `GET /api/companies/stsToken`: the token in the path is the permission.
  app.post(
    '/api/files/upload/signed/:token',
    {
      config: { public: true },
      schema: {
        response: { 200: envelope(uploadedFile) },
        params: z.object({ token: z.string().min(20, '上传链接无效').max(100, '上传链接无效') }),
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
      const userId = await spendUploadToken(db, req.params.token);
      const owner = userId ? await findUserById(db, userId) : undefined;
      if (!owner) throw forbidden('上传链接无效、已过期或已使用，请重新获取');
      const uploaded = await receiveUpload(req, db, storage, owner, ALL_KINDS, refusals.any);
      return ok(uploaded, '上传成功');
    },
  );

  // <img src> and links cannot send a header: this GET also takes the session cookie (see modules/auth/guard.ts).
  app.get(
    '/api/files/:id',
    {
      config: { cookieAuth: true, access: SIGNED_IN },
      schema: {
        response: { 200: fileAnswer('文件内容，类型为上传时识别的类型', ...new Set(Object.values(mimeOf))) },
        params: z.object({ id: z.string().uuid('文件不存在或已删除') }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (req, reply) => {
      const file = await readableFile(db, req.params.id, req.auth.user);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      return (
        reply
          .header('content-type', file.mime)
          // The type is the one its content was checked as: a browser must not guess another from a polyglot's tail.
          .header('x-content-type-options', 'nosniff')
          .header('content-length', String(file.size))
          .header('cache-control', 'private, max-age=86400')
          .header(
            'content-disposition',
            `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originName)}`,
          )
          .send(storage.open(file.sha256))
      );
    },
  );
};
