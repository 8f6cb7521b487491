import { registerUploadBody } from '@skill-cert/shared/companies';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { uploadedFile } from '@skill-cert/shared/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { sendStored } from '../../lib/send-file.ts';
import { findUserById } from '../users/service.ts';
import { IMAGE_KINDS, mimeOf } from './file-type.ts';
import { readableFile } from './service.ts';
import { ALL_KINDS, receiveStoredUpload, receiveUpload, refusals } from './upload.ts';
import { directUploadName, spendUploadToken } from './upload-tokens.ts';

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
      const spent = await spendUploadToken(db, req.params.token);
      const owner = spent ? await findUserById(db, spent.userId) : undefined;
      if (!owner) throw forbidden('上传链接无效、已过期或已使用，请重新获取');
      const uploaded = await receiveUpload(req, db, storage, owner, ALL_KINDS, refusals.any);
      return ok(uploaded, '上传成功');
    },
  );

  // With object storage the browser uploads to the bucket (the stsToken's presigned POST), then registers the object
  // here: the token is the permission, spent once; the object is checked by content, stored, and removed.
  app.post(
    '/api/files/upload/direct/:token',
    {
      config: { public: true },
      schema: {
        response: { 200: envelope(uploadedFile) },
        params: z.object({ token: z.string().min(20, '上传链接无效').max(100, '上传链接无效') }),
        // The image fields of the app register as `image`: JPG/PNG only, as `POST /api/files/upload?type=image`.
        querystring: z.object({
          type: z.enum(['image', 'any'], { error: '文件类别只能是 image 或 any' }).default('any'),
        }),
        body: registerUploadBody,
      },
    },
    async (req) => {
      const direct = storage.directUpload;
      if (!direct) throw badRequest('当前文件存储不支持直传，请直接上传文件');
      const spent = await spendUploadToken(db, req.params.token);
      const owner = spent ? await findUserById(db, spent.userId) : undefined;
      if (!spent || !owner) throw forbidden('上传链接无效、已过期或已使用，请重新获取');
      const name = directUploadName(spent.companyId, spent.userId, req.params.token);
      try {
        return ok(
          await receiveStoredUpload(db, storage, direct.open(name), req.body.name, owner, req.query.type),
          '上传成功',
        );
      } finally {
        await direct.remove(name).catch((err) => req.log.warn({ err, name }, '删除直传的临时对象失败'));
      }
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
      // The type is the one its content was checked as; every answer carries nosniff (security-headers.ts), so a
      // browser does not guess another from a polyglot's tail.
      const download = {
        name: file.originName,
        type: file.mime,
        inline: req.query.download !== '1',
        size: file.size,
        cache: 'private, max-age=86400',
      };
      return sendStored(reply, storage, download, file.sha256);
    },
  );
};
