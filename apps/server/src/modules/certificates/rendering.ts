import {
  CertificateSource,
  type CertificateSourceValue,
  CertificateStatus,
} from '@skill-cert/shared/certificates';
import { ProduceStatus } from '@skill-cert/shared/custom-certificates';
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/client.ts';
import { inPieces, pieceRows } from '../../lib/pieces.ts';
import {
  type BatchChunk,
  chunksOf,
  filesZip,
  type RenderOutcome,
  registerRenderBatch,
  renderChunkNow,
  rowNumberPages,
} from '../certificate-engine/service.ts';
import type { BlankValue, CertificateTemplate } from '../certificate-engine/types.ts';
import { insertFilesFrom } from '../files/service.ts';
import { type CertificateFields, certificateValues } from './national-template.ts';
import { certificates } from './tables.ts';

/**
 * Library certificates (`certificates` rows) rendered on the engine's durable batch runner, one rendering path for
 * every source: a batch is a source (a grant, an offline batch, a custom batch), its rows are the source's
 * certificates still waiting (`produce_status` 0) by `row_number`. The runner writes each row's PDF,
 * `produce_status`, `fail_reason` and `generated_at`; the source keeps its own counters and its end through the
 * `LibrarySource` it registers (app.ts wires them all).
 */
export const LIBRARY_RENDER_QUEUE = 'library-certificate-render';
/** The dead-letter queue of LIBRARY_RENDER_QUEUE. */
export const LIBRARY_RENDER_GAVE_UP_QUEUE = 'library-certificate-render-gave-up';
/** Custom batches render in a lane of their own, so a company's 10,000-row upload never queues a grant behind it. */
export const CUSTOM_RENDER_QUEUE = 'custom-certificate-render';
export const CUSTOM_RENDER_GAVE_UP_QUEUE = 'custom-certificate-render-gave-up';

/** A chunk of a library source: the engine's range of rows and the kind of source they belong to. */
export interface LibraryChunk extends BatchChunk {
  /** Absent on chunks queued before the kind travelled with them: then read from the rows. */
  kind?: CertificateSourceValue;
}

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'library-certificate-render': LibraryChunk;
    'library-certificate-render-gave-up': LibraryChunk;
    'custom-certificate-render': LibraryChunk;
    'custom-certificate-render-gave-up': LibraryChunk;
  }
}

type LibraryQueue = typeof LIBRARY_RENDER_QUEUE | typeof CUSTOM_RENDER_QUEUE;
const GAVE_UP_QUEUE: Record<
  LibraryQueue,
  typeof LIBRARY_RENDER_GAVE_UP_QUEUE | typeof CUSTOM_RENDER_GAVE_UP_QUEUE
> = {
  [LIBRARY_RENDER_QUEUE]: LIBRARY_RENDER_GAVE_UP_QUEUE,
  [CUSTOM_RENDER_QUEUE]: CUSTOM_RENDER_GAVE_UP_QUEUE,
};

/** A library row as the renderer reads it: the national fields and the values its company typed. */
export type RenderRow = Omit<CertificateFields, 'certificateNo' | 'issueDate'> & {
  id: string;
  rowNumber: number;
  rowKey: string;
  certificateNo: string | null;
  issueDate: string | null;
  ownValues: BlankValue[];
};

/** What a source is rendered with: the template, the date in its PDFs, and who owns the files. */
export interface LoadedSource {
  template: CertificateTemplate;
  createdAt: Date;
  ownerId: string;
  companyId: string;
}

/** What a kind of source (grant, offline batch, custom batch) tells the library about one of its sources. */
export interface LibrarySource {
  kind: CertificateSourceValue;
  /** The queue its chunks render in. */
  queue: LibraryQueue;
  /** The template and owner of a source; null when the source is gone (its waiting rows are left alone). */
  load(db: DbOrTx, sourceId: string): Promise<LoadedSource | null>;
  /**
   * The values one certificate is rendered with. By default the national fields under the default blank names and
   * the row's own values for the template's other blanks (`certificateValues`); a custom batch prints what was typed.
   */
  valuesOf?(template: CertificateTemplate, row: RenderRow, publicUrl: string): BlankValue[];
  /** The blanks laid out once per render thread (labels and fields the same on every certificate of a source). */
  fixedBlanks?: ReadonlySet<string>;
  /** The PDF's name (inside the zip too). By default number and holder. */
  fileName?(
    row: Pick<RenderRow, 'rowNumber' | 'rowKey' | 'certificateNo' | 'holderName' | 'idNumber'>,
  ): string;
  /** A custom certificate is issued by being generated: it becomes 有效 when its PDF is recorded. */
  validWhenGenerated?: boolean;
  /** Moves the source's counters by certificates just rendered, failed, or sent back to wait (negative). */
  counted(tx: DbOrTx, sourceId: string, change: { succeeded: number; failed: number }): Promise<void>;
  /** Certificates were added to the source after it started (a reissue): its total grows. */
  added(tx: DbOrTx, sourceId: string, count: number): Promise<void>;
  /** Nothing of the source waits any more: its end, once however often called. */
  finish(app: FastifyInstance, sourceId: string): Promise<void>;
}

/**
 * `counted` and `added` of a source whose counters are columns of its own row (a grant's, an offline batch's, a
 * custom batch's): the rendered and failed counts move by a change, the total grows by certificates added.
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The kinds of library source, by kind (registered by `certificateLibraryPlugin`). */
    librarySources: ReadonlyMap<CertificateSourceValue, LibrarySource>;
  }
}

/** The PDF's name of a national certificate (inside the zip too): number and holder. */
export function libraryFileName(c: { certificateNo: string | null; holderName: string; rowNumber: number }) {
  return `${[c.certificateNo ?? String(c.rowNumber), c.holderName].join('_').replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;
}

/** The public page of a certificate (its QR code points there). */
export const verifyPath = (certificateId: string) => `/information-link/${certificateId}`;

function sourceOfKind(app: FastifyInstance, kind: CertificateSourceValue): LibrarySource {
  const source = app.librarySources.get(kind);
  if (!source) throw new Error(`未注册的证书来源：${kind}`);
  return source;
}

/** The kind of a chunk's source: carried by the chunk, or (a chunk queued before it was) read from its rows. */
async function kindOf(app: FastifyInstance, chunk: LibraryChunk): Promise<CertificateSourceValue | null> {
  if (chunk.kind) return chunk.kind;
  const [row] = await app.db
    .select({ source: certificates.source })
    .from(certificates)
    .where(eq(certificates.sourceId, chunk.batchId))
    .limit(1);
  return row?.source ?? null;
}

interface Batch {
  sourceId: string;
  source: LibrarySource;
  ownerId: string;
  companyId: string;
}

/** The chunk's source and its certificates still waiting, as the engine renders them. */
async function waiting(app: FastifyInstance, chunk: LibraryChunk) {
  const kind = await kindOf(app, chunk);
  const source = kind ? app.librarySources.get(kind) : undefined;
  const loaded = source ? await source.load(app.db, chunk.batchId) : null;
  if (!source || !loaded) return null;
  const readRange = (fromRow: number, toRow: number): Promise<RenderRow[]> =>
    app.db
      .select({
        id: certificates.id,
        rowNumber: certificates.rowNumber,
        rowKey: certificates.rowKey,
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
          between(certificates.rowNumber, fromRow, toRow),
        ),
      )
      .orderBy(asc(certificates.rowNumber));
  // Read a range of row numbers at a time, each read short enough not to hold the embedded database's thread.
  const numbers = Array.from({ length: chunk.toRow - chunk.fromRow + 1 }, (_, i) => chunk.fromRow + i);
  const rows = (
    await inPieces(numbers, pieceRows(app, 50, 1000), (range) => readRange(range[0], range[range.length - 1]))
  ).flat();
  const { publicUrl } = app.config;
  const valuesOf =
    source.valuesOf ??
    ((template: CertificateTemplate, row: RenderRow) =>
      certificateValues(
        template,
        { ...row, certificateNo: row.certificateNo ?? '', issueDate: row.issueDate ?? '' },
        publicUrl,
      ));
  const fileName = source.fileName ?? libraryFileName;
  return {
    batch: { sourceId: chunk.batchId, source, ownerId: loaded.ownerId, companyId: loaded.companyId },
    template: loaded.template,
    createdAt: loaded.createdAt,
    fixedBlanks: source.fixedBlanks,
    // The values are derived from the row's fields each time (not stored): one rule, less to write and read.
    certificates: rows.map((row) => ({
      id: row.id,
      values: valuesOf(loaded.template, row, publicUrl),
      qrText: `${publicUrl}${verifyPath(row.id)}`,
      fileName: fileName(row),
    })),
  };
}

/** The engine's batch kind of the library: every source's rows, read, recorded and ended the same way. */
function libraryBatch(app: FastifyInstance, queue: LibraryQueue) {
  return {
    queue,
    gaveUpQueue: GAVE_UP_QUEUE[queue],
    waiting: (chunk: LibraryChunk) => waiting(app, chunk),
    record: (batch: Batch, outcomes: RenderOutcome[]) => recordOutcomes(app, batch, outcomes),
    giveUp: (chunk: LibraryChunk, reason: string) => failWaiting(app, chunk, reason),
    async finish(sourceId: string, chunk: LibraryChunk) {
      const kind = await kindOf(app, chunk);
      if (kind) await app.librarySources.get(kind)?.finish(app, sourceId);
    },
  };
}

/**
 * The certificate library's sources and their render workers, registered in one place (app.ts): every source kind
 * named here renders through the same path; the two queues (national sources, custom batches) each get workers.
 */
export const certificateLibraryPlugin = fp<{ sources: LibrarySource[] }>(
  async (app, { sources }) => {
    app.decorate('librarySources', new Map(sources.map((s) => [s.kind, s])));
    for (const queue of new Set(sources.map((s) => s.queue)))
      await registerRenderBatch<Batch, LibraryChunk>(app, libraryBatch(app, queue));
  },
  { name: 'certificate-library', dependencies: ['jobs', 'render-pool'] },
);

/** A chunk given up: its certificates still waiting fail with `reason`, and the source's failure count moves. */
async function failWaiting(app: FastifyInstance, chunk: LibraryChunk, reason: string): Promise<void> {
  const kind = await kindOf(app, chunk);
  const source = kind ? app.librarySources.get(kind) : undefined;
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
}

/**
 * A group of outcomes, recorded in pieces short enough not to hold the embedded database's thread, each
 * piece its own transaction. Answers whether rows of the source still wait (asked by the last piece only).
 */
async function recordOutcomes(app: FastifyInstance, batch: Batch, group: RenderOutcome[]): Promise<boolean> {
  const answers = await inPieces(group, pieceRows(app, 25, 500), (piece, last) =>
    recordPiece(app, batch, piece, last),
  );
  return answers[answers.length - 1] ?? false;
}

/**
 * One transaction: rows still waiting become generated (with their PDF's file record; a custom certificate also
 * 有效, issued on the generation day unless it prints a date) or failed in one statement, then the source's counters
 * move by exactly the rows that changed. With `ask`, answers whether rows of the source still wait (else true).
 */
async function recordPiece(
  app: FastifyInstance,
  batch: Batch,
  group: RenderOutcome[],
  ask: boolean,
): Promise<boolean> {
  const values = JSON.stringify(
    group.map((o) =>
      o.ok
        ? { id: o.id, file_id: o.fileId, sha256: o.sha256, size: o.size, origin_name: o.name }
        : { id: o.id, reason: o.reason },
    ),
  );
  const issued = Boolean(batch.source.validWhenGenerated);
  return app.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${values}::jsonb)
          as v(id uuid, file_id uuid, sha256 text, size bigint, origin_name text, reason text)
      ), marked as (
        update ${certificates} as c
        set produce_status = case when v.file_id is null then ${ProduceStatus.FAILED}::smallint else ${ProduceStatus.DONE}::smallint end,
          file_id = v.file_id, fail_reason = v.reason,
          generated_at = case when v.file_id is null then c.generated_at else now() end, updated_at = now(),
          status = case when ${issued} and v.file_id is not null and c.status = ${CertificateStatus.DRAFT}
            then ${CertificateStatus.VALID}::smallint else c.status end,
          confirmed_at = case when ${issued} and v.file_id is not null and c.status = ${CertificateStatus.DRAFT}
            then now() else c.confirmed_at end,
          issue_date = case when ${issued} and v.file_id is not null
            then coalesce(c.issue_date, (now() at time zone 'Asia/Shanghai')::date) else c.issue_date end
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
    if (!ask) return true;
    const [still] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(
        and(eq(certificates.sourceId, batch.sourceId), eq(certificates.produceStatus, ProduceStatus.PENDING)),
      )
      .limit(1);
    return Boolean(still);
  });
}

/** A source whose rows are queued: its kind, its id, and the company it belongs to (whose turn it takes). */
export interface QueuedSource {
  kind: CertificateSourceValue;
  sourceId: string;
  companyId: string;
}

/**
 * Queues the rendering of a source's rows (by row number) inside the caller's transaction; `wakeRendering` after
 * the commit. Companies take turns in the queue: a company's 10,000-row batch never makes another's wait.
 */
export async function queueRendering(
  app: FastifyInstance,
  tx: DbOrTx,
  { kind, sourceId, companyId }: QueuedSource,
  rowNumbers: number[],
): Promise<void> {
  const chunks = chunksOf(sourceId, rowNumbers).map((chunk): LibraryChunk => ({ ...chunk, kind }));
  if (chunks.length)
    await app.jobs.insert(
      sourceOfKind(app, kind).queue,
      chunks.map((data) => ({ data })),
      { tx, tenant: companyId },
    );
}

/** After the transaction that queued rendering committed: this instance's idle workers start now. */
export const wakeRendering = (app: FastifyInstance, kind: CertificateSourceValue) =>
  app.jobs.notify(sourceOfKind(app, kind).queue);

/**
 * Renders failed certificates again: in one transaction each waits again with the values given (`values`: a
 * custom certificate corrected by its company; the fields it prints move with them), its source's failure count goes
 * down and a job is queued for it (what finishes the work should this process stop). With `now`, this request then
 * renders them itself through the same path (the queued job later finds nothing waiting). Answers the ids changed
 * (those not failed are left as they are).
 */
export async function renderAgain(
  app: FastifyInstance,
  certificateIds: string[],
  {
    values,
    now = false,
  }: { values?: Map<string, Partial<typeof certificates.$inferInsert>>; now?: boolean } = {},
): Promise<string[]> {
  const queued = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(certificates)
      .set({ produceStatus: ProduceStatus.PENDING, failReason: null, updatedAt: new Date() })
      .where(
        and(inArray(certificates.id, certificateIds), eq(certificates.produceStatus, ProduceStatus.FAILED)),
      )
      .returning({
        id: certificates.id,
        sourceId: certificates.sourceId,
        source: certificates.source,
        companyId: certificates.companyId,
        rowNumber: certificates.rowNumber,
      });
    for (const row of rows) {
      const changed = values?.get(row.id);
      if (changed) await tx.update(certificates).set(changed).where(eq(certificates.id, row.id));
      await sourceOfKind(app, row.source).counted(tx, row.sourceId, { succeeded: 0, failed: -1 });
      await queueRendering(app, tx, { kind: row.source, ...row }, [row.rowNumber]);
    }
    return rows;
  });
  if (now)
    for (const row of queued)
      await renderChunkNow(app, libraryBatch(app, sourceOfKind(app, row.source).queue), {
        batchId: row.sourceId,
        fromRow: row.rowNumber,
        toRow: row.rowNumber,
        kind: row.source,
      });
  else for (const kind of new Set(queued.map((r) => r.source))) wakeRendering(app, kind);
  return queued.map((r) => r.id);
}

/** Every generated certificate of a source as one streamed zip (the engine's `filesZip`), in row order. */
export function sourceZip(app: FastifyInstance, sourceId: string, signal: AbortSignal) {
  return filesZip(
    app,
    rowNumberPages(async (after, limit) => {
      const rows = await app.db
        .select({
          source: certificates.source,
          rowNumber: certificates.rowNumber,
          rowKey: certificates.rowKey,
          certificateNo: certificates.certificateNo,
          holderName: certificates.holderName,
          idNumber: certificates.idNumber,
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
        name: (app.librarySources.get(row.source)?.fileName ?? libraryFileName)(row),
      }));
    }),
    signal,
    { sourceId },
  );
}

/** The kinds of library source that national numbering applies to (custom certificates print their own). */
export const isNationalSource = (kind: CertificateSourceValue) => kind !== CertificateSource.CUSTOM;
