import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadedFile } from '@skill-cert/shared/files';
import { hasPermission } from '@skill-cert/shared/permission';
import { RoleType } from '@skill-cert/shared/roles';
import { and, type Column, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import { contentPath, writeContent } from '../../lib/content-store.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { permissionKeysOf } from '../access/service.ts';
import type { UserRow } from '../users/service.ts';
import { detectFileKind, type FileKind, mimeOf } from './file-type.ts';
import { files } from './tables.ts';

export type FileRow = typeof files.$inferSelect;

const HEAD_BYTES = 4096;

export const webPathOf = (id: string) => `/api/files/${id}`;

/**
 * Stores an upload after checking its content: the first bytes must be one of `allowed`, whatever its name
 * says. Nothing is recorded when the check or the transfer fails.
 */
export async function storeUpload(
  db: DbOrTx,
  storage: Storage,
  upload: {
    stream: Readable;
    filename: string;
    owner: UserRow;
    /** Awaited once the content is stored, before it is recorded: rejects when the request must be refused after all. */
    rest?: () => Promise<void>;
  },
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
  await upload.rest?.();
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

/**
 * How a platform user comes to read a tenant's file: a module that shows files of its records to the platform
 * registers, for the permission that shows them, which files those are (`links`: is this file one of them).
 */
export interface PlatformFileLink {
  permission: string;
  links(db: DbOrTx, fileId: string): Promise<boolean>;
}

const platformLinks: PlatformFileLink[] = [];

/** The files platform permissions open (app.ts, at start, for each module that shows files to the platform). */
export function registerPlatformFileLinks(links: PlatformFileLink[]): void {
  for (const link of links) if (!platformLinks.includes(link)) platformLinks.push(link);
}

/**
 * Files shown to every reader of something published (a news article's cover and attachments): a module registers
 * whether this user may read this file.
 */
export interface ReaderFileLink {
  links(db: DbOrTx, fileId: string, user: UserRow): Promise<boolean>;
}

const readerLinks: ReaderFileLink[] = [];

/** The files published content shows to its readers (app.ts, at start). */
export function registerReaderFileLinks(links: ReaderFileLink[]): void {
  for (const link of links) if (!readerLinks.includes(link)) readerLinks.push(link);
}

const UNREADABLE = '文件不存在或已删除';

/**
 * A file the user may read: their own, their company's, or, for a platform user, one a granted permission needs
 * (filing review reads the filing's files: `platformReadsFiles`), or one published content shows its readers
 * (`registerReaderFileLinks`). An unknown and a forbidden file answer the
 * same 404, so an id tells nothing about files one may not read.
 */
export async function readableFile(db: DbOrTx, id: string, user: UserRow): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound(UNREADABLE);
  if (row.ownerId === user.id || (row.companyId !== null && row.companyId === user.companyId)) return row;
  if (user.activeRoleTypeId === RoleType.PLATFORM && (await platformMayRead(db, id, user))) return row;
  for (const link of readerLinks) if (await link.links(db, id, user)) return row;
  throw notFound(UNREADABLE);
}

async function platformMayRead(db: DbOrTx, fileId: string, user: UserRow): Promise<boolean> {
  const keys = await permissionKeysOf(db, user.id, RoleType.PLATFORM);
  for (const link of platformLinks) {
    if (hasPermission(keys, link.permission) && (await link.links(db, fileId))) return true;
  }
  return false;
}

/**
 * Makes a file the company's, so every member (and a later administrator) may read it: a file the user uploaded
 * before belonging to a company (the business licence on /join), or one already the company's. Anything else
 * (another user's or another company's file) is refused with `refusal`. Returns nothing; throws 400.
 */
export async function assignToCompany(
  db: DbOrTx,
  fileId: string,
  ownerId: string,
  companyId: string,
  refusal: string,
): Promise<void> {
  const rows = await db
    .update(files)
    .set({ companyId })
    .where(
      and(
        eq(files.id, fileId),
        or(eq(files.companyId, companyId), and(eq(files.ownerId, ownerId), isNull(files.companyId))),
      ),
    )
    .returning({ id: files.id });
  if (rows.length === 0) throw badRequest(refusal);
}

/** A new file row for content already in storage (see `recordFiles`). */
export interface NewFileRecord {
  id?: string;
  ownerId: string | null;
  companyId: string | null;
  sha256: string;
  size: number;
  kind: FileKind;
  originName: string;
}

/** Local storage's own path of a content, when the storage is on this disk. */
function localPathFn(storage: Storage): ((sha256: string) => string) | null {
  const root = storage.localRoot;
  return root ? (sha) => contentPath(root, sha) : null;
}

/**
 * Puts bytes the server holds into storage (no file row yet: `recordFiles` adds many in one statement). On local
 * disk the bytes are hashed in memory and written with one write and one rename (a stream per file costs ten
 * times more, which counts for ten thousand photos or certificates).
 */
export async function putContent(
  storage: Storage,
  bytes: Uint8Array,
): Promise<{ sha256: string; size: number }> {
  if (storage.localRoot) return writeContent(storage.localRoot, bytes);
  return storage.put(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
}

/** Records contents already in storage as files, in one statement. */
export async function recordFiles(db: DbOrTx, rows: NewFileRecord[]): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(files)
    .values(
      rows.map((r) => ({
        ...(r.id ? { id: r.id } : {}),
        ownerId: r.ownerId,
        companyId: r.companyId,
        sha256: r.sha256,
        size: r.size,
        kind: r.kind,
        mime: mimeOf[r.kind],
        originName: r.originName.slice(0, 255) || `file.${r.kind}`,
      })),
    )
    .returning();
}

/**
 * Records many contents already in storage as files (thousands of photos or certificates) in one statement with
 * one JSON parameter, which the embedded database takes far faster than thousands of bound values.
 */
export async function recordManyFiles(db: DbOrTx, rows: (NewFileRecord & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      owner_id: r.ownerId,
      company_id: r.companyId,
      sha256: r.sha256,
      size: r.size,
      kind: r.kind,
      origin_name: r.originName,
    })),
  );
  await db.execute(
    insertFilesFrom(sql`
      select * from jsonb_to_recordset(${json}::jsonb)
        as x(id uuid, owner_id uuid, company_id uuid, sha256 text, size bigint, kind text, origin_name text)`),
  );
}

/** A file kind's MIME type, in SQL (from `mimeOf`). */
const mimeOfKind = sql`case kind ${sql.join(
  Object.entries(mimeOf).map(([kind, mime]) => sql`when ${kind} then ${mime}`),
  sql` `,
)} end`;

/**
 * The insert of file records from a query `rows` with columns id, owner_id, company_id, sha256, size, kind and
 * origin_name: the MIME type follows the kind, a name is cut to 255 characters (`file.{kind}` when empty). A
 * caller may use it as a CTE beside its own writes: one statement, one round trip on the embedded database.
 */
export function insertFilesFrom(rows: SQL): SQL {
  return sql`
    insert into ${files} (id, owner_id, company_id, sha256, size, kind, mime, origin_name)
    select id, owner_id, company_id, sha256, size, kind, ${mimeOfKind},
      coalesce(nullif(left(origin_name, 255), ''), 'file.' || kind)
    from (${rows}) as r`;
}

/** Of these contents, the ones some file record references. */
export async function referencedContents(db: DbOrTx, sha256s: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  if (sha256s.length === 0) return referenced;
  const rows = await db
    .selectDistinct({ sha256: files.sha256 })
    .from(files)
    .where(inList(files.sha256, sha256s, 'text'));
  for (const r of rows) referenced.add(r.sha256);
  return referenced;
}

/** Removes the rows of files the server recorded for work that was then undone (the content stays: shared by hash). */
export async function forgetFiles(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(files).where(inList(files.id, ids));
}

/** Stores bytes the server made (a converted background, a preview PDF) as a file of `owner`'s. */
export async function storeGeneratedFile(
  db: DbOrTx,
  storage: Storage,
  file: {
    bytes: Uint8Array;
    kind: FileKind;
    originName: string;
    owner: { id: string; companyId: string | null };
  },
): Promise<FileRow> {
  const { sha256, size } = await putContent(storage, file.bytes);
  const [row] = await recordFiles(db, [
    {
      ownerId: file.owner.id,
      companyId: file.owner.companyId,
      sha256,
      size,
      kind: file.kind,
      originName: file.originName,
    },
  ]);
  return row;
}

/**
 * The files of these ids that exist (any owner: callers check access themselves). The ids go as one parameter
 * (`inList`): a render chunk's photos or a page of a zip download are hundreds.
 */
export async function findFiles(db: DbOrTx, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(files).where(inList(files.id, ids));
}

/** A file's original name, as SQL of its id beside another table's row (another module's list in one statement). */
export const fileNameSql = (fileId: Column): SQL<string | null> =>
  sql<string | null>`(select ${files.originName} from ${files} where ${eq(files.id, fileId)})`;

/** A (small) file's whole content. */
export async function readContent(storage: Storage, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.open(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const localCopies = path.join(tmpdir(), 'sc-local-copies');

/**
 * A path on local disk holding the content, for tools that read files by path (the certificate renderer).
 * Local storage answers its own path; any other storage gets a cached temporary copy.
 */
export async function localPathOf(storage: Storage, sha256: string): Promise<string> {
  const local = localPathFn(storage);
  if (local) return local(sha256);
  const copy = path.join(localCopies, sha256);
  if (!existsSync(copy)) {
    await mkdir(localCopies, { recursive: true });
    const temp = `${copy}.${process.pid}.${Date.now()}`;
    await pipeline(storage.open(sha256), createWriteStream(temp));
    await rename(temp, copy);
  }
  return copy;
}
export { receiveUpload } from './upload.ts';
export { issueUploadToken } from './upload-tokens.ts';
