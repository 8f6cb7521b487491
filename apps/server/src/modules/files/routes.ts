import { finished, type Readable, Transform } from 'node:stream';
import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import { uploadedFile } from '@skill-cert/shared/files';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { findUserById } from '../users/service.ts';
import {
  ARCHIVE_UPLOAD_MAX_BYTES,
  detectFileKind,
  type FileKind,
  IMAGE_KINDS,
  KIND_HEAD_BYTES,
  mimeOf,
  uploadLimitOf,
} from './fileType.ts';
import { readableFile, storeUpload } from './service.ts';
import { spendUploadToken } from './uploadTokens.ts';

const ALL_KINDS: readonly FileKind[] = [
  'jpg',
  'png',
  'gif',
  'pdf',
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
];
/** The parser stops a file at the largest limit of all; each kind is held to its own here. */
const MULTIPART_FILE = {
  limits: { fileSize: ARCHIVE_UPLOAD_MAX_BYTES, files: 1 },
  throwFileSizeLimit: false,
};

/**
 * The uploaded file's stream, failing with 413 once it passes the limit of its kind (uploadLimitOf, judged from
 * its first bytes as storeUpload judges them): the content still flows to disk as it arrives, never held whole.
 */
function limitedByKind(file: Readable & { truncated?: boolean }, filename: string): Readable {
  const head: Buffer[] = [];
  let seen = 0;
  let limit: ReturnType<typeof uploadLimitOf> | null = null;
  const judge = () => {
    limit ??= uploadLimitOf(detectFileKind(Buffer.concat(head), filename));
    head.length = 0;
    return limit;
  };
  const sized = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (!limit) {
        head.push(chunk);
        if (seen >= KIND_HEAD_BYTES) judge();
      }
      if (limit && seen > limit.bytes) return callback(new AppError(413, limit.message));
      callback(null, chunk);
    },
    flush(callback) {
      const { bytes, message } = judge();
      // Cut by the parser at the largest limit: too big for any kind.
      if (seen > bytes || file.truncated) return callback(new AppError(413, message));
      callback();
    },
  });
  // Cut off before its end (the client went away, a body shorter than its closing boundary): the parser destroys
  // the part or fails it with "Part terminated early". The upload is refused, never a 500.
  finished(file, (err) => {
    if (err) sized.destroy(badRequest(INCOMPLETE_UPLOAD));
  });
  // Refused part-way: the rest of the request is read and dropped, so the answer reaches the client.
  sized.on('error', () => {
    file.unpipe(sized);
    file.resume();
  });
  return file.pipe(sized);
}

/** What a client is told when the request ends before the file does. */
export const INCOMPLETE_UPLOAD = '上传的文件不完整，请重新上传';
export const ONE_FILE_ONLY = '一次只能上传一个文件';

/**
 * The one file of an upload request: its part, and `rest`, which reads what follows the file and rejects with 400
 * when that is a second file (the parser's files limit keeps the first and would drop the others silently). Call
 * `rest` after the file's content is read and before it is recorded.
 */
async function onlyFile(req: FastifyRequest) {
  const parts = req.files(MULTIPART_FILE);
  const first = await parts.next();
  if (first.done) throw badRequest('请选择要上传的文件');
  const rest = async () => {
    const next = await parts.next().catch((err: { code?: string }) => {
      if (err.code === 'FST_FILES_LIMIT') return { done: false };
      throw err;
    });
    if (!next.done) throw badRequest(ONE_FILE_ONLY);
  };
  return { part: first.value, rest };
}

const refusals = {
  image: '请上传 JPG/PNG/JPEG 格式图片!',
  any: '不支持的文件类型，请上传图片、PDF、Word、Excel 或 ZIP 文件',
};

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
      if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
      const { part, rest } = await onlyFile(req);
      const kinds = req.query.type === 'image' ? IMAGE_KINDS : ALL_KINDS;
      const uploaded = await storeUpload(
        db,
        storage,
        {
          stream: limitedByKind(part.file, part.filename),
          filename: part.filename,
          owner: req.auth.user,
          rest,
        },
        kinds,
        refusals[req.query.type],
      );
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
      const { part, rest } = await onlyFile(req);
      const uploaded = await storeUpload(
        db,
        storage,
        { stream: limitedByKind(part.file, part.filename), filename: part.filename, owner, rest },
        ALL_KINDS,
        refusals.any,
      );
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
