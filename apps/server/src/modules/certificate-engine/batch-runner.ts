import { EventEmitter } from 'node:events';
import { open, rm } from 'node:fs/promises';
import { BlankType } from '@skill-cert/shared/custom-certificates';
import type { FastifyInstance } from 'fastify';
import { breathe } from '../../lib/breathe.ts';
import { contentsModifiedSince, removeTempFiles } from '../../lib/content-store.ts';
import { uuidv7 } from '../../lib/id.ts';
import {
  DEAD_AFTER_SECONDS,
  JobInterrupted,
  type JobName,
  type JobPayloads,
  type Recovery,
} from '../../plugins/jobs.ts';
import { putContent, referencedContents } from '../files/service.ts';
import { PDF_PRODUCER, RenderError } from './render/types.ts';
import { buildRenderJob, filePaths } from './render-job.ts';
import { type RenderManyItem, RenderPoolClosed } from './render-pool.ts';
import type { BlankValue, CertificateTemplate } from './types.ts';

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

/** Rows of one render job: small enough that a crashed instance's share is redone quickly. */
export const CHUNK_ROWS = 250;

/** One job of a batch: its rows numbered fromRow..toRow (gaps where rows failed before rendering). */
export interface BatchChunk {
  batchId: string;
  fromRow: number;
  toRow: number;
}

/** The chunks a batch's rows still to render (their numbers, ascending) are split into, one job each. */
export function chunksOf(batchId: string, rowNumbers: number[]): BatchChunk[] {
  const chunks: BatchChunk[] = [];
  for (let i = 0; i < rowNumbers.length; i += CHUNK_ROWS) {
    const part = rowNumbers.slice(i, i + CHUNK_ROWS);
    chunks.push({ batchId, fromRow: part[0], toRow: part[part.length - 1] });
  }
  return chunks;
}

/** A certificate of a batch still waiting for its PDF. */
export interface WaitingCertificate {
  id: string;
  values: BlankValue[];
  /** What its QR code says (its public page). */
  qrText: string;
  /** The PDF's file name. */
  fileName: string;
}

/** What became of one certificate: its PDF stored by content (a file id to record it under), or why it failed. */
export type RenderOutcome =
  | { id: string; ok: true; fileId: string; sha256: string; size: number; name: string }
  | { id: string; ok: false; reason: string };

/**
 * A kind of batch the runner renders: where its rows come from and where their results go. The user of the engine
 * keeps its own rows and counters; the runner never sees its tables.
 */
export interface RenderBatch<Batch, Chunk extends BatchChunk = BatchChunk> {
  /**
   * The pg-boss queue of its chunks (a `BatchChunk` payload); the dead letters of the queue go to `gaveUpQueue`.
   * Whoever queues chunks calls `app.jobs.notify(queue)` after the commit (the queue polls rarely: `pollRarely`).
   */
  queue: ChunkQueue;
  gaveUpQueue: ChunkQueue;
  /**
   * The row source: the template and the chunk's certificates still waiting, in row order, or null when the batch
   * no longer renders (removed, finished). Only waiting rows: a chunk that runs again after a restart redoes just
   * the rows whose results were not recorded.
   */
  waiting(chunk: Chunk): Promise<{
    batch: Batch;
    template: CertificateTemplate;
    certificates: WaitingCertificate[];
    /**
     * The creation date in each PDF: the batch's, not the time of rendering, so a certificate rendered again after
     * a crash is the same bytes and so the same stored file; the copy the dead process wrote is not left over.
     */
    createdAt: Date;
    /**
     * The text blanks whose value is the same on every certificate of the template (labels): each render thread
     * lays them out once for all (`RenderBlank.fixed`).
     */
    fixedBlanks?: ReadonlySet<string>;
  } | null>;
  /**
   * The result sink: records the outcomes of certificates still waiting (one recorded already stays as it is, so
   * nothing counts twice) and moves the batch's progress. Answers whether certificates of the batch still wait.
   */
  record(batch: Batch, outcomes: RenderOutcome[]): Promise<boolean>;
  /** The chunk's job failed for good: its certificates still waiting fail with `reason`. */
  giveUp(chunk: Chunk, reason: string): Promise<void>;
  /**
   * Nothing of the chunk waits and no other chunk may: the batch ends if nothing else waits (once, however often
   * called).
   */
  finish(batchId: string, chunk: Chunk): Promise<void>;
}

const progress = new EventEmitter().setMaxListeners(0);

/**
 * Each group of a batch's outcomes once recorded, in this process: what a test waits for instead of polling, and
 * (at log level debug) a line `证书批次进度` in the log, which a test of a server process waits for.
 */
export function onBatchProgress(
  listener: (event: { batchId: string; recorded: number }) => void,
): () => void {
  progress.on('recorded', listener);
  return () => {
    progress.off('recorded', listener);
  };
}

/** Queues whose jobs are batch chunks. */
export type ChunkQueue = ChunkQueueOf<BatchChunk>;
/** Queues whose jobs are chunks of this kind. */
export type ChunkQueueOf<Chunk extends BatchChunk> = {
  [N in JobName]: JobPayloads[N] extends Chunk ? N : never;
}[JobName];

/**
 * Registers the durable render job of a kind of batch. Each job is a range of one batch's rows; it renders the rows
 * still waiting through the worker pool (every core), stores each PDF and hands the outcomes to the sink. A row is
 * only ever recorded from waiting, so a job that runs again after a restart redoes just the rows that were not
 * recorded, and none twice. A job that fails for good (its retries spent, by errors or by expiring) lands in the
 * dead-letter queue, whose handler fails the rows it left waiting and finishes the batch, so no batch stays
 * generating and its user always hears of the end.
 */
export async function registerRenderBatch<Batch, Chunk extends BatchChunk = BatchChunk>(
  app: FastifyInstance,
  kind: RenderBatch<Batch, Chunk> & { queue: ChunkQueueOf<Chunk>; gaveUpQueue: ChunkQueueOf<Chunk> },
): Promise<void> {
  await app.jobs.work(kind.gaveUpQueue, (chunk) => giveUpChunk(app, kind, chunk as Chunk), {
    pollRarely: true,
    retryLimit: JOB_RETRY_LIMIT,
    retryDelay: JOB_RETRY_DELAY_S,
  });
  await app.jobs.work(kind.queue, (chunk, job) => renderChunk(app, kind, chunk as Chunk, job.signal), {
    // Three jobs at once, so the pool is kept busy while one of them commits.
    localConcurrency: 3,
    pollingIntervalSeconds: 0.5,
    // Whoever queues chunks wakes the workers after the commit (`notify`): on the embedded database they look
    // for retries only every few seconds.
    pollRarely: true,
    retryLimit: JOB_RETRY_LIMIT,
    retryDelay: JOB_RETRY_DELAY_S,
    // A chunk still active this long is failed and retried: the last resort, since the chunks of a process that
    // died are taken back at once (embedded database) or within 20 s (PostgreSQL; plugins/jobs.ts).
    expireInSeconds: 300,
    deadLetter: kind.gaveUpQueue,
    recover: (recovery) => removeLeftovers(app, recovery),
  });
}

/**
 * Before the chunks of a process that died run again: the PDFs it was writing when it died are removed (temporary
 * files never renamed into storage). The PDFs it finished but did not record are, most often, the same bytes the
 * chunk renders again (the batch's creation date, not the time of rendering, is in each), so they become the rows'
 * files. On the embedded database, where no other process can be writing, any PDF of this engine's written since
 * those chunks started that no file record references is removed too: one rendered with other inputs (the public
 * address changed with the restart) would otherwise stay forever. Never a file of a user: only PDFs that carry this
 * engine's Producer, and only those no record points at.
 */
async function removeLeftovers(app: FastifyInstance, recovery: Recovery<ChunkQueue>): Promise<void> {
  const root = app.storage.localRoot;
  if (!root) return;
  // Beside live instances, only temporary files that stopped changing before the dead one was declared dead.
  const temporary = await removeTempFiles(root, recovery.alone ? 0 : DEAD_AFTER_SECONDS * 1000);
  let unrecorded = 0;
  if (recovery.alone && recovery.jobs.length > 0) {
    // A second's margin: file times and the database's clock are read apart.
    const since = Math.min(...recovery.jobs.map((j) => j.startedOn.getTime())) - 1000;
    const written = await contentsModifiedSince(root, since);
    const referenced = await referencedContents(
      app.db,
      written.map((c) => c.sha256),
    );
    for (const content of written) {
      if (referenced.has(content.sha256) || !(await isOwnPdf(content.path))) continue;
      await rm(content.path, { force: true });
      unrecorded++;
    }
  }
  app.log.info({ chunks: recovery.jobs.length, temporary, unrecorded }, '已清理已停止进程留下的证书文件');
}

/** Whether a stored file is a PDF this engine rendered: its Producer is in the info dictionary near the end. */
async function isOwnPdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') !== '%PDF-') return false;
    const length = Math.min(size, 16 * 1024);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    return tail.toString('latin1').includes(`/Producer (${PDF_PRODUCER})`);
  } finally {
    await handle.close();
  }
}

/**
 * The end of a chunk whose job failed for good: its certificates still waiting fail with GAVE_UP_REASON (they can
 * be regenerated), and the batch finishes when nothing else waits.
 */
async function giveUpChunk<Batch, Chunk extends BatchChunk>(
  app: FastifyInstance,
  kind: RenderBatch<Batch, Chunk>,
  chunk: Chunk,
) {
  app.log.error({ chunk }, '证书生成任务多次失败，剩余证书标记为生成失败');
  await kind.giveUp(chunk, GAVE_UP_REASON);
  await kind.finish(chunk.batchId, chunk);
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

/**
 * Renders a chunk in this request instead of a job (a certificate regenerated by its company): the same steps as the
 * job, never aborted. The row's job, queued beside it for safety, later finds nothing waiting.
 */
export function renderChunkNow<Batch, Chunk extends BatchChunk>(
  app: FastifyInstance,
  kind: RenderBatch<Batch, Chunk>,
  chunk: Chunk,
): Promise<void> {
  return renderChunk(app, kind, chunk, new AbortController().signal);
}

/** A chunk's job: load its waiting rows, render them (each with its retries), record the outcomes, end the batch. */
async function renderChunk<Batch, Chunk extends BatchChunk>(
  app: FastifyInstance,
  kind: RenderBatch<Batch, Chunk>,
  chunk: Chunk,
  signal: AbortSignal,
): Promise<void> {
  // Each step of a chunk (reading its rows, each write of results, finishing) is a chain of statements that holds
  // the event loop while it runs; between steps, requests that arrived are answered first (lib/breathe.ts).
  await breathe();
  const work = await kind.waiting(chunk);
  if (!work) return;
  const loaded = work.certificates.length > 0 ? await loadFiles(app, work) : null;
  // Whether, after this chunk's last write, the batch's counters fell short of its total: other chunks are then
  // still under way, and the finishing check (a statement of its own) is left to the one that ends last.
  let othersWaiting = false;
  if (loaded) {
    const recorder = resultRecorder(app, chunk.batchId, (outcomes) => kind.record(work.batch, outcomes));
    // What was rendered before a failure or a shutdown is recorded all the same: the next run skips it.
    let failure: unknown = null;
    await renderRows(app, loaded, signal, recorder.add).catch((err) => {
      failure = err;
    });
    othersWaiting = await recorder.close();
    if (failure) throw failure;
    await breathe();
  }
  if (othersWaiting) return;
  await kind.finish(chunk.batchId, chunk);
}

type Work = NonNullable<Awaited<ReturnType<RenderBatch<unknown>['waiting']>>>;
type Row = WaitingCertificate;

/** The files a chunk's rows need: the template's background and every photo, by file id. */
async function loadFiles(app: FastifyInstance, work: Work) {
  const { template, certificates: rows } = work;
  const imageNames = new Set(
    template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name),
  );
  const paths = await filePaths(app.db, app.storage, [
    template.render_background_file_id ?? '',
    ...rows.flatMap((r) => r.values.filter((v) => imageNames.has(v.name) && v.val).map((v) => v.val)),
  ]);
  await breathe();
  const backgroundPath = template.render_background_file_id
    ? (paths.get(template.render_background_file_id) ?? null)
    : null;
  return {
    rows,
    missingPhoto: (row: Row) => row.values.some((v) => imageNames.has(v.name) && v.val && !paths.has(v.val)),
    jobOf: (row: Row) =>
      buildRenderJob(template, row.values, {
        backgroundPath,
        imagePathOf: (fileId) => paths.get(fileId),
        qrText: row.qrText,
        createdAt: work.createdAt,
        fixedBlanks: work.fixedBlanks,
      }),
  };
}

/**
 * Where outcomes go: in groups of FLUSH_EVERY, or what FLUSH_AFTER_MS brought (so progress shows while renders are
 * slow), one write after another. `close` writes the rest and answers whether the batch still waits for others.
 */
function resultRecorder(
  app: FastifyInstance,
  batchId: string,
  record: (outcomes: RenderOutcome[]) => Promise<boolean>,
) {
  const outcomes: RenderOutcome[] = [];
  let writing: Promise<void> = Promise.resolve();
  let othersWaiting = false;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const group = outcomes.splice(0);
    writing = writing.then(async () => {
      if (group.length === 0) return;
      await breathe();
      othersWaiting = await record(group);
      app.log.debug({ batchId, recorded: group.length }, '证书批次进度');
      progress.emit('recorded', { batchId, recorded: group.length });
    });
    return writing;
  };
  return {
    async add(done: RenderOutcome[]) {
      outcomes.push(...done);
      if (outcomes.length >= FLUSH_EVERY) await flush();
      // A failed write surfaces at `close`.
      else timer ??= setTimeout(() => void flush().catch(() => {}), FLUSH_AFTER_MS);
    },
    async close() {
      await flush();
      return othersWaiting;
    },
  };
}

/**
 * Renders the rows through the worker pool, a few a task, every task slot busy, handing each group's outcomes to
 * `done`. A certificate the system failed is retried alone; a bad input of its own fails it at once. Stopping
 * (shutdown) throws JobInterrupted: the job runs again elsewhere and redoes the rows not recorded.
 */
async function renderRows(
  app: FastifyInstance,
  { rows, missingPhoto, jobOf }: NonNullable<Awaited<ReturnType<typeof loadFiles>>>,
  signal: AbortSignal,
  done: (outcomes: RenderOutcome[]) => Promise<void>,
): Promise<void> {
  const { storage } = app;
  const generated = (row: Row, stored: { sha256: string; size: number }): RenderOutcome => ({
    id: row.id,
    ok: true,
    fileId: uuidv7(),
    ...stored,
    name: row.fileName,
  });
  const stopping = (err: unknown) => signal.aborted || err instanceof RenderPoolClosed;

  const retryAlone = async (row: Row, firstError: unknown): Promise<RenderOutcome> => {
    let error = firstError;
    for (let attempt = 2; ; attempt++) {
      app.log.warn({ err: error, certificateId: row.id, attempt }, '证书生成出错，稍后重试');
      await pause(ROW_RETRY_DELAY_MS * (attempt - 1), signal);
      if (signal.aborted) throw new JobInterrupted();
      try {
        return generated(row, await putContent(storage, await app.renderPool.render(jobOf(row))));
      } catch (err) {
        if (err instanceof RenderError) return { id: row.id, ok: false, reason: err.message };
        if (stopping(err)) throw new JobInterrupted();
        error = err;
        if (attempt >= ROW_ATTEMPTS) {
          app.log.error({ err, certificateId: row.id, attempt }, '证书生成多次出错，标记为生成失败');
          return { id: row.id, ok: false, reason: SYSTEM_FAILURE_REASON };
        }
      }
    }
  };

  // A few certificates in one worker task: the worker writes each PDF into storage and answers its hash, so the
  // main thread only records the outcomes.
  const renderGroup = async (group: Row[]): Promise<RenderOutcome[]> => {
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
      group.map(async (row): Promise<RenderOutcome> => {
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
          await done(await renderGroup(group));
        } catch (err) {
          failure ??= err;
          return;
        }
      }
    }),
  );
  if (failure) throw failure;
  if (next < rows.length) throw new JobInterrupted();
}
