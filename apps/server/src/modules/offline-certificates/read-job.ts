import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { evaluationMethodText } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import {
  OFFLINE_METHODS,
  OFFLINE_SHEET_MAX_ROWS,
  OfflineBatchStatus,
} from '@skill-cert/shared/offline-certificates';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { SheetRow, SheetTable } from '../certificate-engine/service.ts';
import { collectPhotos, ID_CARD_BLANK, NAME_BLANK, openPhotoArchive } from '../certificate-engine/service.ts';
import { ownBlanksOf } from '../certificates/service.ts';
import { findFiles, localPathOf, recordManyFiles } from '../files/service.ts';
import { cellOf, columnsOf, storeErrorSheet } from '../level-evaluations/service.ts';
import type { BatchRecord } from './batches.ts';
import { insertDrafts, judge, type NewDraft } from './drafts.ts';
import { READ_GAVE_UP_QUEUE, READ_QUEUE } from './read-queue.ts';
import { type DraftFields, idTypeOf, sheetColumns } from './rules.ts';
import { offlineCertificateBatches, offlineCertificateDrafts } from './tables.ts';

/** What the sheet is called in messages. */
const FIELD = '证书信息表';
export const CERTIFICATE_CATEGORY = '证书通知';
export const READ_FAILED_REASON = '读取证书信息表时系统多次出错，请稍后重新上传';

/** The photo a draft may have (optional): the national template's photo blank. */
const PHOTO_BLANK: TemplateBlank = {
  _id: 'photo',
  name: 'photo',
  cn_name: '照片',
  required: 0,
  blank_type: 2,
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  font_size: 12,
  color: '#000000',
  align: 'center',
  bold: 0,
};

/** Why a sheet or zip cannot be read at all: the batch fails (9 失败) with it. */
class Unreadable extends Error {}

const unreadable = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw new Unreadable(err.message);
    throw err;
  }
};

/** The sheet's rows as drafts' fields (every cell a string, trimmed). */
function fieldsOf(
  table: SheetTable,
  columns: Map<string, number>,
  ownBlanks: TemplateBlank[],
): DraftFields[] {
  return table.rows.map(({ rowNumber, cells }) => {
    const cell = (c: string) => cellOf(cells, columns, c);
    const results: Record<string, string> = {};
    for (const method of OFFLINE_METHODS) {
      const v = cell(evaluationMethodText[method]);
      if (v) results[String(method)] = v;
    }
    const values: Record<string, string> = {};
    for (const b of ownBlanks) values[b.name] = cell(b.cn_name);
    return {
      rowNumber,
      name: cell('姓名'),
      ...idTypeOf(cell('证件类型')),
      idNumber: cell('证件号码').toUpperCase(),
      results,
      values,
      photoProblem: null,
    };
  });
}

/**
 * Reads a batch 0 解析中: its sheet (the engine's sheet thread) and photo zip (openPhotoArchive / matchPhotos through
 * collectPhotos) into drafts judged by the rules, the error sheet of the rows with problems, then in one transaction
 * the drafts, the photos' file rows and 1 待确认, with the starter's create_offline_level_evaluate_certificate_done
 * (成功 n 条，失败 m 条). A sheet or zip that cannot be read at all: 9 失败 with the reason. Run again after a crash it
 * finds the batch read and does nothing.
 */
export async function readBatch(app: FastifyInstance, batchId: string): Promise<void> {
  const [b] = await app.db
    .select()
    .from(offlineCertificateBatches)
    .where(eq(offlineCertificateBatches.id, batchId));
  if (b?.status !== OfflineBatchStatus.PARSING) return;
  try {
    await readAndWrite(app, b);
  } catch (err) {
    if (!(err instanceof Unreadable)) throw err;
    await failBatch(app, b.id, err.message);
  }
}

async function readAndWrite(app: FastifyInstance, b: BatchRecord): Promise<void> {
  const { db, storage } = app;
  const files = new Map(
    (await findFiles(db, [b.fileId, ...(b.photoZipFileId ? [b.photoZipFileId] : [])])).map((f) => [f.id, f]),
  );
  const sheetFile = files.get(b.fileId);
  if (!sheetFile) throw new Unreadable('证书信息表不存在或已删除，请重新上传');
  const ownBlanks = ownBlanksOf(b.template);
  const wanted = sheetColumns(ownBlanks);
  const table = await unreadable(async () =>
    app.sheets.readTable(await localPathOf(storage, sheetFile.sha256), {
      maxRows: OFFLINE_SHEET_MAX_ROWS,
      field: FIELD,
    }),
  );
  if (table.tooMany) throw new Unreadable(`${FIELD}一次最多 ${OFFLINE_SHEET_MAX_ROWS} 行，请分批上传`);
  if (table.rows.length === 0) throw new Unreadable(`${FIELD}中没有数据，请至少填写一行后上传`);
  const columns = await unreadable(async () => columnsOf(table, wanted, ['姓名', '证件号码'], FIELD));
  const fields = fieldsOf(table, columns, ownBlanks);

  const owner = { id: b.createdBy, companyId: b.companyId };
  const photoIds = new Map<number, string>();
  let photoRecords: Awaited<ReturnType<typeof collectPhotos>>['records'] = [];
  const zipFile = b.photoZipFileId ? files.get(b.photoZipFileId) : undefined;
  if (b.photoZipFileId && !zipFile) throw new Unreadable('照片压缩包不存在或已删除，请重新上传');
  if (zipFile) {
    const archive = await unreadable(async () =>
      openPhotoArchive(app.sheets, await localPathOf(storage, zipFile.sha256)),
    );
    const rows: SheetRow[] = fields.map((f) => ({
      rowNumber: f.rowNumber,
      rowKey: '',
      values: { [NAME_BLANK]: f.name, [ID_CARD_BLANK]: f.idNumber },
      problems: [],
    }));
    const photos = await collectPhotos(app, owner, archive, rows, [PHOTO_BLANK]);
    photoRecords = photos.records;
    rows.forEach((row, i) => {
      const id = photos.byRow.get(row)?.get(PHOTO_BLANK.name);
      if (id) photoIds.set(row.rowNumber, id);
      if (row.problems.length) fields[i].photoProblem = row.problems.join('；');
    });
  }

  const judged = await judge(db, b, fields);
  const drafts: NewDraft[] = fields.map((f) => ({
    ...f,
    photoFileId: photoIds.get(f.rowNumber) ?? null,
    ...(judged.get(f.rowNumber) ?? { problems: [], duplicateHolder: false }),
  }));
  const failed = drafts.filter((d) => d.problems.length > 0);
  const problems = new Map(failed.map((d) => [d.rowNumber, d.problems]));
  const errorFile = failed.length
    ? await storeErrorSheet(app, owner, {
        fileName: `${b.name}-错误报告.xlsx`,
        headers: wanted,
        columns,
        rows: table.rows.filter((r) => problems.has(r.rowNumber)),
        problems,
      })
    : null;

  const succeeded = drafts.length - failed.length;
  await app.messenger.finishAndTell(
    async (tx) => {
      const [locked] = await tx
        .select({ status: offlineCertificateBatches.status })
        .from(offlineCertificateBatches)
        .where(eq(offlineCertificateBatches.id, b.id))
        .for('update');
      if (locked?.status !== OfflineBatchStatus.PARSING) return null;
      await tx.delete(offlineCertificateDrafts).where(eq(offlineCertificateDrafts.batchId, b.id));
      await insertDrafts(tx, b.id, drafts);
      await recordManyFiles(tx, photoRecords);
      await tx
        .update(offlineCertificateBatches)
        .set({
          status: OfflineBatchStatus.TO_CONFIRM,
          total: drafts.length,
          errorFileId: errorFile?.id ?? null,
          failReason: null,
          readAt: new Date(),
        })
        .where(eq(offlineCertificateBatches.id, b.id));
      return {
        userIds: [b.createdBy],
        message: {
          category: CERTIFICATE_CATEGORY,
          content:
            `「${b.name}」证书信息解析完成：成功 ${succeeded} 条，失败 ${failed.length} 条` +
            (failed.length ? '，请下载错误报告，修改后重新上传或在确认发证页逐条修改' : '，请核对后确认发证'),
          templateKey: TemplateKey.OFFLINE_CERTIFICATE_DONE,
          relatedId: b.id,
          fileId: errorFile?.id ?? null,
        },
      };
    },
    { batchId: b.id },
  );
}

/** The batch 0 解析中 fails (9 失败) with the reason, and its starter is told. */
async function failBatch(app: FastifyInstance, batchId: string, reason: string): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const [failed] = await tx
        .update(offlineCertificateBatches)
        .set({ status: OfflineBatchStatus.FAILED, failReason: reason, readAt: new Date() })
        .where(
          and(
            eq(offlineCertificateBatches.id, batchId),
            eq(offlineCertificateBatches.status, OfflineBatchStatus.PARSING),
          ),
        )
        .returning();
      if (!failed) return null;
      await tx.delete(offlineCertificateDrafts).where(eq(offlineCertificateDrafts.batchId, batchId));
      return {
        userIds: [failed.createdBy],
        message: {
          category: CERTIFICATE_CATEGORY,
          content: `「${failed.name}」证书信息解析失败：${reason}`,
          templateKey: TemplateKey.OFFLINE_CERTIFICATE_DONE,
          relatedId: batchId,
        },
      };
    },
    { batchId },
  );
}

/** The durable read job; once its retries are spent, its dead letter fails the batch and tells the starter. */
export async function registerReadJob(app: FastifyInstance): Promise<void> {
  await app.jobs.work(READ_QUEUE, async ({ batchId }) => readBatch(app, batchId), {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 3600,
    deadLetter: READ_GAVE_UP_QUEUE,
    // Queued by batches.ts, which wakes the worker after the commit.
    pollRarely: true,
  });
  await app.jobs.work(
    READ_GAVE_UP_QUEUE,
    async ({ batchId }) => failBatch(app, batchId, READ_FAILED_REASON),
    { pollRarely: true },
  );
}
