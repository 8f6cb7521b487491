import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import { TemplateKey } from '@skill-cert/shared/messages';
import { and, asc, between, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type BatchChunk,
  type RenderOutcome,
  registerRenderBatch,
} from '../certificate-engine/batch-runner.ts';
import { filesZip, rowNumberPages } from '../certificate-engine/download.ts';
import { enterLibrary } from '../certificates/custom-entry.ts';
import { insertFilesFrom } from '../files/service.ts';
import { certificateFileName, verifyPath } from './naming.ts';
import { customCertificateBatches, customCertificates } from './tables.ts';

type BatchRow = typeof customCertificateBatches.$inferSelect;

export const RENDER_QUEUE = 'custom-certificate-render';
/** The dead-letter queue of RENDER_QUEUE: chunks whose job failed for good (their rows still waiting fail). */
export const RENDER_GAVE_UP_QUEUE = 'custom-certificate-render-gave-up';

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'custom-certificate-render': BatchChunk;
    'custom-certificate-render-gave-up': BatchChunk;
  }
}

export const CERTIFICATE_CATEGORY = '证书通知';

/**
 * Once no certificate of a batch is waiting, the batch is 已完成 (1) or 部分失败 (2) and its uploader gets
 * create_custom_certificate_done. The status change and the stored message are one transaction: a crash
 * between them loses neither (the job that runs again, or its dead letter, finishes it then). The status change is
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

/**
 * Batch uploads rendered by the engine's durable batch runner: their certificates still waiting are its row source,
 * and each group of outcomes is written back in one statement, with the batch's counters (its progress).
 */
export async function registerBatchRendering(app: FastifyInstance): Promise<void> {
  await registerRenderBatch<BatchRow>(app, {
    queue: RENDER_QUEUE,
    gaveUpQueue: RENDER_GAVE_UP_QUEUE,
    async waiting(chunk) {
      const [batch] = await app.db
        .select()
        .from(customCertificateBatches)
        .where(eq(customCertificateBatches.id, chunk.batchId));
      if (batch?.status !== 0) return null;
      const rows = await app.db
        .select({
          id: customCertificates.id,
          rowNumber: customCertificates.rowNumber,
          blanks: customCertificates.blanks,
        })
        .from(customCertificates)
        .where(
          and(
            eq(customCertificates.batchId, batch.id),
            eq(customCertificates.status, ProduceStatus.PENDING),
            between(customCertificates.rowNumber, chunk.fromRow, chunk.toRow),
          ),
        )
        .orderBy(asc(customCertificates.rowNumber));
      return {
        batch,
        template: batch.template,
        createdAt: batch.createdAt,
        certificates: rows.map((row) => ({
          id: row.id,
          values: row.blanks,
          qrText: `${app.config.publicUrl}${verifyPath(row.id)}`,
          fileName: certificateFileName(row),
        })),
      };
    },
    record: (batch, outcomes) => recordOutcomes(app, batch, outcomes),
    giveUp: (chunk, reason) => failWaiting(app, chunk, reason),
    async finish(batchId) {
      await finishBatchIfDone(app, batchId);
    },
  });
}

/** A chunk given up: its certificates still waiting fail with `reason`, and the batch's failure count moves with them. */
async function failWaiting(app: FastifyInstance, chunk: BatchChunk, reason: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      update ${customCertificates}
      set status = ${ProduceStatus.FAILED}, fail_reason = ${reason}, updated_at = now()
      where batch_id = ${chunk.batchId} and status = ${ProduceStatus.PENDING}
        and row_number between ${chunk.fromRow} and ${chunk.toRow}
      returning id`)) as unknown as { rows: { id: string }[] };
    if (res.rows.length)
      await tx
        .update(customCertificateBatches)
        .set({ failedCount: sql`${customCertificateBatches.failedCount} + ${res.rows.length}` })
        .where(eq(customCertificateBatches.id, chunk.batchId));
  });
}

/**
 * One statement per group: rows still waiting become generated (with their PDF file record) or failed, and the
 * batch's counters move by exactly the rows that changed. One statement with one JSON parameter, not a transaction
 * of several with many bound values: on the embedded database each round trip holds the event loop, and this is
 * the main thread's largest share of a batch. Answers whether certificates of the batch are still waiting.
 */
async function recordOutcomes(
  app: FastifyInstance,
  batch: BatchRow,
  group: RenderOutcome[],
): Promise<boolean> {
  const values = JSON.stringify(
    group.map((o) =>
      o.ok
        ? { id: o.id, file_id: o.fileId, sha256: o.sha256, size: o.size, origin_name: o.name }
        : { id: o.id, reason: o.reason },
    ),
  );
  const res = (await app.db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb)
        as v(id uuid, file_id uuid, sha256 text, size bigint, origin_name text, reason text)
    ), marked as (
      update ${customCertificates} as c
      set status = case when v.file_id is null then ${ProduceStatus.FAILED}::smallint else ${ProduceStatus.DONE}::smallint end,
        file_id = v.file_id, fail_reason = v.reason,
        generated_at = case when v.file_id is null then c.generated_at else now() end, updated_at = now()
      from v
      where c.id = v.id and c.status = ${ProduceStatus.PENDING}
      returning c.id, c.blanks, c.generated_at, v.file_id, v.sha256, v.size, v.origin_name
    ), library as (
      ${enterLibrary(sql`select id, ${batch.companyId}::uuid as company_id, ${batch.id}::uuid as batch_id, blanks, generated_at, file_id from marked where file_id is not null`)}
    ), stored as (
      ${insertFilesFrom(sql`
        select file_id as id, ${batch.createdBy}::uuid as owner_id, ${batch.companyId}::uuid as company_id,
          sha256, size, 'pdf' as kind, origin_name
        from marked where file_id is not null`)}
    )
    update ${customCertificateBatches} as b
    set success_count = b.success_count + (select count(*) from marked where file_id is not null),
      failed_count = b.failed_count + (select count(*) from marked where file_id is null)
    where b.id = ${batch.id}
    returning b.success_count, b.failed_count, b.total`)) as unknown as {
    rows: { success_count: number; failed_count: number; total: number }[];
  };
  const [counts] = res.rows;
  // No batch row (removed meanwhile): nothing waits, and the finishing check finds nothing to finish.
  return counts ? counts.success_count + counts.failed_count < counts.total : false;
}

/** Every generated certificate of a batch as one streamed zip, in row order, named as their PDFs are. */
export function certificateZip(app: FastifyInstance, batchId: string, signal: AbortSignal) {
  return filesZip(
    app,
    rowNumberPages(async (after, limit) => {
      const rows = await app.db
        .select({
          rowNumber: customCertificates.rowNumber,
          blanks: customCertificates.blanks,
          fileId: customCertificates.fileId,
        })
        .from(customCertificates)
        .where(
          and(
            eq(customCertificates.batchId, batchId),
            eq(customCertificates.status, ProduceStatus.DONE),
            gt(customCertificates.rowNumber, after),
          ),
        )
        .orderBy(asc(customCertificates.rowNumber))
        .limit(limit);
      return rows.map((row) => ({
        rowNumber: row.rowNumber,
        fileId: row.fileId!,
        name: certificateFileName(row),
      }));
    }),
    signal,
    { batchId },
  );
}
