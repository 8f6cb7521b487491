import { CertificateSource, CertificateStatus } from '@skill-cert/shared/certificates';
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
} from '@skill-cert/shared/custom-certificates';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { containsPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { inPieces, pieceRows } from '../../lib/pieces.ts';
import type { SheetRow } from '../certificate-engine/service.ts';
import { collectPhotos, openPhotoArchive, problem, uploadRejected } from '../certificate-engine/service.ts';
import type { BlankValue } from '../certificate-engine/types.ts';
import {
  certificateInsertRows,
  deleteSourceDrafts,
  insertCertificates,
  type NewCertificate,
  printedFields,
  queueRendering,
  sourceValuesNamed,
  wakeRendering,
} from '../certificates/service.ts';
import { companyNameOf, companyNameSql } from '../companies/service.ts';
import {
  type FileRow,
  fileNameSql,
  findFiles,
  forgetFiles,
  localPathOf,
  readableFile,
  recordManyFiles,
  webPathOf,
} from '../files/service.ts';
import { contactsOf, userNameSql } from '../users/service.ts';
import type { Caller } from './caller.ts';
import { finishBatchIfDone } from './library-source.ts';
import { customCertificateBatches, customCertificateTemplates } from './tables.ts';
import { findTemplate, snapshotOf } from './templates.ts';

type BatchRow = typeof customCertificateBatches.$inferSelect;

export const BATCH_NOT_FOUND = '批量生成记录不存在或已删除';

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

  const started = performance.now();
  const rows = await app.sheets.read(await localPathOf(storage, sheetFile.sha256), template.blanks);
  const sheetRead = performance.now();
  const archive = photoFile
    ? await openPhotoArchive(app.sheets, await localPathOf(storage, photoFile.sha256))
    : null;
  const images = template.blanks.filter((b) => b.blank_type === BlankType.IMAGE);
  const photos = await collectPhotos(
    app,
    { id: caller.user.id, companyId: caller.company.id },
    archive,
    rows,
    images,
  );
  const photosRead = performance.now();

  const batchId = uuidv7();
  // Library certificates from the start (drafts until generated): what they print is what the library shows.
  const certificates = rows.map((row): NewCertificate => {
    const ofRow = photos.byRow.get(row);
    const values: BlankValue[] = template.blanks.map((b) => ({
      name: b.name,
      val: b.blank_type === BlankType.IMAGE ? (ofRow?.get(b.name) ?? '') : (row.values[b.name] ?? ''),
    }));
    const failed = row.problems.length > 0;
    return {
      id: uuidv7(),
      companyId: caller.company.id,
      source: CertificateSource.CUSTOM,
      sourceId: batchId,
      rowNumber: row.rowNumber,
      rowKey: row.rowKey,
      ...printedFields(template.blanks, values),
      values,
      produceStatus: failed ? ProduceStatus.FAILED : ProduceStatus.PENDING,
      failReason: failed ? failReasonOf(row) : null,
      status: CertificateStatus.DRAFT,
    };
  });
  const waiting = certificates
    .filter((c) => c.produceStatus === ProduceStatus.PENDING)
    .map((c) => c.rowNumber!);

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
    failedCount: certificates.filter((c) => c.produceStatus === ProduceStatus.FAILED).length,
    createdBy: caller.user.id,
  });
  try {
    // Certificates first: every photo file row written after them is named by one, so a crash in between leaves
    // nothing removeAbandonedUploads cannot find.
    // In pieces: on the embedded database each statement holds the event loop while it runs.
    await insertCertificates(db, certificates, certificateInsertRows(app));
    await inPieces(photos.records, pieceRows(app, 50, 2000), (part) => recordManyFiles(db, part));
    await db.transaction(async (tx) => {
      await tx
        .update(customCertificateBatches)
        .set({ status: CertificateHandleStatus.PROCESSING })
        .where(eq(customCertificateBatches.id, batchId));
      await queueRendering(
        app,
        tx,
        { kind: CertificateSource.CUSTOM, sourceId: batchId, companyId: caller.company.id },
        waiting,
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
  // The steps' times tell an operator (and bench:certificates) where a slow upload spent its time.
  app.log.info(
    {
      batchId,
      rows: rows.length,
      photos: photos.records.length,
      sheetMs: Math.round(sheetRead - started),
      photosMs: Math.round(photosRead - sheetRead),
      writeMs: Math.round(performance.now() - photosRead),
    },
    '批量上传已受理',
  );
  if (waiting.length) wakeRendering(app, CertificateSource.CUSTOM);
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
    await deleteSourceDrafts(tx, batchId);
    await tx.delete(customCertificateBatches).where(eq(customCertificateBatches.id, batchId));
    await forgetFiles(tx, photoFileIds);
  });
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The photo files of a batch's certificates (the values of its image blanks). */
async function photoFilesOf(db: DbOrTx, batch: Pick<BatchRow, 'id' | 'template'>): Promise<string[]> {
  const names = batch.template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name);
  return (await sourceValuesNamed(db, batch.id, names)).filter((id) => FILE_ID.test(id));
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

/** What the batch list reads (its cached pages hold until one of them is written). */
export const BATCH_LIST_TABLES = [
  'custom_certificate_batches',
  'custom_certificate_templates',
  'companies',
  'users',
  'files',
] as const;

/**
 * The company's batches, newest first. One statement: the page, its total, and beside each batch its template's,
 * company's, creator's and sheet's names (the last three as SQL from their owners' services).
 */
export async function listBatches(
  db: DbOrTx,
  own: CompanyScope,
  q: { page: number; per_page: number; name?: string; certificate_handle_status?: number },
): Promise<{ list: CustomCertificateBatch[]; total: number }> {
  const where = and(
    ofCompany(customCertificateBatches, own),
    visible,
    q.name ? ilike(customCertificateBatches.name, containsPattern(q.name)) : undefined,
    q.certificate_handle_status !== undefined
      ? eq(customCertificateBatches.status, q.certificate_handle_status)
      : undefined,
  );
  const rows = await db
    .select({
      ...batchSelection,
      creatorName: userNameSql(customCertificateBatches.createdBy),
      fileName: fileNameSql(customCertificateBatches.fileId),
      companyName: companyNameSql(customCertificateBatches.companyId),
      total: totalOf(customCertificateBatches, where),
    })
    .from(customCertificateBatches)
    .leftJoin(
      customCertificateTemplates,
      eq(customCertificateTemplates.id, customCertificateBatches.templateId),
    )
    .where(where)
    .orderBy(desc(customCertificateBatches.createdAt), desc(customCertificateBatches.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  // An empty page past the first carries no total: it is counted alone.
  const total =
    rows[0]?.total ??
    (q.page === 1
      ? 0
      : ((await db.select({ n: count() }).from(customCertificateBatches).where(where))[0]?.n ?? 0));
  return { list: rows.map((r) => toBatch(r, r.companyName ?? '')), total };
}
