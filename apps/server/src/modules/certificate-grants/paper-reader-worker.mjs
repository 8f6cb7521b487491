// The scan reader's thread entry (paper-reader.ts). Like certificate-engine/render/worker.mjs: worker threads on
// Node 20 do not get tsx's loader of the main thread, so this plain-JS entry registers it, then loads the tasks.
import { register } from 'tsx/esm/api';

register();
const { default: readScanTask, warmUp } = await import('./paper-reader-worker.ts');
const { lowerThreadPriority } = await import('../certificate-engine/render/thread-priority.ts');
lowerThreadPriority();
await warmUp();

export default readScanTask;
