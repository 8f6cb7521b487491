import { readFile } from 'node:fs/promises';
import { move } from 'piscina';
import { renderCertificate, toRenderBackground } from './index.ts';
import { RenderError, type RenderJob } from './types.ts';

/** What a worker answers: the PDF, or the Chinese reason a bad input of this certificate was refused. */
export type WorkerResult = Uint8Array | { renderError: string };

/** A template's rendering background: the compact JPEG and its size, or why the upload cannot be used. */
export type BackgroundResult =
  | { jpeg: Uint8Array; widthPx: number; heightPx: number }
  | { renderError: string };

const refused = (err: unknown) => {
  if (err instanceof RenderError) return { renderError: err.message };
  throw err;
};

/** One certificate per task. The PDF's buffer is moved to the caller, not copied. */
export default async function renderTask(job: RenderJob): Promise<WorkerResult> {
  try {
    const pdf = await renderCertificate(job);
    return move(pdf) as Uint8Array;
  } catch (err) {
    return refused(err);
  }
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
