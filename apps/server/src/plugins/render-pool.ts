import { fileURLToPath } from 'node:url';
import type { TemplateBlank } from '@skill-cert/shared/customCertificate';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { RenderError, type RenderJob } from '../modules/custom-certificates/render/types.ts';
import type {
  BackgroundResult,
  ReadSheetResult,
  RenderManyInput,
  RenderManyItem,
  WorkerResult,
} from '../modules/custom-certificates/render/worker.ts';
import type { SheetRow } from '../modules/custom-certificates/sheet.ts';
import { uploadRejected } from '../modules/custom-certificates/upload-errors.ts';

export type { RenderManyItem } from '../modules/custom-certificates/render/worker.ts';

/** A template's rendering background: the compact JPEG certificates are drawn on, and its size in pixels. */
export interface RenderBackground {
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/**
 * Certificates rendered off the event loop, one per worker thread at a time. Everything that decodes images
 * or writes PDFs runs here: the main thread never loads @napi-rs/canvas, pdf-lib, fontkit or qrcode.
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
   * Converts an uploaded background (a JPG/PNG file on disk) into its rendering JPEG in a worker; rejects with
   * RenderError when it is not an image, is broken or too big to decode.
   */
  background(path: string): Promise<RenderBackground>;
  /** Reads a batch spreadsheet in a worker (readBatchSheet); rejects with the upload's problems (400) as there. */
  readSheet(path: string, blanks: TemplateBlank[]): Promise<SheetRow[]>;
  /** The zipTemplate spreadsheet for a template's blanks, written in a worker (templateWorkbook). */
  templateWorkbook(blanks: TemplateBlank[]): Promise<Buffer>;
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

declare module 'fastify' {
  interface FastifyInstance {
    renderPool: Omit<RenderPool, 'close'>;
  }
}

/** The worker entry: a small .mjs that registers tsx's loader, then loads the TypeScript engine. */
const WORKER_FILE = fileURLToPath(
  new URL('../modules/custom-certificates/render/worker.mjs', import.meta.url),
);

/** A pool of `threads` workers, started now (each loads the fonts once). Usable without fastify (benchmarks). */
export function createRenderPool(threads: number): RenderPool {
  const size = Math.max(1, Math.floor(threads));
  // Tasks of several kinds, told apart by name: their types are checked at each `run` below.
  const piscina = new Piscina<unknown, unknown>({
    filename: WORKER_FILE,
    minThreads: size,
    maxThreads: size,
    idleTimeout: Number.POSITIVE_INFINITY,
    closeTimeout: 10_000,
    // A smaller young generation: same CPU per certificate, ~25 MB less resident memory per thread.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    // A second task waits in each worker, so a worker never idles while the main thread is busy with the database.
    concurrentTasksPerWorker: 2,
  });
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
    async readSheet(path, blanks) {
      if (closing) throw new RenderPoolClosed();
      const result = (await piscina.run({ path, blanks }, { name: 'readSheet' })) as ReadSheetResult;
      if ('rejected' in result) throw uploadRejected(result.rejected);
      return result.rows;
    },
    async templateWorkbook(blanks) {
      if (closing) throw new RenderPoolClosed();
      const bytes = (await piscina.run(blanks, { name: 'workbook' })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async background(path) {
      if (closing) throw new RenderPoolClosed();
      const result = (await piscina.run(path, { name: 'background' })) as BackgroundResult;
      if ('renderError' in result) throw new RenderError(result.renderError);
      return result;
    },
    close() {
      closing ??= piscina.close({ force: true });
      return closing;
    },
  };
}

/**
 * Decorates the app with `renderPool`. The threads start on the first render, so an app that renders
 * nothing (most tests, an API-only instance) pays nothing; the pool closes with the app.
 */
export const renderPoolPlugin = fp(
  async (app) => {
    const threads = Math.max(1, app.config.renderThreads);
    let pool: RenderPool | null = null;
    let closed = false;
    const started = () => {
      if (closed) throw new RenderPoolClosed();
      pool ??= createRenderPool(threads);
      return pool;
    };
    app.decorate('renderPool', {
      threads,
      render: async (job: RenderJob) => started().render(job),
      renderMany: async (jobs: RenderJob[], storeRoot: string | null) =>
        started().renderMany(jobs, storeRoot),
      background: async (path: string) => started().background(path),
      readSheet: async (path: string, blanks: TemplateBlank[]) => started().readSheet(path, blanks),
      templateWorkbook: async (blanks: TemplateBlank[]) => started().templateWorkbook(blanks),
    });
    app.addHook('onClose', async () => {
      closed = true;
      await pool?.close();
    });
  },
  { name: 'render-pool', dependencies: ['config'] },
);
