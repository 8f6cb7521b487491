import type { CertificateSourceValue } from '@skill-cert/shared/certificate';
import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import { and, asc, between, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import {
  type BatchChunk,
  chunksOf,
  type RenderOutcome,
  registerRenderBatch,
} from '../certificate-engine/batch-runner.ts';
import { filesZip, rowNumberPages } from '../certificate-engine/download.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { verifyPath } from '../custom-certificates/naming.ts';
import { insertFilesFrom } from '../files/service.ts';
import { BATCH_FIXED_BLANKS, certificateValues } from './national-template.ts';
import { certificates } from './tables.ts';

/**
 * Library certificates (`certificates` rows) rendered on the engine's durable batch runner (issue 21 point 4): a
 * batch is a source (a grant; later offline batches), its rows are the source's certificates still waiting
 * (`produce_status` 0) by `row_number`. The runner writes each row's PDF, `produce_status`, `fail_reason` and
 * `generated_at`; the source keeps its own counters and its end through the callbacks it registers here.
 */
export const LIBRARY_RENDER_QUEUE = 'library-certificate-render';
/** The dead-letter queue of LIBRARY_RENDER_QUEUE. */
export const LIBRARY_RENDER_GAVE_UP_QUEUE = 'library-certificate-render-gave-up';

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'library-certificate-render': BatchChunk;
    'library-certificate-render-gave-up': BatchChunk;
  }
}

/** What a kind of source (grant, offline batch) tells the renderer about one of its sources. */
export interface LibrarySource {
  /**
   * The template its certificates are rendered with, the date in their PDFs, and who owns the files; null when the
   * source is gone (its waiting rows are left alone).
   */
  load(
    db: DbOrTx,
    sourceId: string,
  ): Promise<{
    template: CertificateTemplate;
    createdAt: Date;
    ownerId: string;
    companyId: string;
  } | null>;
  /** Moves the source's counters by certificates just rendered, failed, or sent back to wait (negative). */
  counted(tx: DbOrTx, sourceId: string, change: { succeeded: number; failed: number }): Promise<void>;
  /** Certificates were added to the source after it started (a reissue): its total grows. */
  added(tx: DbOrTx, sourceId: string, count: number): Promise<void>;
  /** Nothing of the source waits any more: its end, once however often called. */
  finish(app: FastifyInstance, sourceId: string): Promise<void>;
}

/**
 * `counted` and `added` of a source whose counters are columns of its own row (a grant's, an offline batch's): the
 * rendered and failed counts move by a change, the total grows by certificates added.
 */
export function rowCounters(c: {
  table: PgTable;
  id: PgColumn;
  succeeded: PgColumn;
  failed: PgColumn;
  total: PgColumn;
}): Pick<LibrarySource, 'counted' | 'added'> {
  const column = (col: PgColumn) => sql.identifier(col.name);
  return {
    async counted(tx, sourceId, change) {
      await tx.execute(sql`update ${c.table}
        set ${column(c.succeeded)} = ${c.succeeded} + ${change.succeeded}, ${column(c.failed)} = ${c.failed} + ${change.failed}
        where ${c.id} = ${sourceId}`);
    },
    async added(tx, sourceId, n) {
      await tx.execute(
        sql`update ${c.table} set ${column(c.total)} = ${c.total} + ${n} where ${c.id} = ${sourceId}`,
      );
    },
  };
}

const sources = new Map<CertificateSourceValue, LibrarySource>();

/** A kind of source renders its certificates here (registered once, when its module loads). */
export function defineLibrarySource(source: CertificateSourceValue, impl: LibrarySource): void {
  sources.set(source, impl);
}

export function librarySource(source: CertificateSourceValue): LibrarySource | null {
  return sources.get(source) ?? null;
}

interface Batch {
  sourceId: string;
  source: LibrarySource;
  ownerId: string;
  companyId: string;
}

/** The PDF's name (inside the zip too): number and holder. */
export function libraryFileName(c: { certificateNo: string | null; holderName: string; rowNumber: number }) {
  return `${[c.certificateNo ?? String(c.rowNumber), c.holderName].join('_').replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;
}

async function sourceOf(db: DbOrTx, sourceId: string): Promise<LibrarySource | null> {
  const [row] = await db
    .select({ source: certificates.source })
    .from(certificates)
    .where(eq(certificates.sourceId, sourceId))
    .limit(1);
  return row ? librarySource(row.source) : null;
}

const registered = new WeakSet<object>();

/** Registers the library's render job on the app (once, whichever source's module asks first). */
export async function registerLibraryRendering(app: FastifyInstance): Promise<void> {
  // Plugins see encapsulated instances of one app; its HTTP server is the same.
  if (registered.has(app.server)) return;
  registered.add(app.server);
  await registerRenderBatch<Batch>(app, {
    queue: LIBRARY_RENDER_QUEUE,
    gaveUpQueue: LIBRARY_RENDER_GAVE_UP_QUEUE,
    async waiting(chunk) {
      const source = await sourceOf(app.db, chunk.batchId);
      const loaded = source ? await source.load(app.db, chunk.batchId) : null;
      if (!source || !loaded) return null;
      const rows = await app.db
        .select({
          id: certificates.id,
          rowNumber: certificates.rowNumber,
          certificateNo: certificates.certificateNo,
          holderName: certificates.holderName,
          idType: certificates.idType,
          idNumber: certificates.idNumber,
          occupationName: certificates.occupationName,
          workType: certificates.workType,
          level: certificates.level,
          institutionName: certificates.institutionName,
          issueDate: certificates.issueDate,
          photoFileId: certificates.photoFileId,
          ownValues: certificates.values,
        })
        .from(certificates)
        .where(
          and(
            eq(certificates.sourceId, chunk.batchId),
            eq(certificates.produceStatus, ProduceStatus.PENDING),
            between(certificates.rowNumber, chunk.fromRow, chunk.toRow),
          ),
        )
        .orderBy(asc(certificates.rowNumber));
      return {
        batch: { sourceId: chunk.batchId, source, ownerId: loaded.ownerId, companyId: loaded.companyId },
        template: loaded.template,
        createdAt: loaded.createdAt,
        fixedBlanks: BATCH_FIXED_BLANKS,
        // The values are derived from the row's fields each time (not stored): one rule, less to write and read.
        certificates: rows.map((row) => ({
          id: row.id,
          values: certificateValues(
            loaded.template,
            { ...row, certificateNo: row.certificateNo ?? '', issueDate: row.issueDate ?? '' },
            app.config.publicUrl,
          ),
          qrText: `${app.config.publicUrl}${verifyPath(row.id)}`,
          fileName: libraryFileName(row),
        })),
      };
    },
    record: (batch, outcomes) => recordOutcomes(app, batch, outcomes),
    async giveUp(chunk, reason) {
      const source = await sourceOf(app.db, chunk.batchId);
      await app.db.transaction(async (tx) => {
        const failed = await tx
          .update(certificates)
          .set({ produceStatus: ProduceStatus.FAILED, failReason: reason, updatedAt: new Date() })
          .where(
            and(
              eq(certificates.sourceId, chunk.batchId),
              eq(certificates.produceStatus, ProduceStatus.PENDING),
              between(certificates.rowNumber, chunk.fromRow, chunk.toRow),
            ),
          )
          .returning({ id: certificates.id });
        if (failed.length && source)
          await source.counted(tx, chunk.batchId, { succeeded: 0, failed: failed.length });
      });
    },
    async finish(sourceId) {
      const source = await sourceOf(app.db, sourceId);
      await source?.finish(app, sourceId);
    },
  });
}

/**
 * One transaction per group: rows still waiting become generated (with their PDF's file record) or failed in one
 * statement, then the source's counters move by exactly the rows that changed. Answers whether rows of the source
 * still wait.
 */
async function recordOutcomes(app: FastifyInstance, batch: Batch, group: RenderOutcome[]): Promise<boolean> {
  const values = JSON.stringify(
    group.map((o) =>
      o.ok
        ? { id: o.id, file_id: o.fileId, sha256: o.sha256, size: o.size, origin_name: o.name }
        : { id: o.id, reason: o.reason },
    ),
  );
  return app.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${values}::jsonb)
          as v(id uuid, file_id uuid, sha256 text, size bigint, origin_name text, reason text)
      ), marked as (
        update ${certificates} as c
        set produce_status = case when v.file_id is null then ${ProduceStatus.FAILED}::smallint else ${ProduceStatus.DONE}::smallint end,
          file_id = v.file_id, fail_reason = v.reason,
          generated_at = case when v.file_id is null then c.generated_at else now() end, updated_at = now()
        from v
        where c.id = v.id and c.produce_status = ${ProduceStatus.PENDING}
        returning v.file_id, v.sha256, v.size, v.origin_name
      ), stored as (
        ${insertFilesFrom(sql`
          select file_id as id, ${batch.ownerId}::uuid as owner_id, ${batch.companyId}::uuid as company_id,
            sha256, size, 'pdf' as kind, origin_name
          from marked where file_id is not null`)}
      )
      select count(*) filter (where file_id is not null)::int as succeeded,
        count(*) filter (where file_id is null)::int as failed
      from marked`)) as unknown as { rows: { succeeded: number; failed: number }[] };
    const [change] = res.rows;
    if (change.succeeded || change.failed) await batch.source.counted(tx, batch.sourceId, change);
    const [waiting] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(
        and(eq(certificates.sourceId, batch.sourceId), eq(certificates.produceStatus, ProduceStatus.PENDING)),
      )
      .limit(1);
    return Boolean(waiting);
  });
}

/** Queues the rendering of a source's rows (by row number) inside the caller's transaction; `wake` after commit. */
export async function queueRendering(
  app: FastifyInstance,
  tx: DbOrTx,
  sourceId: string,
  rowNumbers: number[],
): Promise<void> {
  const chunks = chunksOf(sourceId, rowNumbers);
  if (chunks.length)
    await app.jobs.insert(
      LIBRARY_RENDER_QUEUE,
      chunks.map((data) => ({ data })),
      { tx },
    );
}

/** After the transaction that queued rendering committed: this instance's idle workers start now. */
export const wakeRendering = (app: FastifyInstance) => app.jobs.notify(LIBRARY_RENDER_QUEUE);

/**
 * Renders one failed certificate again (its values as they are): it waits again, its source's failure count goes
 * down, and a job renders it. False when it is not failed (nothing changed).
 */
export async function renderAgain(app: FastifyInstance, certificateId: string): Promise<boolean> {
  const queued = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(certificates)
      .set({ produceStatus: ProduceStatus.PENDING, failReason: null, updatedAt: new Date() })
      .where(and(eq(certificates.id, certificateId), eq(certificates.produceStatus, ProduceStatus.FAILED)))
      .returning({
        sourceId: certificates.sourceId,
        source: certificates.source,
        rowNumber: certificates.rowNumber,
      });
    if (!row) return false;
    await librarySource(row.source)?.counted(tx, row.sourceId, { succeeded: 0, failed: -1 });
    await queueRendering(app, tx, row.sourceId, [row.rowNumber]);
    return true;
  });
  if (queued) wakeRendering(app);
  return queued;
}

/** Every generated certificate of a source as one streamed zip (the engine's `filesZip`), in row order. */
export function sourceZip(app: FastifyInstance, sourceId: string, signal: AbortSignal) {
  return filesZip(
    app,
    rowNumberPages(async (after, limit) => {
      const rows = await app.db
        .select({
          rowNumber: certificates.rowNumber,
          certificateNo: certificates.certificateNo,
          holderName: certificates.holderName,
          fileId: certificates.fileId,
        })
        .from(certificates)
        .where(
          and(
            eq(certificates.sourceId, sourceId),
            eq(certificates.produceStatus, ProduceStatus.DONE),
            gt(certificates.rowNumber, after),
          ),
        )
        .orderBy(asc(certificates.rowNumber))
        .limit(limit);
      return rows.map((row) => ({
        rowNumber: row.rowNumber,
        fileId: row.fileId!,
        name: libraryFileName(row),
      }));
    }),
    signal,
    { sourceId },
  );
}
