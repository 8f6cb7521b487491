import { BlankType, ProduceStatus } from '@skill-cert/shared/customCertificate';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { breathe } from '../../lib/breathe.ts';
import { uuidv7 } from '../../lib/id.ts';
import { JobInterrupted } from '../../plugins/jobs.ts';
import { type RenderManyItem, RenderPoolClosed } from '../../plugins/render-pool.ts';
import { insertFilesFrom, putContent } from '../files/service.ts';
import { RenderError } from './render/types.ts';
import { buildRenderJob, filePaths, verifyPath } from './render-job.ts';
import {
  certificateFileName,
  finishBatchIfDone,
  RENDER_GAVE_UP_QUEUE,
  RENDER_QUEUE,
  type RenderChunk,
  removeAbandonedUploads,
} from './service.ts';
import { customCertificateBatches, customCertificates } from './tables.ts';

type BatchRow = typeof customCertificateBatches.$inferSelect;

/** Results are written in groups (this many, or what a second brought): few statements per batch. */
const FLUSH_EVERY = 125;
/** Certificates per worker task: fewer messages between threads, still a fine grain for progress and retries. */
export const TASK_ROWS = 8;
const FLUSH_AFTER_MS = 1000;

/**
 * A certificate whose render fails for a reason of the system (a worker crashed, storage refused the PDF, out
 * of memory) is tried this often, alone, waiting a little longer each time; then it alone is marked failed.
 */
export const ROW_ATTEMPTS = 3;
const ROW_RETRY_DELAY_MS = 500;
export const SYSTEM_FAILURE_REASON = `证书生成时系统出错（已自动重试 ${ROW_ATTEMPTS} 次），请稍后重新生成`;
/** A whole chunk failed more often than its job may be retried: its certificates still waiting fail with this. */
export const GAVE_UP_REASON = '证书生成任务多次出错已停止，请稍后重新生成';

/** Job-level retries (a database error, an instance that died): far fewer are needed now that rows retry alone. */
const JOB_RETRY_LIMIT = 20;
const JOB_RETRY_DELAY_S = 3;

type Outcome =
  | { id: string; ok: true; fileId: string; sha256: string; size: number; name: string }
  | { id: string; ok: false; reason: string };

/**
 * Registers the durable render job of batch uploads. Each job is a range of one batch's rows; it renders the
 * rows still waiting through the worker pool (every core), stores each PDF and marks the row in the database.
 * A row is only ever marked from waiting (0), so a job that runs again after a restart redoes just the rows that
 * were not committed, and none twice. A job that fails for good (its retries spent, by errors or by expiring)
 * lands in RENDER_GAVE_UP_QUEUE, whose handler fails the rows it left waiting and finishes the batch, so no batch
 * stays 生成中 and its uploader always gets the message.
 */
export async function registerBatchJob(app: FastifyInstance): Promise<void> {
  await removeAbandonedUploads(app.db);
  await app.jobs.work(RENDER_GAVE_UP_QUEUE, (chunk) => giveUpChunk(app, chunk), {
    retryLimit: JOB_RETRY_LIMIT,
    retryDelay: JOB_RETRY_DELAY_S,
  });
  await app.jobs.work(RENDER_QUEUE, (chunk, job) => renderChunk(app, chunk, job.signal), {
    // Three jobs at once, so the pool is kept busy while one of them commits.
    localConcurrency: 3,
    pollingIntervalSeconds: 0.5,
    retryLimit: JOB_RETRY_LIMIT,
    retryDelay: JOB_RETRY_DELAY_S,
    // A crashed instance's chunk is picked up again after this long (a chunk takes seconds).
    expireInSeconds: 300,
    deadLetter: RENDER_GAVE_UP_QUEUE,
  });
}

/**
 * The end of a chunk whose job failed for good: its certificates still waiting fail with GAVE_UP_REASON (they can
 * be regenerated), the batch's failure count moves with them, and the batch finishes when nothing else waits.
 */
export async function giveUpChunk(app: FastifyInstance, chunk: RenderChunk): Promise<void> {
  app.log.error({ chunk }, '证书生成任务多次失败，剩余证书标记为生成失败');
  await app.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      update ${customCertificates}
      set status = ${ProduceStatus.FAILED}, fail_reason = ${GAVE_UP_REASON}, updated_at = now()
      where batch_id = ${chunk.batchId} and status = ${ProduceStatus.PENDING}
        and row_number between ${chunk.fromRow} and ${chunk.toRow}
      returning id`)) as unknown as { rows: { id: string }[] };
    if (res.rows.length)
      await tx
        .update(customCertificateBatches)
        .set({ failedCount: sql`${customCertificateBatches.failedCount} + ${res.rows.length}` })
        .where(eq(customCertificateBatches.id, chunk.batchId));
  });
  await finishBatchIfDone(app, chunk.batchId);
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export async function renderChunk(
  app: FastifyInstance,
  chunk: RenderChunk,
  signal: AbortSignal,
): Promise<void> {
  const { db, storage } = app;
  // Each step of a chunk (reading its rows, each write of results, finishing) is a chain of statements that holds
  // the event loop while it runs; between steps, requests that arrived are answered first (lib/breathe.ts). Without
  // this, three chunks ending together chained their writes and the next chunks' reads into 100–180 ms.
  await breathe();
  const [batch] = await db
    .select()
    .from(customCertificateBatches)
    .where(eq(customCertificateBatches.id, chunk.batchId));
  if (batch?.status !== 0) return;
  const rows = await db
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

  // Whether, after this chunk's last write, the batch's counters fell short of its total: other chunks are then still
  // under way, and the finishing check (a statement of its own) is left to the one that ends last.
  let othersWaiting = false as boolean;
  if (rows.length > 0) {
    const template = batch.template;
    const imageNames = new Set(
      template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name),
    );
    const paths = await filePaths(db, storage, [
      template.render_background_file_id ?? '',
      ...rows.flatMap((r) => r.blanks.filter((v) => imageNames.has(v.name) && v.val).map((v) => v.val)),
    ]);
    await breathe();
    const backgroundPath = template.render_background_file_id
      ? (paths.get(template.render_background_file_id) ?? null)
      : null;

    const outcomes: Outcome[] = [];
    let writing: Promise<void> = Promise.resolve();
    // Results wait at most FLUSH_AFTER_MS before they are written, so progress shows even while renders are slow.
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const group = outcomes.splice(0);
      writing = writing.then(async () => {
        if (group.length === 0) return;
        await breathe();
        othersWaiting = await writeOutcomes(app, batch, group);
      });
      return writing;
    };

    type Row = (typeof rows)[number];
    const missingPhoto = (row: Row) =>
      row.blanks.some((v) => imageNames.has(v.name) && v.val && !paths.has(v.val));
    const jobOf = (row: Row) =>
      buildRenderJob(template, row.blanks, {
        backgroundPath,
        imagePathOf: (fileId) => paths.get(fileId),
        qrText: `${app.config.publicUrl}${verifyPath(row.id)}`,
      });
    const generated = (row: Row, stored: { sha256: string; size: number }): Outcome => ({
      id: row.id,
      ok: true,
      fileId: uuidv7(),
      ...stored,
      name: certificateFileName(row),
    });
    const stopping = (err: unknown) => signal.aborted || err instanceof RenderPoolClosed;

    /**
     * One certificate alone, after its first try failed for a reason of the system: retried with a growing pause,
     * then failed with a reason. A bad input of its own fails it at once.
     */
    const retryAlone = async (row: Row, firstError: unknown): Promise<Outcome> => {
      let error = firstError;
      for (let attempt = 2; ; attempt++) {
        app.log.warn({ err: error, certificateId: row.id, attempt }, '证书生成出错，稍后重试');
        await pause(ROW_RETRY_DELAY_MS * (attempt - 1), signal);
        if (signal.aborted) throw new JobInterrupted();
        try {
          return generated(row, await putContent(storage, await app.renderPool.render(jobOf(row))));
        } catch (err) {
          if (err instanceof RenderError) return { id: row.id, ok: false, reason: err.message };
          // Shutting down: not the row's fault; the job stops and the next instance redoes the row.
          if (stopping(err)) throw new JobInterrupted();
          error = err;
          if (attempt >= ROW_ATTEMPTS) {
            app.log.error({ err, certificateId: row.id, attempt }, '证书生成多次出错，标记为生成失败');
            return { id: row.id, ok: false, reason: SYSTEM_FAILURE_REASON };
          }
        }
      }
    };

    /**
     * A few certificates in one worker task: the worker writes each PDF into storage and answers its hash, so the
     * main thread only records the outcomes. A certificate the system failed is retried alone.
     */
    const renderGroup = async (group: Row[]): Promise<Outcome[]> => {
      const rendering = group.filter((row) => !missingPhoto(row));
      let items: RenderManyItem[] | null = null;
      let taskError: unknown = null;
      if (rendering.length > 0) {
        try {
          items = await app.renderPool.renderMany(rendering.map(jobOf), storage.localRoot ?? null);
        } catch (err) {
          if (stopping(err)) throw new JobInterrupted();
          taskError = err;
        }
      }
      return Promise.all(
        group.map(async (row): Promise<Outcome> => {
          if (missingPhoto(row)) return { id: row.id, ok: false, reason: '照片文件不存在，请重新上传' };
          const item = items?.[rendering.indexOf(row)];
          if (!item) return retryAlone(row, taskError);
          if ('stored' in item) return generated(row, item.stored);
          if ('pdf' in item) return generated(row, await putContent(storage, item.pdf));
          if ('renderError' in item) return { id: row.id, ok: false, reason: item.renderError };
          return retryAlone(row, new Error(item.systemError));
        }),
      );
    };

    let next = 0;
    let failure: unknown = null;
    // Each worker holds two tasks (one running, one waiting), so it never waits for the main thread.
    const width = Math.max(2, app.renderPool.threads * 2);
    // A short chunk is spread over every task slot rather than sent as one task.
    const perTask = Math.min(TASK_ROWS, Math.ceil(rows.length / width));
    await Promise.all(
      Array.from({ length: Math.min(width, Math.ceil(rows.length / perTask)) }, async () => {
        while (next < rows.length && !signal.aborted && !failure) {
          const group = rows.slice(next, next + perTask);
          next += group.length;
          try {
            outcomes.push(...(await renderGroup(group)));
            if (outcomes.length >= FLUSH_EVERY) await flush();
            // A failed write surfaces at the last flush below.
            else timer ??= setTimeout(() => void flush().catch(() => {}), FLUSH_AFTER_MS);
          } catch (err) {
            failure ??= err;
            return;
          }
        }
      }),
    );
    await flush();
    if (failure) throw failure;
    if (next < rows.length) throw new JobInterrupted();
    await breathe();
  }
  if (othersWaiting) return;
  await finishBatchIfDone(app, batch.id);
}

/**
 * One statement per group: rows still waiting become generated (with their PDF file record) or failed, and the
 * batch's counters move by exactly the rows that changed. One statement with one JSON parameter, not a transaction
 * of several with many bound values: on the embedded database each round trip holds the event loop, and this is
 * the main thread's largest share of a batch. Answers whether certificates of the batch are still waiting.
 */
async function writeOutcomes(app: FastifyInstance, batch: BatchRow, group: Outcome[]): Promise<boolean> {
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
      returning v.file_id, v.sha256, v.size, v.origin_name
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
