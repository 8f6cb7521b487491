import { finished, type Readable, Transform } from 'node:stream';
import type { UploadedFile } from '@skill-cert/shared/files';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import type { UserRow } from '../users/service.ts';
import {
  ARCHIVE_UPLOAD_MAX_BYTES,
  detectFileKind,
  type FileKind,
  IMAGE_KINDS,
  KIND_HEAD_BYTES,
  uploadLimitOf,
} from './file-type.ts';
import { storeUpload } from './service.ts';

export const ALL_KINDS: readonly FileKind[] = [
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

export const refusals = {
  image: '请上传 JPG/PNG/JPEG 格式图片!',
  any: '不支持的文件类型，请上传图片、PDF、Word、Excel 或 ZIP 文件',
};

/**
 * The one file of a multipart request, checked and stored by the upload rules (its kind from its content, the
 * size limit of that kind, one file only): what `POST /api/files/upload` does, for a route that takes its file
 * itself (an import). 400 with `refusal` when its content is none of `kinds`.
 */
export async function receiveUpload(
  req: FastifyRequest,
  db: DbOrTx,
  storage: Storage,
  owner: UserRow,
  kinds: readonly FileKind[],
  refusal: string,
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  const { part, rest } = await onlyFile(req);
  return storeUpload(
    db,
    storage,
    { stream: limitedByKind(part.file, part.filename), filename: part.filename, owner, rest },
    kinds,
    refusal,
  );
}

/** What a client is told when it registers a direct upload that never reached the store. */
export const NOTHING_UPLOADED = '没有收到上传的文件，请重新上传';

/**
 * A file a browser uploaded straight to the store (a direct upload), checked and stored by the same rules as a
 * multipart upload: its kind from its content (`image`: JPG/PNG only), the size limit of that kind. 400 when
 * nothing was uploaded.
 */
export async function receiveStoredUpload(
  db: DbOrTx,
  storage: Storage,
  source: Readable,
  filename: string,
  owner: UserRow,
  type: 'image' | 'any' = 'any',
): Promise<UploadedFile> {
  let missing = false;
  source.once('error', (err: { code?: string }) => {
    if (err.code === 'ENOENT') missing = true;
  });
  try {
    return await storeUpload(
      db,
      storage,
      { stream: limitedByKind(source, filename), filename, owner },
      type === 'image' ? IMAGE_KINDS : ALL_KINDS,
      refusals[type],
    );
  } catch (err) {
    if (missing) throw badRequest(NOTHING_UPLOADED);
    throw err;
  }
}
