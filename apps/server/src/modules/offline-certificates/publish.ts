import type { PassThrough } from 'node:stream';
import { CertificateSource, certificateStatusText } from '@skill-cert/shared/certificates';
import { ProduceStatus } from '@skill-cert/shared/custom-certificates';
import { idTypeText } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { skillLevelName } from '@skill-cert/shared/occupations';
import {
  OFFLINE_EXPORT_COLUMNS,
  OfflineBatchStatus,
  type OfflineCertificateRow,
  type OfflinePublishResult,
  type offlineCertificateQuery,
} from '@skill-cert/shared/offline-certificates';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { streamTable } from '../certificate-engine/service.ts';
import {
  BATCH_FIXED_BLANKS,
  CERTIFICATE_NOT_FOUND,
  type CertificateRow,
  certificateInsertRows,
  confirmCertificates,
  insertNumberedDrafts,
  LIBRARY_RENDER_QUEUE,
  type LibrarySource,
  noneWaiting,
  numberPrefixOf,
  numberRange,
  ownBlanksOf,
  queueRendering,
  renderAgain,
  rowCounters,
  sourceCertificate,
  sourceCertificates,
  sourceCertificatesAfter,
  sourceZip,
  toSourceCertificateRow,
  validHoldersAmong,
  wakeRendering,
} from '../certificates/service.ts';
import { companyNameOf } from '../companies/service.ts';
import { openBatchArchive } from './archive.ts';
import { type BatchRecord, filedScope, findBatch, type OfflineCaller } from './batches.ts';
import { draftsOf } from './drafts.ts';
import { CERTIFICATE_CATEGORY } from './read-job.ts';
import { offlineCertificateBatches } from './tables.ts';

export const NOT_PUBLISHED = '该批次尚未发布，没有可导出的证书';

// ------------------------------------------------------------------------------------------- rendering

const counters = rowCounters({
  table: offlineCertificateBatches,
  id: offlineCertificateBatches.id,
  succeeded: offlineCertificateBatches.renderedCount,
  failed: offlineCertificateBatches.failedCount,
  total: offlineCertificateBatches.total,
});

/** An offline batch's certificates render on the library's path; the batch keeps the counters and its end. */
export const offlineLibrarySource: LibrarySource = {
  kind: CertificateSource.OFFLINE,
  queue: LIBRARY_RENDER_QUEUE,
  fixedBlanks: BATCH_FIXED_BLANKS,
  async load(db, sourceId) {
    const [b] = await db
      .select()
      .from(offlineCertificateBatches)
      .where(eq(offlineCertificateBatches.id, sourceId));
    return b
      ? {
          template: b.template,
          createdAt: b.publishedAt ?? b.createdAt,
          ownerId: b.createdBy,
          companyId: b.companyId,
        }
      : null;
  },
  ...counters,
  // A certificate regenerated after the batch was 3 已发布 is valid in the transaction that records its PDF.
  async counted(tx, sourceId, change) {
    await counters.counted(tx, sourceId, change);
    if (change.succeeded <= 0) return;
    const [b] = await tx
      .select({ status: offlineCertificateBatches.status })
      .from(offlineCertificateBatches)
      .where(eq(offlineCertificateBatches.id, sourceId));
    if (b?.status === OfflineBatchStatus.PUBLISHED)
      await confirmCertificates(tx, sourceId, new Date(), { renderedOnly: true });
  },
  finish: finishBatchIfDone,
};

/**
 * Once no certificate of a batch 2 发布中 waits (each rendered or failed), in one transaction: the rendered ones
 * become 1 有效 (listed, publicly verifiable), the batch 3 已发布, and its starter gets
 * publish_offline_level_evaluate_certificate_done saying how many succeeded and failed. A failed one stays a draft
 * (not listed, not verifiable) until 重新生成 renders it (then `counted` above makes it valid). The guarded update
 * lets exactly one caller do it.
 */
export async function finishBatchIfDone(app: FastifyInstance, batchId: string): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const at = new Date();
      const [done] = await tx
        .update(offlineCertificateBatches)
        .set({ status: OfflineBatchStatus.PUBLISHED, finishedAt: at })
        .where(
          and(
            eq(offlineCertificateBatches.id, batchId),
            eq(offlineCertificateBatches.status, OfflineBatchStatus.PUBLISHING),
            noneWaiting(batchId),
          ),
        )
        .returning();
      if (!done) return null;
      await confirmCertificates(tx, batchId, at, { renderedOnly: true });
      const range = await numberRange(tx, batchId);
      const next =
        done.failedCount > 0 ? '失败的证书请在证书详情中重新生成，生成后即生效' : '可导出证书及编号';
      return {
        userIds: [done.createdBy],
        message: {
          category: CERTIFICATE_CATEGORY,
          content: `「${done.name}」证书已发布：共 ${done.total} 张，成功 ${done.renderedCount} 张，失败 ${done.failedCount} 张，证书编号 ${range.first} 至 ${range.last}，${next}`,
          templateKey: TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED,
          relatedId: batchId,
        },
      };
    },
    { batchId },
  );
}

// ---------------------------------------------------------------------------------------------- publish

/**
 * 确认发证 (company administrators): in ONE transaction, under the batch's lock, the national numbers of every draft
 * (consecutive serials of the company's institution code + the site's code, the issue year and the level: the
 * granting rules), the library rows (source 2, status 0 待确认 until rendered) and their render jobs → 2 发布中.
 * Refused (400) unless 1 待确认, at least one draft, none with a problem, the scope still filed, no holder meanwhile
 * holding a valid certificate of the scope, and the codes assigned.
 */
export async function publishBatch(
  app: FastifyInstance,
  caller: OfflineCaller,
  batchId: string,
): Promise<OfflinePublishResult> {
  const result = await app.db.transaction(async (tx) => {
    const b = await findBatch(tx, caller.company, batchId, true);
    if (b.status === OfflineBatchStatus.PUBLISHING || b.status === OfflineBatchStatus.PUBLISHED)
      throw badRequest('该批次已确认发证，不能重复发证');
    if (b.status !== OfflineBatchStatus.TO_CONFIRM)
      throw badRequest('该批次尚未解析完成或解析失败，不能确认发证');
    const drafts = await draftsOf(tx, b.id);
    if (drafts.length === 0) throw badRequest('没有可发证的证书信息，请重新上传证书信息表');
    const withProblems = drafts.filter((d) => d.problems.length > 0).length;
    if (withProblems > 0) throw badRequest(`有 ${withProblems} 条证书信息存在问题，请修改或删除后再确认发证`);
    await filedScope(
      tx,
      caller.company,
      { occupationCode: b.occupationCode, workType: b.workType, level: b.level, siteId: b.siteId },
      true,
    );
    const holders = await validHoldersAmong(
      tx,
      b.companyId,
      { occupationCode: b.occupationCode, workType: b.workType, level: b.level },
      drafts.map((d) => d.idNumber),
    );
    const holder = drafts.find((d) => holders.has(d.idNumber));
    if (holder) throw badRequest(`${holder.name}已持有本单位同职业、同等级的有效证书，请删除后再确认发证`);
    const found = await numberPrefixOf(tx, b.companyId, b.siteId);
    if (found.prefix === null) throw badRequest(found.problem);
    const own = ownBlanksOf(b.template);
    const { numbers, rowNumbers } = await insertNumberedDrafts(
      tx,
      {
        prefix: found.prefix,
        companyId: b.companyId,
        source: CertificateSource.OFFLINE,
        sourceId: b.id,
        occupationCode: b.occupationCode,
        occupationName: b.occupationName,
        workType: b.workType,
        level: b.level,
        institutionName: await companyNameOf(tx, b.companyId),
        issueDate: b.issueDate,
      },
      drafts.map((d) => ({
        holderName: d.name,
        idType: d.idType,
        idNumber: d.idNumber,
        photoFileId: d.photoFileId,
        values: own.map((bl) => ({ name: bl.name, val: d.values[bl.name] ?? '' })),
      })),
      certificateInsertRows(app),
    );
    await tx
      .update(offlineCertificateBatches)
      .set({
        status: OfflineBatchStatus.PUBLISHING,
        total: drafts.length,
        renderedCount: 0,
        failedCount: 0,
        publishedAt: new Date(),
        publishedBy: caller.user.id,
        publishedByName: caller.user.name,
      })
      .where(eq(offlineCertificateBatches.id, b.id));
    await openBatchArchive(tx, b, caller.user);
    await queueRendering(
      app,
      tx,
      { kind: CertificateSource.OFFLINE, sourceId: b.id, companyId: b.companyId },
      rowNumbers,
    );
    return { count: drafts.length, first_no: numbers[0], last_no: numbers[numbers.length - 1] };
  });
  wakeRendering(app, CertificateSource.OFFLINE);
  return result;
}

// ------------------------------------------------------------------------------------------ certificates

/** A batch whose certificates exist (2 发布中 or 3 已发布); 400 before. */
export async function publishedBatch(db: DbOrTx, own: CompanyScope, batchId: string): Promise<BatchRecord> {
  const b = await findBatch(db, own, batchId);
  if (b.status !== OfflineBatchStatus.PUBLISHING && b.status !== OfflineBatchStatus.PUBLISHED)
    throw badRequest(NOT_PUBLISHED);
  return b;
}

/** `GET .../{id}/certificates`: in number order; keyword: name prefix, ID number or certificate number. */
export async function listBatchCertificates(
  db: DbOrTx,
  own: CompanyScope,
  batchId: string,
  q: z.output<typeof offlineCertificateQuery>,
): Promise<{ list: OfflineCertificateRow[]; total: number }> {
  const b = await findBatch(db, own, batchId);
  const { rows, total } = await sourceCertificates(db, b.id, q);
  return {
    list: rows.map(toSourceCertificateRow),
    total,
  };
}

/** Renders a certificate of the batch that failed to render again (administrators). */
export async function regenerateCertificate(
  app: FastifyInstance,
  own: CompanyScope,
  batchId: string,
  certificateId: string,
): Promise<void> {
  const b = await findBatch(app.db, own, batchId);
  const row = await sourceCertificate(app.db, b.id, certificateId);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  if (row.produceStatus !== ProduceStatus.FAILED || (await renderAgain(app, [row.id])).length === 0)
    throw badRequest('只有生成失败的证书可以重新生成');
}

/** Every rendered certificate of a batch as one streamed zip, in number order. */
export const batchZip = sourceZip;

/** Rows read at once while the export streams out. */
const EXPORT_PAGE = 1000;

/** The cells of a certificate in the export for filing with the authorities (OFFLINE_EXPORT_COLUMNS). */
function exportCells(b: BatchRecord): (c: CertificateRow) => string[] {
  const values: Record<(typeof OFFLINE_EXPORT_COLUMNS)[number], (c: CertificateRow) => string> = {
    证书编号: (c) => c.certificateNo ?? '',
    姓名: (c) => c.holderName,
    证件类型: (c) => idTypeText[c.idType as 1] ?? '',
    证件号码: (c) => c.idNumber,
    职业名称: (c) => c.occupationName ?? '',
    '工种/职业方向': (c) => c.workType ?? '',
    职业技能等级: (c) => (c.level ? skillLevelName(c.level) : ''),
    评价机构: (c) => c.institutionName ?? '',
    考核站点: () => b.siteName,
    评价开始日期: () => b.startDate,
    评价结束日期: () => b.endDate,
    发证日期: (c) => c.issueDate ?? '',
    证书状态: (c) => certificateStatusText[c.status],
  };
  return (c) => OFFLINE_EXPORT_COLUMNS.map((header) => values[header](c));
}

/** `GET .../{id}/export`: the numbers of a published batch as one streamed .xlsx (the engine's streamTable). */
export async function exportBatch(
  db: DbOrTx,
  b: BatchRecord,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  const cells = exportCells(b);
  async function* pages() {
    let after = 0;
    for (;;) {
      const rows = await sourceCertificatesAfter(db, b.id, after, EXPORT_PAGE);
      yield rows.map(cells);
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE) return;
      after = tail.rowNumber;
    }
  }
  return streamTable(
    {
      sheetName: '证书编号',
      columns: OFFLINE_EXPORT_COLUMNS.map((header) => ({
        header,
        width: header === '证书编号' || header === '证件号码' ? 24 : 14,
      })),
    },
    pages,
    (err) => log.error({ err, batchId: b.id }, '证书编号导出失败'),
    signal,
  );
}
