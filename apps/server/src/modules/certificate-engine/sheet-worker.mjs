// The sheet thread's entry (certificate-engine/render-pool.ts). Like render/worker.mjs: worker threads on Node 20 do not
// get tsx's loader of the main thread, so this plain-JS entry registers it, then loads the TypeScript tasks.
import { register } from 'tsx/esm/api';

register();
const { readSheetTask, readTableTask, readyTask, templateWorkbookTask, writeTableTask } = await import(
  './sheet-worker.ts'
);

/** Named tasks: `piscina.run(input, { name })`. */
export const ready = readyTask;
export const readSheet = readSheetTask;
export const workbook = templateWorkbookTask;
export const readTable = readTableTask;
export const writeTable = writeTableTask;
