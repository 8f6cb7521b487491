import { move } from 'piscina';
import { renderCertificate } from './index.ts';
import { RenderError, type RenderJob } from './types.ts';

/** What a worker answers: the PDF, or the Chinese reason a bad input of this certificate was refused. */
export type WorkerResult = Uint8Array | { renderError: string };

/** One certificate per task. The PDF's buffer is moved to the caller, not copied. */
export default async function renderTask(job: RenderJob): Promise<WorkerResult> {
  try {
    const pdf = await renderCertificate(job);
    return move(pdf) as Uint8Array;
  } catch (err) {
    if (err instanceof RenderError) return { renderError: err.message };
    throw err;
  }
}

export { warmUp } from './index.ts';
