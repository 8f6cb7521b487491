import { BlankType, ProduceStatus } from '@skill-cert/shared/customCertificate';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from '../../lib/id.ts';
import { JobInterrupted } from '../../plugins/jobs.ts';
import { putContent, recordManyFiles } from '../files/service.ts';
import { RenderError } from './render/types.ts';
import { buildRenderJob, filePaths, verifyPath } from './render-job.ts';
import {
  CHUNK_ROWS,
  certificateFileName,
  finishBatchIfDone,
  RENDER_QUEUE,
  type RenderChunk,
  removeAbandonedUploads,
} from './service.ts';
import { customCertificateBatches, customCertificates, type StoredBlankValue } from './tables.ts';

type BatchRow = typeof customCertificateBatches.$inferSelect;

/** Results are written in groups (this many, or what a second brought): few transactions per batch. */
const FLUSH_EVERY = 100;
const FLUSH_AFTER_MS = 1000;

type Outcome =
  | { id: string; ok: true; fileId: string; sha256: string; size: number; name: string }
  | { id: string; ok: false; reason: string };

/**
 * Registers the durable render job of batch uploads. Each job is a range of one batch's rows; it renders the
 * rows still waiting through the worker pool (every core), stores each PDF and marks the row in the database.
 * A row is only ever marked from waiting (0), so a job that runs again after a restart redoes just the rows that
 * were not committed, and none twice.
 */
export async function registerBatchJob(app: FastifyInstance): Promise<void> {
  await removeAbandonedUploads(app.db);
  await app.jobs.work(RENDER_QUEUE, (chunk, job) => renderChunk(app, chunk, job.signal), {
    // Two jobs at once, so the pool is kept busy while one of them commits.
    localConcurrency: 3,
    pollingIntervalSeconds: 0.5,
    retryLimit: 50,
    retryDelay: 1,
    // A crashed instance's chunk is picked up again after this long (a chunk takes seconds).
    expireInSeconds: Math.max(120, CHUNK_ROWS * 3),
  });
}

export async function renderChunk(
  app: FastifyInstance,
  chunk: RenderChunk,
  signal: AbortSignal,
): Promise<void> {
  const { db, storage } = app;
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

  if (rows.length > 0) {
    const template = batch.template;
    const imageNames = new Set(
      template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name),
    );
    const paths = await filePaths(db, storage, [
      template.render_background_file_id ?? '',
      ...rows.flatMap((r) => r.blanks.filter((v) => imageNames.has(v.name) && v.val).map((v) => v.val)),
    ]);
    const backgroundPath = template.render_background_file_id
      ? (paths.get(template.render_background_file_id) ?? null)
      : null;

    const outcomes: Outcome[] = [];
    let writing: Promise<void> = Promise.resolve();
    let flushedAt = Date.now();
    const flush = () => {
      flushedAt = Date.now();
      const group = outcomes.splice(0);
      writing = writing.then(() => writeOutcomes(app, batch, group));
      return writing;
    };

    const renderOne = async (row: { id: string; rowNumber: number; blanks: StoredBlankValue[] }) => {
      const missing = row.blanks.find((v) => imageNames.has(v.name) && v.val && !paths.has(v.val));
      if (missing) return { id: row.id, ok: false as const, reason: '照片文件不存在，请重新上传' };
      const job = buildRenderJob(template, row.blanks, {
        backgroundPath,
        imagePathOf: (fileId) => paths.get(fileId),
        qrText: `${app.config.publicUrl}${verifyPath(row.id)}`,
      });
      try {
        const pdf = await app.renderPool.render(job);
        const { sha256, size } = await putContent(storage, pdf);
        return {
          id: row.id,
          ok: true as const,
          fileId: uuidv7(),
          sha256,
          size,
          name: certificateFileName(row),
        };
      } catch (err) {
        if (err instanceof RenderError) return { id: row.id, ok: false as const, reason: err.message };
        throw err;
      }
    };

    let next = 0;
    let failure: unknown = null;
    const width = Math.max(2, app.renderPool.threads * 2);
    await Promise.all(
      Array.from({ length: Math.min(width, rows.length) }, async () => {
        while (next < rows.length && !signal.aborted && !failure) {
          const row = rows[next++];
          try {
            outcomes.push(await renderOne(row));
            if (outcomes.length >= FLUSH_EVERY || Date.now() - flushedAt > FLUSH_AFTER_MS) await flush();
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
  }
  await finishBatchIfDone(app, batch.id);
}

/**
 * One transaction per group: rows still waiting become generated (with their PDF file) or failed, and the
 * batch's counters move by exactly the rows that changed. One JSON parameter per statement: the embedded
 * database takes that far faster than many bound values.
 */
async function writeOutcomes(app: FastifyInstance, batch: BatchRow, group: Outcome[]): Promise<void> {
  if (group.length === 0) return;
  const done = group.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
  const failed = group.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
  await app.db.transaction(async (tx) => {
    let generated = 0;
    let refused = 0;
    if (done.length) {
      const values = JSON.stringify(done.map((d) => ({ id: d.id, file_id: d.fileId })));
      const res = (await tx.execute(sql`
        update ${customCertificates} as c
        set status = ${ProduceStatus.DONE}, file_id = v.file_id, fail_reason = null, generated_at = now(), updated_at = now()
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, file_id uuid)
        where c.id = v.id and c.status = ${ProduceStatus.PENDING}
        returning c.id`)) as unknown as { rows: { id: string }[] };
      const marked = new Set(res.rows.map((r) => r.id));
      generated = marked.size;
      await recordManyFiles(
        tx,
        done
          .filter((d) => marked.has(d.id))
          .map((d) => ({
            id: d.fileId,
            ownerId: batch.createdBy,
            companyId: batch.companyId,
            sha256: d.sha256,
            size: d.size,
            kind: 'pdf' as const,
            originName: d.name,
          })),
      );
    }
    if (failed.length) {
      const values = JSON.stringify(failed.map((f) => ({ id: f.id, reason: f.reason })));
      const res = (await tx.execute(sql`
        update ${customCertificates} as c
        set status = ${ProduceStatus.FAILED}, fail_reason = v.reason, updated_at = now()
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, reason text)
        where c.id = v.id and c.status = ${ProduceStatus.PENDING}
        returning c.id`)) as unknown as { rows: { id: string }[] };
      refused = res.rows.length;
    }
    if (generated || refused)
      await tx
        .update(customCertificateBatches)
        .set({
          successCount: sql`${customCertificateBatches.successCount} + ${generated}`,
          failedCount: sql`${customCertificateBatches.failedCount} + ${refused}`,
        })
        .where(eq(customCertificateBatches.id, batch.id));
  });
}
