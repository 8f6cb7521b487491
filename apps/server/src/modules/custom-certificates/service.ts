import {
  BlankType,
  type batchUploadBody,
  type CertificateBlank,
  CertificateHandleStatus,
  type CustomCertificateBatch,
  type CustomCertificateDetail,
  type CustomCertificateRow,
  type CustomCertificateTemplate,
  certificateHandleStatusText,
  defaultQrPlacement,
  maskIdNumber,
  ProduceStatus,
  type PublicCertificate,
  produceStatusText,
  type reCreateBody,
  type TemplateBlank,
  type templateBody,
} from '@skill-cert/shared/customCertificate';
import { TemplateKey } from '@skill-cert/shared/messages';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { breathe } from '../../lib/breathe.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import type { Storage } from '../../plugins/storage.ts';
import { findCompany } from '../companies/service.ts';
import { detectFileKind } from '../files/fileType.ts';
import {
  type FileRow,
  forgetFiles,
  localPathOf,
  type NewFileRecord,
  putContent,
  readableFile,
  recordFiles,
  recordManyFiles,
  storeGeneratedFile,
  webPathOf,
} from '../files/service.ts';
import type { UserRow } from '../users/service.ts';
import { users } from '../users/tables.ts';
import { ID_CARD_BLANK, ISSUE_DATE_BLANK, NAME_BLANK, sampleValue } from './defaults.ts';
import { openPhotoArchive, PHOTO_MAX_BYTES, type Photo, type PhotoArchive } from './photos.ts';
import { imageFileProblem, imageSize, oversizeProblem } from './render/image-header.ts';
import { RenderError } from './render/types.ts';
import { buildRenderJob, filePaths, verifyPath } from './render-job.ts';
import { ROW_KEY_HEADER, type SheetRow, VALUE_MAX_LENGTH } from './sheet.ts';
import {
  customCertificateBatches,
  customCertificates,
  customCertificateTemplates,
  type StoredBlankValue,
  type TemplateSnapshot,
} from './tables.ts';
import { problem, uploadRejected } from './upload-errors.ts';

type TemplateRow = typeof customCertificateTemplates.$inferSelect;
type BatchRow = typeof customCertificateBatches.$inferSelect;
type CertificateRow = typeof customCertificates.$inferSelect;
type ParsedTemplate = z.output<typeof templateBody>;

export const TEMPLATE_NOT_FOUND = '证书模板不存在或已删除';
export const BATCH_NOT_FOUND = '批量生成记录不存在或已删除';
export const CERTIFICATE_NOT_FOUND = '证书不存在或已删除';
export const PUBLIC_NOT_FOUND = '证书不存在或已失效';

/** The caller of a management endpoint: an enterprise user of a company. */
export interface Caller {
  user: UserRow;
  companyId: string;
}

const companyNameOf = async (db: DbOrTx, companyId: string) => (await findCompany(db, companyId))?.name ?? '';

// ---- templates ------------------------------------------------------------------------------------------

export function toTemplate(row: TemplateRow, companyName: string): CustomCertificateTemplate {
  return {
    _id: row.id,
    template_name: row.templateName,
    company_name: companyName,
    background_file_id: row.backgroundFileId,
    background_web_path: webPathOf(row.renderBackgroundFileId),
    page_size: row.pageSize,
    orientation: row.orientation,
    blanks: row.blanks,
    qr: row.qr,
    create_time_str: formatDateTime(row.createdAt),
    update_time_str: formatDateTime(row.updatedAt),
  };
}

/** Blanks as stored: each with an `_id` (kept when the client sent one, new otherwise). */
function normaliseBlanks(input: ParsedTemplate['blanks']): TemplateBlank[] {
  const used = new Set<string>();
  return input.map((b) => {
    const id = b._id && !used.has(b._id) ? b._id : uuidv7();
    used.add(id);
    return { ...b, _id: id } as TemplateBlank;
  });
}

export async function listTemplates(
  db: DbOrTx,
  companyId: string,
  q: { page: number; per_page: number; template_name?: string },
): Promise<{ list: CustomCertificateTemplate[]; total: number }> {
  const where = and(
    eq(customCertificateTemplates.companyId, companyId),
    q.template_name
      ? ilike(customCertificateTemplates.templateName, `%${escapeLike(q.template_name)}%`)
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(customCertificateTemplates).where(where);
  const rows = await db
    .select()
    .from(customCertificateTemplates)
    .where(where)
    .orderBy(desc(customCertificateTemplates.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const companyName = await companyNameOf(db, companyId);
  return { list: rows.map((r) => toTemplate(r, companyName)), total };
}

/** A template of the caller's company; any other id is 404, as if it did not exist. */
export async function findTemplate(db: DbOrTx, companyId: string, id: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(customCertificateTemplates)
    .where(and(eq(customCertificateTemplates.id, id), eq(customCertificateTemplates.companyId, companyId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function getTemplate(db: DbOrTx, companyId: string, id: string) {
  return toTemplate(await findTemplate(db, companyId, id), await companyNameOf(db, companyId));
}

interface RenderBackground {
  fileId: string;
  widthPx: number;
  heightPx: number;
}

/**
 * The rendering JPEG of an uploaded background: converted once (PNG → JPEG, capped size) in the render pool and
 * reused by every template of the company that uses the same upload. An image too big to decode is refused from
 * its header, before any worker decodes it.
 */
async function renderBackgroundOf(
  app: FastifyInstance,
  caller: Caller,
  fileId: string,
): Promise<RenderBackground> {
  const { db, storage } = app;
  const file = await readableFile(db, fileId, caller.user);
  if (file.kind !== 'jpg' && file.kind !== 'png') throw badRequest('证书底图应为 JPG/PNG 图片');
  const [known] = await db
    .select({
      fileId: customCertificateTemplates.renderBackgroundFileId,
      widthPx: customCertificateTemplates.backgroundWidthPx,
      heightPx: customCertificateTemplates.backgroundHeightPx,
    })
    .from(customCertificateTemplates)
    .where(
      and(
        eq(customCertificateTemplates.companyId, caller.companyId),
        eq(customCertificateTemplates.backgroundFileId, fileId),
      ),
    )
    .limit(1);
  if (known) return known;
  const source = await localPathOf(storage, file.sha256);
  const tooBig = await imageFileProblem(source, '证书底图');
  if (tooBig) throw badRequest(tooBig);
  let converted: Awaited<ReturnType<typeof app.renderPool.background>>;
  try {
    converted = await app.renderPool.background(source);
  } catch (err) {
    if (err instanceof RenderError) throw badRequest(`证书底图无法使用：${err.message}`);
    throw err;
  }
  const stored = await storeGeneratedFile(db, storage, {
    bytes: converted.jpeg,
    kind: 'jpg',
    originName: `${file.originName.replace(/\.[^.]*$/, '')}-底图.jpg`,
    owner: { id: caller.user.id, companyId: caller.companyId },
  });
  return { fileId: stored.id, widthPx: converted.widthPx, heightPx: converted.heightPx };
}

function templateValues(body: ParsedTemplate, background: RenderBackground) {
  return {
    templateName: body.template_name,
    backgroundFileId: body.background_file_id,
    renderBackgroundFileId: background.fileId,
    backgroundWidthPx: background.widthPx,
    backgroundHeightPx: background.heightPx,
    pageSize: body.page_size,
    orientation: body.orientation,
    blanks: normaliseBlanks(body.blanks),
    qr: body.qr ?? defaultQrPlacement(body.page_size, body.orientation),
  };
}

export async function createTemplate(app: FastifyInstance, caller: Caller, body: ParsedTemplate) {
  const { db } = app;
  const background = await renderBackgroundOf(app, caller, body.background_file_id);
  const [row] = await db
    .insert(customCertificateTemplates)
    .values({ companyId: caller.companyId, createdBy: caller.user.id, ...templateValues(body, background) })
    .returning();
  return toTemplate(row, await companyNameOf(db, caller.companyId));
}

export async function updateTemplate(app: FastifyInstance, caller: Caller, id: string, body: ParsedTemplate) {
  const { db } = app;
  await findTemplate(db, caller.companyId, id);
  const background = await renderBackgroundOf(app, caller, body.background_file_id);
  const [row] = await db
    .update(customCertificateTemplates)
    .set(templateValues(body, background))
    .where(
      and(eq(customCertificateTemplates.id, id), eq(customCertificateTemplates.companyId, caller.companyId)),
    )
    .returning();
  return toTemplate(row, await companyNameOf(db, caller.companyId));
}

const snapshotOf = (t: ReturnType<typeof templateValues> | TemplateRow): TemplateSnapshot => ({
  template_name: t.templateName,
  page_size: t.pageSize,
  orientation: t.orientation,
  render_background_file_id: t.renderBackgroundFileId,
  blanks: t.blanks,
  qr: t.qr,
});

/**
 * Renders a (possibly unsaved) template with sample values (image blanks: the grey placeholder photo) and
 * answers the PDF itself: nothing is stored, so previews do not pile up.
 */
export async function previewTemplate(app: FastifyInstance, caller: Caller, body: ParsedTemplate) {
  const { db, storage } = app;
  const background = await renderBackgroundOf(app, caller, body.background_file_id);
  const snapshot = snapshotOf(templateValues(body, background));
  const companyName = await companyNameOf(db, caller.companyId);
  const values = snapshot.blanks
    .filter((b) => b.blank_type === BlankType.TEXT)
    .map((b) => ({ name: b.name, val: sampleValue(b.name, b.cn_name, companyName) }));
  const paths = await filePaths(db, storage, [background.fileId]);
  const job = buildRenderJob(snapshot, values, {
    backgroundPath: paths.get(background.fileId) ?? null,
    imagePathOf: () => undefined,
    placeholderImages: true,
    qrText: `${app.config.publicUrl}${verifyPath('preview')}`,
  });
  try {
    return await app.renderPool.render(job);
  } catch (err) {
    if (err instanceof RenderError) throw badRequest(`预览生成失败：${err.message}`);
    throw err;
  }
}

// ---- batches --------------------------------------------------------------------------------------------

export const RENDER_QUEUE = 'custom-certificate-render';
/** The dead-letter queue of RENDER_QUEUE: chunks whose job failed for good (see giveUpChunk). */
export const RENDER_GAVE_UP_QUEUE = 'custom-certificate-render-gave-up';
/** Rows of one render job: small enough that a crashed instance's share is redone quickly. */
export const CHUNK_ROWS = 250;

export interface RenderChunk {
  batchId: string;
  fromRow: number;
  toRow: number;
}

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'custom-certificate-render': RenderChunk;
    'custom-certificate-render-gave-up': RenderChunk;
  }
}

interface PreparedPhoto {
  fileId: string;
  record: NewFileRecord & { id: string };
}

/** Where a row's photo for an image blank is: the first found of `{key}` (first image blank), `{key}_{label}`. */
function photoFor(
  archive: PhotoArchive,
  keys: string[],
  blank: TemplateBlank,
  first: boolean,
): Photo | undefined {
  for (const key of keys) {
    const stems = [...(first ? [key] : []), `${key}_${blank.cn_name}`, `${key}_${blank.name}`];
    for (const stem of stems) {
      const found = archive.find(stem);
      if (found) return found;
    }
  }
  return undefined;
}

async function forEachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * The photos the rows need, read from the zip, checked by content and put into storage (file rows are written
 * with the batch). A missing, oversized or non-image photo becomes its row's problem.
 */
async function collectPhotos(
  storage: Storage,
  caller: Caller,
  archive: PhotoArchive | null,
  rows: SheetRow[],
  images: TemplateBlank[],
): Promise<{ byRow: Map<SheetRow, Map<string, string>>; records: (NewFileRecord & { id: string })[] }> {
  const wanted = new Map<string, { photo: Photo; users: { row: SheetRow; blank: TemplateBlank }[] }>();
  for (const row of rows) {
    const keys = [row.values[ID_CARD_BLANK], row.rowKey].filter((k): k is string => Boolean(k));
    images.forEach((blank, i) => {
      if (!archive) {
        if (blank.required) row.problems.push(`缺少${blank.cn_name}：未上传照片压缩包`);
        return;
      }
      const photo = photoFor(archive, keys, blank, i === 0);
      if (!photo) {
        if (!blank.required) return;
        row.problems.push(
          keys.length
            ? `缺少${blank.cn_name}：照片压缩包中没有 ${keys[0]}${i === 0 ? '' : `_${blank.cn_name}`}.jpg`
            : `无法匹配${blank.cn_name}：请填写身份证号或${ROW_KEY_HEADER}`,
        );
        return;
      }
      if (photo.encrypted) row.problems.push(`${blank.cn_name}已加密，无法读取：${photo.name}`);
      else if (photo.size > PHOTO_MAX_BYTES) row.problems.push(`${blank.cn_name}超过 10M：${photo.name}`);
      else {
        const entry = wanted.get(photo.name) ?? { photo, users: [] };
        entry.users.push({ row, blank });
        wanted.set(photo.name, entry);
      }
    });
  }

  const byRow = new Map<SheetRow, Map<string, string>>();
  const prepared = new Map<string, PreparedPhoto | string>();
  await forEachLimited([...wanted.values()], 8, async ({ photo }) => {
    let bytes: Buffer;
    try {
      bytes = await archive!.read(photo);
    } catch {
      prepared.set(photo.name, '无法读取');
      return;
    }
    const kind = detectFileKind(bytes.subarray(0, 16));
    if (kind !== 'jpg' && kind !== 'png') {
      prepared.set(photo.name, '不是 JPG/PNG 图片');
      return;
    }
    // Refused from its header: a small file may hold an image far too big to decode.
    const pixels = imageSize(bytes);
    const tooBig = pixels && oversizeProblem(pixels, '');
    if (tooBig) {
      prepared.set(photo.name, tooBig);
      return;
    }
    const { sha256, size } = await putContent(storage, bytes);
    const fileId = uuidv7();
    prepared.set(photo.name, {
      fileId,
      record: {
        id: fileId,
        ownerId: caller.user.id,
        companyId: caller.companyId,
        sha256,
        size,
        kind,
        originName: photo.name.split('/').pop() ?? photo.name,
      },
    });
  });
  for (const [name, { users: rowsOfPhoto }] of wanted) {
    const p = prepared.get(name);
    for (const { row, blank } of rowsOfPhoto) {
      if (typeof p === 'string' || !p) {
        row.problems.push(`${blank.cn_name}${p ?? '无法读取'}：${name}`);
        continue;
      }
      const ofRow = byRow.get(row) ?? new Map<string, string>();
      ofRow.set(blank.name, p.fileId);
      byRow.set(row, ofRow);
    }
  }
  const records = [...prepared.values()]
    .filter((p): p is PreparedPhoto => typeof p !== 'string')
    .map((p) => p.record);
  return { byRow, records };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Runs `fn` on slices of `items`, letting the event loop breathe between them: the embedded database answers
 * synchronously, so back-to-back statements would otherwise hold every other request until the last one.
 */
async function inChunks<T>(items: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) {
    await fn(items.slice(i, i + size));
    await breathe();
  }
}

/**
 * A batch upload: the spreadsheet (and photos zip) are checked first; a structural problem rejects the upload
 * and nothing is kept. Then the record, one certificate per sheet row (rows with problems already failed) and
 * the render jobs are written in one transaction.
 */
export async function createBatch(
  app: FastifyInstance,
  caller: Caller,
  body: z.output<typeof batchUploadBody>,
): Promise<CustomCertificateBatch> {
  const { db, storage } = app;
  const template = await findTemplate(db, caller.companyId, body.custom_certificate_template_id);
  const sheetFile = await readableFile(db, body.file_id, caller.user);
  if (sheetFile.kind === 'xls' || sheetFile.kind === 'doc')
    throw uploadRejected([problem('不支持旧版 .xls 文件，请另存为 .xlsx 后上传', null, null)]);
  if (sheetFile.kind !== 'xlsx' && sheetFile.kind !== 'zip')
    throw uploadRejected([problem('请上传 Excel（.xlsx）文件', null, null)]);
  let photoFile: FileRow | null = null;
  if (body.photo_zip_file_id) {
    photoFile = await readableFile(db, body.photo_zip_file_id, caller.user);
    if (photoFile.kind !== 'zip')
      throw uploadRejected([problem('照片压缩包应为 .zip 文件', null, '照片压缩包')]);
  }

  const rows = await app.sheets.read(await localPathOf(storage, sheetFile.sha256), template.blanks);
  const archive = photoFile ? await openPhotoArchive(await localPathOf(storage, photoFile.sha256)) : null;
  const images = template.blanks.filter((b) => b.blank_type === BlankType.IMAGE);
  let photos: Awaited<ReturnType<typeof collectPhotos>>;
  try {
    photos = await collectPhotos(storage, caller, archive, rows, images);
  } finally {
    archive?.close();
  }

  const batchId = uuidv7();
  const certificates = rows.map((row) => {
    const ofRow = photos.byRow.get(row);
    const blanks: StoredBlankValue[] = template.blanks.map((b) => ({
      name: b.name,
      val: b.blank_type === BlankType.IMAGE ? (ofRow?.get(b.name) ?? '') : (row.values[b.name] ?? ''),
    }));
    const failed = row.problems.length > 0;
    return {
      id: uuidv7(),
      batchId,
      companyId: caller.companyId,
      rowNumber: row.rowNumber,
      blanks,
      searchText: searchTextOf(template.blanks, blanks),
      status: failed ? ProduceStatus.FAILED : ProduceStatus.PENDING,
      failReason: failed ? row.problems.join('；') : null,
    };
  });
  const pending = certificates.filter((c) => c.status === ProduceStatus.PENDING).map((c) => c.rowNumber);
  const chunks: RenderChunk[] = [];
  for (let i = 0; i < pending.length; i += CHUNK_ROWS) {
    const part = pending.slice(i, i + CHUNK_ROWS);
    chunks.push({ batchId, fromRow: part[0], toRow: part[part.length - 1] });
  }

  // Written in short statements under a batch nobody sees yet (UPLOADING), then shown and enqueued in one
  // transaction: all or nothing, while the embedded database (one connection) keeps answering other requests
  // between the statements instead of waiting seconds for one big transaction.
  await db.insert(customCertificateBatches).values({
    id: batchId,
    companyId: caller.companyId,
    templateId: template.id,
    template: snapshotOf(template),
    name: body.name,
    status: UPLOADING,
    fileId: sheetFile.id,
    photoZipFileId: photoFile?.id ?? null,
    total: certificates.length,
    failedCount: certificates.filter((c) => c.status === ProduceStatus.FAILED).length,
    createdBy: caller.user.id,
  });
  try {
    // Certificates first: every photo file row written after them is named by one, so a crash in between leaves
    // nothing removeAbandonedUploads cannot find.
    // 100 rows a statement: each statement holds the event loop while it runs (~10 ms here).
    await inChunks(certificates, 100, (part) => insertCertificates(db, batchId, caller.companyId, part));
    await inChunks(photos.records, 100, (part) => recordManyFiles(db, part));
    await db.transaction(async (tx) => {
      await tx
        .update(customCertificateBatches)
        .set({ status: CertificateHandleStatus.PROCESSING })
        .where(eq(customCertificateBatches.id, batchId));
      await app.jobs.insert(
        RENDER_QUEUE,
        chunks.map((data) => ({ data })),
        { tx },
      );
    });
  } catch (err) {
    await discardUpload(
      db,
      batchId,
      photos.records.map((r) => r.id),
    ).catch((e) => app.log.error({ err: e, batchId }, '清理未完成的批量上传失败'));
    throw err;
  }
  if (chunks.length) app.jobs.notify(RENDER_QUEUE);
  else await finishBatchIfDone(app, batchId);
  return getBatch(db, caller.companyId, batchId);
}

/** Thousands of certificate rows in one statement with one JSON parameter (see recordManyFiles). */
async function insertCertificates(
  tx: DbOrTx,
  batchId: string,
  companyId: string,
  rows: {
    id: string;
    rowNumber: number;
    blanks: StoredBlankValue[];
    searchText: string;
    status: number;
    failReason: string | null;
  }[],
) {
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      row_number: r.rowNumber,
      blanks: r.blanks,
      search_text: r.searchText,
      status: r.status,
      fail_reason: r.failReason,
    })),
  );
  await tx.execute(sql`
    insert into ${customCertificates} (id, batch_id, company_id, row_number, blanks, search_text, status, fail_reason)
    select id, ${batchId}::uuid, ${companyId}::uuid, row_number, blanks, search_text, status, fail_reason
    from jsonb_to_recordset(${json}::jsonb)
      as x(id uuid, row_number int, blanks jsonb, search_text text, status smallint, fail_reason text)`);
}

/** Batches still being written by an upload: invisible everywhere until the upload commits. */
export const UPLOADING = -1;
const visible = gte(customCertificateBatches.status, 0);

async function discardUpload(db: DbOrTx, batchId: string, photoFileIds: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(customCertificateBatches).where(eq(customCertificateBatches.id, batchId));
    await forgetFiles(tx, photoFileIds);
  });
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The photo files of a batch's certificates (the values of its image blanks). */
async function photoFilesOf(db: DbOrTx, batch: Pick<BatchRow, 'id' | 'template'>): Promise<string[]> {
  const names = batch.template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name);
  if (names.length === 0) return [];
  const res = (await db.execute(sql`
    select distinct v->>'val' as id
    from ${customCertificates} c cross join lateral jsonb_array_elements(c.blanks) v
    where c.batch_id = ${batch.id} and v->>'name' in ${names}`)) as unknown as {
    rows: { id: string | null }[];
  };
  return res.rows.map((r) => r.id ?? '').filter((id) => FILE_ID.test(id));
}

/**
 * Uploads that died half-way (the process stopped during the request) leave an invisible batch: removed here
 * with its certificates and the rows of the photos it stored (the files service forgets them).
 */
export async function removeAbandonedUploads(db: DbOrTx): Promise<void> {
  const abandoned = await db
    .select({ id: customCertificateBatches.id, template: customCertificateBatches.template })
    .from(customCertificateBatches)
    .where(
      and(
        eq(customCertificateBatches.status, UPLOADING),
        lt(customCertificateBatches.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  for (const batch of abandoned) await discardUpload(db, batch.id, await photoFilesOf(db, batch));
}

function searchTextOf(blanks: TemplateBlank[], values: StoredBlankValue[]): string {
  const text = new Set(blanks.filter((b) => b.blank_type === BlankType.TEXT).map((b) => b.name));
  return values
    .filter((v) => text.has(v.name) && v.val)
    .map((v) => v.val)
    .join(' ');
}

const batchSelection = {
  batch: customCertificateBatches,
  templateName: customCertificateTemplates.templateName,
  creatorName: users.name,
  fileName: sql<
    string | null
  >`(select origin_name from files where files.id = ${customCertificateBatches.fileId})`,
};

function toBatch(
  row: { batch: BatchRow; templateName: string | null; creatorName: string | null; fileName: string | null },
  companyName: string,
): CustomCertificateBatch {
  const b = row.batch;
  const handled = b.successCount + b.failedCount;
  return {
    _id: b.id,
    name: b.name,
    certificate_handle_status: b.status,
    certificate_handle_status_value: certificateHandleStatusText[b.status] ?? '',
    custom_certificate_template_id: b.templateId,
    custom_certificate_template_info: {
      template_name: row.templateName ?? b.template.template_name,
      company_name: companyName,
    },
    file_info: { originName: row.fileName ?? '', webPath: webPathOf(b.fileId) },
    total: b.total,
    success_count: b.successCount,
    failed_count: b.failedCount,
    progress: b.total === 0 ? 100 : Math.floor((handled / b.total) * 100),
    creator_name: row.creatorName ?? '',
    create_time_str: formatDateTime(b.createdAt),
    finish_time_str: b.finishedAt ? formatDateTime(b.finishedAt) : null,
  };
}

function batchQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(batchSelection)
    .from(customCertificateBatches)
    .leftJoin(
      customCertificateTemplates,
      eq(customCertificateTemplates.id, customCertificateBatches.templateId),
    )
    .leftJoin(users, eq(users.id, customCertificateBatches.createdBy))
    .where(where);
}

/** A batch of the caller's company; any other id is 404. */
export async function findBatch(db: DbOrTx, companyId: string, id: string): Promise<BatchRow> {
  const [row] = await db
    .select()
    .from(customCertificateBatches)
    .where(
      and(eq(customCertificateBatches.id, id), eq(customCertificateBatches.companyId, companyId), visible),
    );
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return row;
}

export async function getBatch(db: DbOrTx, companyId: string, id: string): Promise<CustomCertificateBatch> {
  const [row] = await batchQuery(
    db,
    and(eq(customCertificateBatches.id, id), eq(customCertificateBatches.companyId, companyId), visible),
  );
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return toBatch(row, await companyNameOf(db, companyId));
}

export async function listBatches(
  db: DbOrTx,
  companyId: string,
  q: { page: number; per_page: number; name?: string; certificate_handle_status?: number },
): Promise<{ list: CustomCertificateBatch[]; total: number }> {
  const where = and(
    eq(customCertificateBatches.companyId, companyId),
    visible,
    q.name ? ilike(customCertificateBatches.name, `%${escapeLike(q.name)}%`) : undefined,
    q.certificate_handle_status !== undefined
      ? eq(customCertificateBatches.status, q.certificate_handle_status)
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(customCertificateBatches).where(where);
  const rows = await batchQuery(db, where)
    .orderBy(desc(customCertificateBatches.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const companyName = await companyNameOf(db, companyId);
  return { list: rows.map((r) => toBatch(r, companyName)), total };
}

// ---- certificates ---------------------------------------------------------------------------------------

function certificateBlanks(template: TemplateSnapshot, values: StoredBlankValue[]): CertificateBlank[] {
  const byName = new Map(values.map((v) => [v.name, v.val]));
  return template.blanks.map((b) => {
    const val = byName.get(b.name) ?? '';
    return {
      _id: b._id,
      name: b.name,
      cn_name: b.cn_name,
      required: b.required,
      blank_type: b.blank_type,
      val,
      file_web_path: b.blank_type === BlankType.IMAGE && val ? webPathOf(val) : null,
    };
  });
}

function toCertificateRow(
  c: CertificateRow,
  template: TemplateSnapshot,
  fileName: string | null,
): CustomCertificateRow {
  return {
    _id: c.id,
    row_number: c.rowNumber,
    blanks: certificateBlanks(template, c.blanks),
    custom_certificate_produce_status: c.status,
    custom_certificate_produce_status_value: produceStatusText[c.status] ?? '',
    fail_reason: c.failReason,
    custom_certificate_file_info: c.fileId
      ? { originName: fileName ?? `${c.rowNumber}.pdf`, webPath: webPathOf(c.fileId) }
      : null,
    verify_path: verifyPath(c.id),
  };
}

/** What a certificate's PDF is called (inside the zip too): row, name and ID number. */
export function certificateFileName(c: { rowNumber: number; blanks: StoredBlankValue[] }) {
  const byName = new Map(c.blanks.map((v) => [v.name, v.val]));
  const parts = [String(c.rowNumber), byName.get(NAME_BLANK), byName.get(ID_CARD_BLANK)].filter(Boolean);
  return `${parts.join('_').replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;
}

export async function listCertificates(
  db: DbOrTx,
  companyId: string,
  batchId: string,
  q: { page: number; per_page: number; name?: string; custom_certificate_produce_status?: number },
): Promise<{ list: CustomCertificateRow[]; total: number }> {
  const batch = await findBatch(db, companyId, batchId);
  const where = and(
    eq(customCertificates.batchId, batchId),
    q.name ? ilike(customCertificates.searchText, `%${escapeLike(q.name)}%`) : undefined,
    q.custom_certificate_produce_status !== undefined
      ? eq(customCertificates.status, q.custom_certificate_produce_status)
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(customCertificates).where(where);
  const rows = await db
    .select()
    .from(customCertificates)
    .where(where)
    .orderBy(asc(customCertificates.rowNumber))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    list: rows.map((c) => toCertificateRow(c, batch.template, certificateFileName(c))),
    total,
  };
}

async function findCertificate(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ certificate: customCertificates, batch: customCertificateBatches })
    .from(customCertificates)
    .innerJoin(customCertificateBatches, eq(customCertificateBatches.id, customCertificates.batchId))
    .where(and(eq(customCertificates.id, id), eq(customCertificates.companyId, companyId), visible));
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

export async function getCertificate(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<CustomCertificateDetail> {
  const { certificate: c, batch } = await findCertificate(db, companyId, id);
  const [template] = await db
    .select({ name: customCertificateTemplates.templateName })
    .from(customCertificateTemplates)
    .where(eq(customCertificateTemplates.id, batch.templateId));
  return {
    ...toCertificateRow(c, batch.template, certificateFileName(c)),
    batch_id: batch.id,
    batch_name: batch.name,
    template_name: template?.name ?? batch.template.template_name,
    company_name: await companyNameOf(db, companyId),
    create_time_str: formatDateTime(c.createdAt),
    generate_time_str: c.generatedAt ? formatDateTime(c.generatedAt) : null,
  };
}

/**
 * Regenerates a failed certificate (spec §5) with corrected values: blanks not sent keep their value; required
 * text must be filled ('请填写 {label}'), required images uploaded ('请上传 {label}'). Rendered at once: a bad
 * input is a 400 and nothing changes; success stores the PDF and marks the certificate generated.
 */
export async function reCreateCertificate(
  app: FastifyInstance,
  caller: Caller,
  id: string,
  body: z.output<typeof reCreateBody>,
): Promise<CustomCertificateDetail> {
  const { db, storage } = app;
  const { certificate: c, batch } = await findCertificate(db, caller.companyId, id);
  if (c.status !== ProduceStatus.FAILED) throw badRequest('只有生成失败的证书可以重新生成');
  const template = batch.template;
  const known = new Map(template.blanks.map((b) => [b.name, b]));
  const values = new Map(c.blanks.map((v) => [v.name, v.val]));
  for (const { name, val } of body.blanks) {
    const blank = known.get(name);
    if (!blank) throw badRequest(`证书字段「${name}」不存在`);
    values.set(name, val);
  }
  for (const b of template.blanks) {
    const val = values.get(b.name) ?? '';
    if (b.blank_type === BlankType.TEXT) {
      if (b.required && !val) throw badRequest(`请填写 ${b.cn_name}`);
      if (val.length > VALUE_MAX_LENGTH) throw badRequest(`${b.cn_name}不能超过 ${VALUE_MAX_LENGTH} 个字符`);
    } else if (!val) {
      if (b.required) throw badRequest(`请上传 ${b.cn_name}`);
    } else {
      const file = await readableFile(db, val, caller.user).catch(() => null);
      if (!file || (file.kind !== 'jpg' && file.kind !== 'png'))
        throw badRequest(`请上传 ${b.cn_name}（JPG/PNG 图片）`);
      const tooBig = await imageFileProblem(await localPathOf(storage, file.sha256), b.cn_name);
      if (tooBig) throw badRequest(tooBig);
    }
  }
  const blanks: StoredBlankValue[] = template.blanks.map((b) => ({
    name: b.name,
    val: values.get(b.name) ?? '',
  }));
  const paths = await filePaths(db, storage, [
    template.render_background_file_id ?? '',
    ...blanks.filter((v) => known.get(v.name)?.blank_type === BlankType.IMAGE).map((v) => v.val),
  ]);
  const job = buildRenderJob(template, blanks, {
    backgroundPath: template.render_background_file_id
      ? (paths.get(template.render_background_file_id) ?? null)
      : null,
    imagePathOf: (fileId) => paths.get(fileId),
    qrText: `${app.config.publicUrl}${verifyPath(c.id)}`,
  });
  let pdf: Uint8Array;
  try {
    pdf = await app.renderPool.render(job);
  } catch (err) {
    if (err instanceof RenderError) throw badRequest(err.message);
    throw err;
  }
  const { sha256, size } = await putContent(storage, pdf);
  const fileId = uuidv7();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customCertificates)
      .set({
        blanks,
        searchText: searchTextOf(template.blanks, blanks),
        status: ProduceStatus.DONE,
        failReason: null,
        fileId,
        generatedAt: new Date(),
      })
      .where(and(eq(customCertificates.id, c.id), eq(customCertificates.status, ProduceStatus.FAILED)))
      .returning();
    if (!row) return null;
    await recordFiles(tx, [
      {
        id: fileId,
        ownerId: batch.createdBy,
        companyId: batch.companyId,
        sha256,
        size,
        kind: 'pdf',
        originName: certificateFileName(row),
      },
    ]);
    // One failure fewer; a finished batch whose last failure was fixed is complete now.
    await tx.execute(sql`
      update ${customCertificateBatches}
      set success_count = success_count + 1, failed_count = failed_count - 1,
          status = case when status = 2 and failed_count = 1 then 1 else status end
      where id = ${batch.id}`);
    return row;
  });
  if (!updated) throw badRequest('只有生成失败的证书可以重新生成');
  return getCertificate(db, caller.companyId, id);
}

// ---- finishing a batch ----------------------------------------------------------------------------------

export const CERTIFICATE_CATEGORY = '证书通知';

/**
 * Once no certificate of a batch is waiting, the batch is 已完成 (1) or 部分失败 (2) and its uploader gets
 * create_custom_certificate_done. The status change and the stored message are one transaction: a crash
 * between them loses neither (the job that runs again, or giveUpChunk, finishes it then). The status change is
 * guarded, so of several workers finishing the last chunks at once exactly one stores the message
 * (`messenger.toUsersIn`); the live push follows the commit.
 */
export async function finishBatchIfDone(app: FastifyInstance, batchId: string): Promise<boolean> {
  const push = await app.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      update ${customCertificateBatches} b
      set status = case when b.failed_count > 0 then 2 else 1 end, finished_at = now()
      where b.id = ${batchId} and b.status = 0
        and not exists (select 1 from ${customCertificates} c where c.batch_id = b.id and c.status = ${ProduceStatus.PENDING})
      returning b.id, b.name, b.created_by, b.success_count, b.failed_count`)) as unknown as {
      rows: { id: string; name: string; created_by: string; success_count: number; failed_count: number }[];
    };
    const [done] = res.rows;
    if (!done) return null;
    return app.messenger.toUsersIn(tx, [done.created_by], {
      category: CERTIFICATE_CATEGORY,
      content:
        done.failed_count > 0
          ? `「${done.name}」证书生成完成：成功 ${done.success_count} 张，失败 ${done.failed_count} 张，失败的证书可修改后重新生成`
          : `「${done.name}」证书生成完成：共 ${done.success_count} 张`,
      templateKey: TemplateKey.CUSTOM_CERTIFICATE_DONE,
      relatedId: batchId,
    });
  });
  if (!push) return false;
  // Stored already: a lost push only means the user sees it in the message centre instead of live.
  await push().catch((err) => app.log.error({ err, batchId }, '证书生成完成消息推送失败'));
  return true;
}

// ---- public verification --------------------------------------------------------------------------------

/** What /information-link/:id shows without login: generated certificates only, all valid (no revocation yet). */
export async function publicCertificate(db: DbOrTx, id: string): Promise<PublicCertificate> {
  const [row] = await db
    .select({ certificate: customCertificates, batch: customCertificateBatches })
    .from(customCertificates)
    .innerJoin(customCertificateBatches, eq(customCertificateBatches.id, customCertificates.batchId))
    .where(and(eq(customCertificates.id, id), visible));
  // Only a generated certificate exists for the public: one still waiting, or one that failed (never issued),
  // answers like an unknown id, so its holder's details are not shown.
  if (!row || row.certificate.status !== ProduceStatus.DONE) throw notFound(PUBLIC_NOT_FOUND);
  const { certificate: c, batch } = row;
  const values = new Map(c.blanks.map((v) => [v.name, v.val]));
  const text = batch.template.blanks.filter((b) => b.blank_type === BlankType.TEXT);
  const nameBlank = text.find((b) => b.name === NAME_BLANK) ?? text[0];
  const idCard = values.get(ID_CARD_BLANK);
  return {
    _id: c.id,
    holder_name: nameBlank ? (values.get(nameBlank.name) ?? '') : '',
    id_card_masked: idCard ? maskIdNumber(idCard) : null,
    fields: text
      .filter((b) => b !== nameBlank && b.name !== ID_CARD_BLANK && b.name !== ISSUE_DATE_BLANK)
      .map((b) => ({ label: b.cn_name, value: values.get(b.name) ?? '' }))
      .filter((f) => f.value),
    issuer: await companyNameOf(db, batch.companyId),
    issue_date: values.get(ISSUE_DATE_BLANK) || (c.generatedAt ? formatDate(c.generatedAt) : null),
    template_name: batch.template.template_name,
    valid: true,
    status_text: '有效',
  };
}
