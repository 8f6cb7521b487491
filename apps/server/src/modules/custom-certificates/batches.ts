import {
  BlankType,
  type batchUploadBody,
  CertificateHandleStatus,
  type CreatedBatch,
  type CustomCertificateBatch,
  certificateHandleStatusText,
  PHOTO_MATCH_LIST_MAX,
  type PhotoMatchSummary,
  ProduceStatus,
} from '@skill-cert/shared/customCertificate';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { breathe } from '../../lib/breathe.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { chunksOf } from '../certificate-engine/batch-runner.ts';
import { collectPhotos, openPhotoArchive } from '../certificate-engine/photos.ts';
import type { SheetRow } from '../certificate-engine/sheet.ts';
import type { BlankValue, CertificateTemplate } from '../certificate-engine/types.ts';
import { problem, uploadRejected } from '../certificate-engine/upload-errors.ts';
import {
  type FileRow,
  findFiles,
  forgetFiles,
  localPathOf,
  readableFile,
  recordManyFiles,
  webPathOf,
} from '../files/service.ts';
import { contactsOf } from '../users/service.ts';
import { finishBatchIfDone, RENDER_QUEUE } from './batch-rendering.ts';
import { type Caller, companyNameOf, escapeLike } from './caller.ts';
import { searchTextOf } from './naming.ts';
import { customCertificateBatches, customCertificates, customCertificateTemplates } from './tables.ts';
import { findTemplate, snapshotOf } from './templates.ts';

type BatchRow = typeof customCertificateBatches.$inferSelect;

export const BATCH_NOT_FOUND = '批量生成记录不存在或已删除';

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
): Promise<CreatedBatch> {
  const { db, storage } = app;
  const template = await findTemplate(db, caller.company, body.custom_certificate_template_id);
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
    photos = await collectPhotos(
      storage,
      { id: caller.user.id, companyId: caller.company.id },
      archive,
      rows,
      images,
    );
  } finally {
    archive?.close();
  }

  const batchId = uuidv7();
  const certificates = rows.map((row) => {
    const ofRow = photos.byRow.get(row);
    const blanks: BlankValue[] = template.blanks.map((b) => ({
      name: b.name,
      val: b.blank_type === BlankType.IMAGE ? (ofRow?.get(b.name) ?? '') : (row.values[b.name] ?? ''),
    }));
    const failed = row.problems.length > 0;
    return {
      id: uuidv7(),
      batchId,
      companyId: caller.company.id,
      rowNumber: row.rowNumber,
      rowKey: row.rowKey,
      blanks,
      searchText: searchTextOf(template.blanks, blanks),
      status: failed ? ProduceStatus.FAILED : ProduceStatus.PENDING,
      failReason: failed ? failReasonOf(row) : null,
    };
  });
  const chunks = chunksOf(
    batchId,
    certificates.filter((c) => c.status === ProduceStatus.PENDING).map((c) => c.rowNumber),
  );

  // Written in short statements under a batch nobody sees yet (UPLOADING), then shown and enqueued in one
  // transaction: all or nothing, while the embedded database (one connection) keeps answering other requests
  // between the statements instead of waiting seconds for one big transaction.
  await db.insert(customCertificateBatches).values({
    id: batchId,
    companyId: caller.company.id,
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
    await inChunks(certificates, 100, (part) => insertCertificates(db, batchId, caller.company.id, part));
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
  return {
    ...(await getBatch(db, caller.company, batchId)),
    photo_match: archive ? photoMatchSummary(photos, rows, images) : null,
  };
}

/** What the upload's answer tells of the photos: those no row uses, and the rows' image blanks without one. */
function photoMatchSummary(
  photos: { unmatched: string[]; withoutPhoto: { rowNumber: number; blank: string }[] },
  rows: SheetRow[],
  images: { name: string; cn_name: string }[],
): PhotoMatchSummary {
  const keyOf = new Map(rows.map((r) => [r.rowNumber, r.rowKey]));
  const labelOf = new Map(images.map((b) => [b.name, b.cn_name]));
  return {
    unmatched_photos: photos.unmatched.slice(0, PHOTO_MATCH_LIST_MAX),
    unmatched_photo_count: photos.unmatched.length,
    rows_without_photo: photos.withoutPhoto.slice(0, PHOTO_MATCH_LIST_MAX).map((w) => ({
      row_number: w.rowNumber,
      row_key: keyOf.get(w.rowNumber) ?? '',
      blank: labelOf.get(w.blank) ?? w.blank,
    })),
    rows_without_photo_count: photos.withoutPhoto.length,
  };
}

/** Thousands of certificate rows in one statement with one JSON parameter (see recordManyFiles). */
async function insertCertificates(
  tx: DbOrTx,
  batchId: string,
  companyId: string,
  rows: {
    id: string;
    rowNumber: number;
    rowKey: string;
    blanks: BlankValue[];
    searchText: string;
    status: number;
    failReason: string | null;
  }[],
) {
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      row_number: r.rowNumber,
      row_key: r.rowKey,
      blanks: r.blanks,
      search_text: r.searchText,
      status: r.status,
      fail_reason: r.failReason,
    })),
  );
  await tx.execute(sql`
    insert into ${customCertificates} (id, batch_id, company_id, row_number, row_key, blanks, search_text, status, fail_reason)
    select id, ${batchId}::uuid, ${companyId}::uuid, row_number, row_key, blanks, search_text, status, fail_reason
    from jsonb_to_recordset(${json}::jsonb)
      as x(id uuid, row_number int, row_key text, blanks jsonb, search_text text, status smallint, fail_reason text)`);
}

/**
 * Why a row failed at upload, and where it is in the sheet when its 序号 does not say (序号 1 is usually row 2):
 * the list shows the 序号.
 */
function failReasonOf(row: SheetRow): string {
  const reason = row.problems.join('；');
  return row.rowKey === String(row.rowNumber) ? reason : `${reason}（表格第 ${row.rowNumber} 行）`;
}

/** Batches still being written by an upload: invisible everywhere until the upload commits. */
export const UPLOADING = -1;
export const visible = gte(customCertificateBatches.status, 0);

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

const batchSelection = {
  batch: customCertificateBatches,
  templateName: customCertificateTemplates.templateName,
};

type BatchQueryRow = { batch: BatchRow; templateName: string | null };
type NamedBatchRow = BatchQueryRow & { creatorName: string | null; fileName: string | null };

/** Creator and sheet names of a page of batches, from their owners' services (two queries a page). */
async function withNames(db: DbOrTx, rows: BatchQueryRow[]): Promise<NamedBatchRow[]> {
  const creators = await contactsOf(
    db,
    rows.map((r) => r.batch.createdBy),
  );
  const sheets = new Map(
    (await findFiles(db, [...new Set(rows.map((r) => r.batch.fileId))])).map((f) => [f.id, f.originName]),
  );
  return rows.map((r) => ({
    ...r,
    creatorName: creators.get(r.batch.createdBy)?.name ?? null,
    fileName: sheets.get(r.batch.fileId) ?? null,
  }));
}

function toBatch(row: NamedBatchRow, companyName: string): CustomCertificateBatch {
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
    .where(where);
}

/** A batch of the caller's company; any other id is 404. */
export async function findBatch(db: DbOrTx, own: CompanyScope, id: string): Promise<BatchRow> {
  const [row] = await db
    .select()
    .from(customCertificateBatches)
    .where(and(eq(customCertificateBatches.id, id), ofCompany(customCertificateBatches, own), visible));
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return row;
}

export async function getBatch(db: DbOrTx, own: CompanyScope, id: string): Promise<CustomCertificateBatch> {
  const [row] = await batchQuery(
    db,
    and(eq(customCertificateBatches.id, id), ofCompany(customCertificateBatches, own), visible),
  );
  if (!row) throw notFound(BATCH_NOT_FOUND);
  const [named] = await withNames(db, [row]);
  return toBatch(named, await companyNameOf(db, own.id));
}

export async function listBatches(
  db: DbOrTx,
  own: CompanyScope,
  q: { page: number; per_page: number; name?: string; certificate_handle_status?: number },
): Promise<{ list: CustomCertificateBatch[]; total: number }> {
  const where = and(
    ofCompany(customCertificateBatches, own),
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
  const companyName = await companyNameOf(db, own.id);
  return { list: (await withNames(db, rows)).map((r) => toBatch(r, companyName)), total };
}

/** The template a batch was rendered with (as it was at upload), for the library's public page; any company. */
export async function batchTemplateOf(db: DbOrTx, batchId: string): Promise<CertificateTemplate | undefined> {
  const [row] = await db
    .select({ template: customCertificateBatches.template })
    .from(customCertificateBatches)
    .where(eq(customCertificateBatches.id, batchId));
  return row?.template;
}
