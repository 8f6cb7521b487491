// The sheet thread's entry when the server runs from its sources (the build bundles sheet-worker-entry.ts instead).
// Like render/worker.mjs: worker threads on Node 20 do not get tsx's loader of the main thread, so this plain-JS entry
// registers it, then loads the TypeScript tasks.
import { register } from 'tsx/esm/api';

register();
export const { ready, readSheet, workbook, readTable, writeTable, photoIndex, storePhotos } = await import(
  './sheet-worker-entry.ts'
);
