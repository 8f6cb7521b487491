import { readFile } from 'node:fs/promises';
import { move } from 'piscina';
import { writeContentSync } from '../../../lib/content-store.ts';
import { renderDocument } from './document.ts';
import { renderCertificate, renderPages, toRenderBackground } from './index.ts';
import { type DocumentJob, RenderError, type RenderJob } from './types.ts';

/** What a worker answers: the PDF, or the Chinese reason a bad input of this certificate was refused. */
export type WorkerResult = Uint8Array | { renderError: string };

/** A template's rendering background: the compact JPEG and its size, or why the upload cannot be used. */
export type BackgroundResult =
  | { jpeg: Uint8Array; widthPx: number; heightPx: number }
  | { renderError: string };

/**
 * The bytes in an ArrayBuffer of their own, which a transfer can move. A small Buffer (under 4 KB, e.g. a PDF of a
 * near-empty page) is a view of Node's shared pool, which cannot be transferred: Node 20 copies it silently, Node 22
 * refuses the whole message (DataCloneError). Such a view is copied out first; a buffer of its own moves as it is.
 */
export const ownBuffer = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

const refused = (err: unknown) => {
  if (err instanceof RenderError) return { renderError: err.message };
  throw err;
};

/** One certificate per task. The PDF's buffer is moved to the caller, not copied. */
export default async function renderTask(job: RenderJob): Promise<WorkerResult> {
  try {
    const pdf = await renderCertificate(job);
    return move(ownBuffer(pdf)) as Uint8Array;
  } catch (err) {
    return refused(err);
  }
}

/** Several certificates rendered by one task (fewer messages between threads for a batch). */
export interface RenderManyInput {
  jobs: RenderJob[];
  /** Local storage's folder: each PDF is written there under its hash and only the hash comes back. */
  storeRoot: string | null;
}

/**
 * One certificate of a `renderMany` task: stored (with storeRoot), the PDF itself (without), refused for a bad input
 * of its own, or failed for a reason of the system (worth a retry; the others of the task are not affected).
 */
export type RenderManyItem =
  | { stored: { sha256: string; size: number } }
  | { pdf: Uint8Array }
  | { renderError: string }
  | { systemError: string };

/** The `renderMany` task: the certificates one after another, each with its own outcome. */
export async function renderManyTask({ jobs, storeRoot }: RenderManyInput): Promise<RenderManyItem[]> {
  const items: RenderManyItem[] = [];
  for (const job of jobs) {
    try {
      const pdf = await renderCertificate(job);
      items.push(storeRoot ? { stored: writeContentSync(storeRoot, pdf) } : { pdf });
    } catch (err) {
      items.push(
        err instanceof RenderError
          ? { renderError: err.message }
          : { systemError: err instanceof Error ? err.message : String(err) },
      );
    }
  }
  // Without local storage the PDFs are copied back and the main thread puts them into the store.
  return items;
}

/** The `pages` task: several jobs as the pages of one PDF (a photo that cannot be read leaves its box empty). */
export async function pagesTask({ jobs, storeRoot }: RenderManyInput): Promise<RenderManyItem> {
  try {
    const pdf = await renderPages(jobs, { skipBadImages: true });
    // Copied back, not moved: piscina moves only a task's whole answer, and inside an object `move()` would arrive as
    // its wrapper instead of the bytes.
    return storeRoot ? { stored: writeContentSync(storeRoot, pdf) } : { pdf };
  } catch (err) {
    return err instanceof RenderError
      ? { renderError: err.message }
      : { systemError: err instanceof Error ? err.message : String(err) };
  }
}

/** The `document` task: a generated document (an archive's) laid out over as many pages as it takes. */
export function documentTask(job: DocumentJob): Uint8Array {
  return move(ownBuffer(renderDocument(job))) as Uint8Array;
}

/** The `background` task: an uploaded background on disk → its rendering JPEG (toRenderBackground). */
export async function backgroundTask(path: string): Promise<BackgroundResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch {
    return { renderError: '证书底图文件不存在' };
  }
  try {
    const { jpeg, widthPx, heightPx } = await toRenderBackground(bytes);
    return { jpeg: new Uint8Array(jpeg), widthPx, heightPx };
  } catch (err) {
    return refused(err);
  }
}

export { warmUp } from './index.ts';

export { lowerThreadPriority } from './thread-priority.ts';
