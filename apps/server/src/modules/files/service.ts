import { Readable } from 'node:stream';
import { RoleType } from '@skill-cert/shared/roles';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import type { UserRow } from '../users/service.ts';
import { detectFileKind, type FileKind, mimeOf } from './fileType.ts';
import { files } from './tables.ts';

export type FileRow = typeof files.$inferSelect;

export interface UploadedFile {
  file_id: string;
  webPath: string;
  originName: string;
  size: number;
  mime: string;
}

const HEAD_BYTES = 4096;

export const webPathOf = (id: string) => `/api/files/${id}`;

/**
 * Stores an upload after checking its content: the first bytes must be one of `allowed`, whatever its name
 * says. Nothing is recorded when the check or the transfer fails.
 */
export async function storeUpload(
  db: DbOrTx,
  storage: Storage,
  upload: { stream: Readable; filename: string; owner: UserRow },
  allowed: readonly FileKind[],
  refusal: string,
): Promise<UploadedFile> {
  const iterator = upload.stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let headSize = 0;
  let done = false;
  while (headSize < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    headSize += next.value.length;
  }
  const head = Buffer.concat(chunks);
  if (head.length === 0) throw badRequest('上传的文件是空的');
  const kind = detectFileKind(head, upload.filename);
  if (!kind || !allowed.includes(kind)) {
    upload.stream.resume();
    throw badRequest(refusal);
  }
  const body = Readable.from(
    (async function* () {
      yield head;
      if (!done)
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      // Over the size limit the parser stops the stream early and marks it: fail, so nothing is kept.
      if ((upload.stream as Readable & { truncated?: boolean }).truncated)
        throw new AppError(413, '上传的文件大小不能超过 50M!');
    })(),
  );
  const { sha256, size } = await storage.put(body);
  const [row] = await db
    .insert(files)
    .values({
      ownerId: upload.owner.id,
      companyId: upload.owner.companyId,
      sha256,
      size,
      kind,
      mime: mimeOf[kind],
      originName: upload.filename.slice(0, 255) || `file.${kind}`,
    })
    .returning();
  return { file_id: row.id, webPath: webPathOf(row.id), originName: row.originName, size, mime: row.mime };
}

/** A file the user may read: their own, their company's, or any file for the platform (reviewers). */
export async function readableFile(db: DbOrTx, id: string, user: UserRow): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound('文件不存在或已删除');
  const allowed =
    row.ownerId === user.id ||
    (row.companyId !== null && row.companyId === user.companyId) ||
    user.activeRoleTypeId === RoleType.PLATFORM;
  if (!allowed) throw forbidden('没有权限查看该文件');
  return row;
}
