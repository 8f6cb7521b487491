import type { TemplateBlank, UploadRowError } from '@skill-cert/shared/custom-certificates';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { threadEntry } from '../../lib/paths.ts';
import type { PhotoIndex, PhotoZipThread, StoredPhoto, StorePhotosInput } from './photos.ts';
import { type DocumentJob, RenderError, type RenderJob } from './render/types.ts';
import type { BackgroundResult, RenderManyInput, RenderManyItem, WorkerResult } from './render/worker.ts';
import type { SheetRow, SheetTable, SheetTableOptions } from './sheet-read.ts';
import type { PhotoIndexResult, ReadSheetResult, ReadTableResult } from './sheet-worker.ts';
import type { TableSpec } from './sheet-write.ts';
import { problem, uploadRejected } from './upload-errors.ts';

export type { RenderManyItem } from './render/worker.ts';

/** A template's rendering background: the compact JPEG certificates are drawn on, and its size in pixels. */
export interface RenderBackground {
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/**
 * Certificates rendered off the event loop, one per worker thread at a time. Everything that decodes images
 * or writes PDFs runs here: the main thread never loads @napi-rs/canvas, fontkit or qrcode.
 */
export interface RenderPool {
  /** Renders in a worker; rejects with RenderError for a bad input of this certificate, Error for anything else. */
  render(job: RenderJob): Promise<Uint8Array>;
  /**
   * Renders several certificates in one task, each with its own outcome; with `storeRoot` (local storage) the
   * worker writes each PDF there and answers its hash. Rejects only when the task itself fails (a worker died,
   * the pool is closing).
   */
  renderMany(jobs: RenderJob[], storeRoot: string | null): Promise<RenderManyItem[]>;
  /**
   * Renders several jobs as the pages of one PDF in one task (a room's admission tickets); with `storeRoot` the worker
   * writes it there and answers its hash. Answers the one outcome (stored, the PDF, or refused); rejects only when the
   * task itself fails.
   */
  renderPages(jobs: RenderJob[], storeRoot: string | null): Promise<RenderManyItem>;
  /**
   * Converts an uploaded background (a JPG/PNG file on disk) into its rendering JPEG in a worker; rejects with
   * RenderError when it is not an image, is broken or too big to decode.
   */
  background(path: string): Promise<RenderBackground>;
  /** Lays out a document (title, key/value lines, tables across pages) as a PDF in a worker (render/document.ts). */
  document(job: DocumentJob): Promise<Uint8Array>;
  readonly threads: number;
  /** Lets running renders finish, rejects queued ones, stops the threads. */
  close(): Promise<void>;
}

/** The pool is closing or closed (the app shuts down): the work is not done, retry it after the restart. */
export class RenderPoolClosed extends Error {
  constructor() {
    super('证书生成服务已关闭');
    this.name = 'RenderPoolClosed';
  }
}

/** exceljs work and photo zips off the main thread, in one thread that starts when needed and ends when idle. */
export interface SheetThread extends PhotoZipThread {
  /**
   * Reads a batch spreadsheet in the sheet thread (readBatchSheet) with `tempDir` as the task's temporary folder;
   * rejects with the upload's problems (400) as there, and with 400 when the read passes the deadline (the thread
   * is stopped).
   */
  read(path: string, blanks: TemplateBlank[], tempDir: string): Promise<SheetRow[]>;
  /** The zipTemplate spreadsheet for a template's blanks, written in the sheet thread (templateWorkbook). */
  templateWorkbook(blanks: TemplateBlank[]): Promise<Buffer>;
  /** An upload's first worksheet as text (readSheetTable), refused and bounded in time as `read`. */
  readTable(path: string, options: SheetTableOptions, tempDir: string): Promise<SheetTable>;
  /** A spreadsheet the server writes (tableWorkbook), in the sheet thread. */
  writeTable(spec: TableSpec): Promise<Buffer>;
  /** Threads running now: 0 or 1. */
  readonly running: number;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The render threads: started by a task, ended when idle; `running` says whether they are alive now. */
    renderPool: Omit<RenderPool, 'close'> & {
      readonly running: boolean;
      /** Certificates and pages rendered since the start (the metrics' renders per second). */
      readonly rendered: number;
    };
    /**
     * Spreadsheets read and written off the main thread (the sheet thread), each read in its own temporary folder;
     * photo zips read there too.
     */
    sheets: PhotoZipThread & {
      read(path: string, blanks: TemplateBlank[]): Promise<SheetRow[]>;
      templateWorkbook: SheetThread['templateWorkbook'];
      readTable(path: string, options: SheetTableOptions): Promise<SheetTable>;
      writeTable: SheetThread['writeTable'];
    };
  }
}

/** The render threads' entry (render/worker-entry.ts, built or from the sources). */
const WORKER_FILE = threadEntry('render-worker', new URL('./render/worker.mjs', import.meta.url));

const SHEET_WORKER_FILE = threadEntry('sheet-worker', new URL('./sheet-worker.mjs', import.meta.url));

/**
 * How long the sheet thread stays after its last task. It starts on use and its memory goes with it: reading a
 * large sheet in a render thread kept its memory resident for the rest of the server's life.
 */
export const SHEET_THREAD_IDLE_MS = 30_000;

/**
 * How long reading one spreadsheet may take before the sheet thread is stopped and the upload refused, counted once
 * the thread is ready (started, exceljs loaded). A valid sheet of 20,000 rows takes about a second; the inflated size
 * is capped (xlsx-input.ts), this bounds the rest.
 */
export const SHEET_READ_DEADLINE_MS = 20_000;

/** How long close() lets renders under way finish before it stops the threads anyway. */
const CLOSE_TIMEOUT_MS = 10_000;

/** What a pool is told of beside its tasks: a thread that failed with no task to fail, a close that timed out. */
export interface PoolOptions {
  /**
   * Piscina's 'error' event: a worker that fails while it runs no task, or close() past its timeout (the threads
   * are stopped anyway). Without a listener, the event would be thrown: an idle thread's failure would end the
   * process, a slow close would reject. Default: written to stderr.
   */
  onError?: (err: Error) => void;
  closeTimeoutMs?: number;
}

const toStderr = (err: Error) => console.error('后台线程出错：', err);

/** A pool of `threads` workers, started now (each loads the fonts once). Usable without fastify (benchmarks). */
export function createRenderPool(
  threads: number,
  { onError = toStderr, closeTimeoutMs = CLOSE_TIMEOUT_MS }: PoolOptions = {},
): RenderPool {
  const size = Math.max(1, Math.floor(threads));
  // Tasks of several kinds, told apart by name: their types are checked at each `run` below.
  const piscina = new Piscina<unknown, unknown>({
    filename: WORKER_FILE,
    minThreads: size,
    maxThreads: size,
    idleTimeout: Number.POSITIVE_INFINITY,
    closeTimeout: closeTimeoutMs,
    // A smaller young generation: the same CPU per certificate, less resident memory per thread (bench/README.md).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    // A second task waits in each worker, so a worker never idles while the main thread is busy with the database.
    concurrentTasksPerWorker: 2,
  });
  piscina.on('error', onError);
  let closing: Promise<void> | null = null;
  return {
    threads: size,
    async render(job) {
      if (closing) throw new RenderPoolClosed();
      const result = (await piscina.run(job)) as WorkerResult;
      if (result instanceof Uint8Array) return result;
      throw new RenderError(result.renderError);
    },
    async renderMany(jobs, storeRoot) {
      if (closing) throw new RenderPoolClosed();
      return (await piscina.run({ jobs, storeRoot } satisfies RenderManyInput, {
        name: 'renderMany',
      })) as RenderManyItem[];
    },
    async renderPages(jobs, storeRoot) {
      if (closing) throw new RenderPoolClosed();
      return (await piscina.run({ jobs, storeRoot } satisfies RenderManyInput, {
        name: 'pages',
      })) as RenderManyItem;
    },
    async background(path) {
      if (closing) throw new RenderPoolClosed();
      const result = (await piscina.run(path, { name: 'background' })) as BackgroundResult;
      if ('renderError' in result) throw new RenderError(result.renderError);
      return result;
    },
    async document(job) {
      if (closing) throw new RenderPoolClosed();
      return (await piscina.run(job, { name: 'document' })) as Uint8Array;
    },
    close() {
      closing ??= piscina.close({ force: true });
      return closing;
    },
  };
}

/** The sheet thread: started by its first task, ended SHEET_THREAD_IDLE_MS after its last. */
export function createSheetThread({
  idleMs = SHEET_THREAD_IDLE_MS,
  onUnreadable = () => {},
  onError = toStderr,
  closeTimeoutMs = CLOSE_TIMEOUT_MS,
  readDeadlineMs = SHEET_READ_DEADLINE_MS,
}: PoolOptions & {
  idleMs?: number;
  readDeadlineMs?: number;
  /** Told why exceljs could not read a spreadsheet the user was told is unreadable (for the server log). */
  onUnreadable?: (cause: string) => void;
} = {}): SheetThread {
  const sheets = new Piscina<unknown, unknown>({
    filename: SHEET_WORKER_FILE,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: idleMs,
    closeTimeout: closeTimeoutMs,
  });
  sheets.on('error', onError);
  let closing: Promise<void> | null = null;
  /** A read task, stopped with its thread when it passes the deadline. */
  const runRead = async <T>(name: string, input: unknown): Promise<T> => {
    if (closing) throw new RenderPoolClosed();
    // The deadline bounds the read, not the thread's start and exceljs's loading (seconds under load: a 2-row sheet
    // was refused at load 20): the read waits for the thread to be ready first.
    await sheets.run(null, { name: 'ready' });
    const deadline = AbortSignal.timeout(readDeadlineMs);
    // Piscina stops the thread of a task aborted while it runs: its CPU and memory end with it.
    return (await sheets.run(input, { name, signal: deadline }).catch((err: unknown) => {
      if (!deadline.aborted) throw err;
      throw uploadRejected([
        problem(
          `数据文件过于复杂，${readDeadlineMs / 1000} 秒内未能读完，请使用下载的模板填写，数据多时请分批上传`,
          null,
          '数据文件',
        ),
      ]);
    })) as T;
  };
  const refused = (result: { rejected: UploadRowError[]; cause?: string }): never => {
    if (result.cause) onUnreadable(result.cause);
    throw uploadRejected(result.rejected);
  };
  return {
    get running() {
      return sheets.threads.length;
    },
    async read(path, blanks, tempDir) {
      const result = await runRead<ReadSheetResult>('readSheet', { path, blanks, tempDir });
      return 'rows' in result ? result.rows : refused(result);
    },
    async readTable(path, options, tempDir) {
      const result = await runRead<ReadTableResult>('readTable', { path, options, tempDir });
      return 'table' in result ? result.table : refused(result);
    },
    async writeTable(spec) {
      if (closing) throw new RenderPoolClosed();
      const bytes = (await sheets.run(spec, { name: 'writeTable' })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async templateWorkbook(blanks) {
      if (closing) throw new RenderPoolClosed();
      const bytes = (await sheets.run(blanks, { name: 'workbook' })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    // No deadline: a photo zip's entries, sizes and each photo are capped (photos.ts, zip.ts).
    async indexPhotoZip(path): Promise<PhotoIndex> {
      if (closing) throw new RenderPoolClosed();
      const result = (await sheets.run(path, { name: 'photoIndex' })) as PhotoIndexResult;
      if ('rejected' in result) throw uploadRejected(result.rejected);
      return result.index;
    },
    async storeZipPhotos(input: StorePhotosInput) {
      if (closing) throw new RenderPoolClosed();
      return (await sheets.run(input, { name: 'storePhotos' })) as StoredPhoto[];
    },
    close() {
      closing ??= sheets.close({ force: true });
      return closing;
    },
  };
}

/** How long the render threads stay after their last task: an idle server holds none of their memory. */
export const RENDER_THREADS_IDLE_MS = 30_000;

/**
 * Decorates the app with `renderPool` and `sheets`. The render threads start on the first render and the sheet
 * thread on the first spreadsheet, so an app that uses neither (most tests, an API-only instance) pays nothing; each
 * ends when idle (`idleMs` after the last render, SHEET_THREAD_IDLE_MS after the last sheet) and starts again on
 * the next task; both close with the app.
 */
export const renderPoolPlugin = fp(
  async (app, { idleMs = RENDER_THREADS_IDLE_MS }: { idleMs?: number }) => {
    const threads = Math.max(1, app.config.renderThreads);
    let pool: RenderPool | null = null;
    let sheets: SheetThread | null = null;
    let closed = false;
    let active = 0;
    let rendered = 0;
    let idle: NodeJS.Timeout | null = null;
    /** Runs a task on the pool (started if need be); the last task to end starts the idle countdown. */
    const use = async <T>(task: (p: RenderPool) => Promise<T>): Promise<T> => {
      if (closed) throw new RenderPoolClosed();
      pool ??= createRenderPool(threads, { onError: (err) => app.log.error({ err }, '证书生成线程出错') });
      const running = pool;
      if (idle) clearTimeout(idle);
      idle = null;
      active += 1;
      try {
        return await task(running);
      } finally {
        active -= 1;
        if (active === 0 && !closed) {
          idle = setTimeout(() => {
            idle = null;
            if (active > 0 || pool !== running) return;
            pool = null;
            void running.close();
          }, idleMs);
          idle.unref();
        }
      }
    };
    const sheetThread = () => {
      if (closed) throw new RenderPoolClosed();
      sheets ??= createSheetThread({
        onUnreadable: (cause) => app.log.warn({ cause }, '上传的 Excel 文件无法读取'),
        onError: (err) => app.log.error({ err }, 'Excel 处理线程出错'),
      });
      return sheets;
    };
    app.decorate('renderPool', {
      threads,
      get running() {
        return pool !== null;
      },
      get rendered() {
        return rendered;
      },
      render: (job: RenderJob) =>
        use(async (p) => {
          const pdf = await p.render(job);
          rendered += 1;
          return pdf;
        }),
      renderMany: (jobs: RenderJob[], storeRoot: string | null) =>
        use(async (p) => {
          const items = await p.renderMany(jobs, storeRoot);
          rendered += jobs.length;
          return items;
        }),
      renderPages: (jobs: RenderJob[], storeRoot: string | null) =>
        use(async (p) => {
          const item = await p.renderPages(jobs, storeRoot);
          rendered += jobs.length;
          return item;
        }),
      background: (path: string) => use((p) => p.background(path)),
      document: (job: DocumentJob) => use((p) => p.document(job)),
    });
    app.decorate('sheets', {
      read: async (path: string, blanks: TemplateBlank[]) =>
        app.tempFiles.withDir((dir) => sheetThread().read(path, blanks, dir)),
      templateWorkbook: async (blanks: TemplateBlank[]) => sheetThread().templateWorkbook(blanks),
      readTable: async (path: string, options: SheetTableOptions) =>
        app.tempFiles.withDir((dir) => sheetThread().readTable(path, options, dir)),
      writeTable: async (spec: TableSpec) => sheetThread().writeTable(spec),
      indexPhotoZip: async (path: string) => sheetThread().indexPhotoZip(path),
      storeZipPhotos: async (input: StorePhotosInput) => sheetThread().storeZipPhotos(input),
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (idle) clearTimeout(idle);
      await Promise.all([pool?.close(), sheets?.close()]);
    });
  },
  { name: 'render-pool', dependencies: ['config', 'temp-files'] },
);
