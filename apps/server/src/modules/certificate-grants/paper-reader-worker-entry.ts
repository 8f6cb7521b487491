import { lowerThreadPriority } from '../certificate-engine/render/thread-priority.ts';
import { warmUp } from './paper-reader-worker.ts';

/** A scan-reading thread's module (paper-reader.ts): at low priority, its decoders loaded before the first scan. */
export { default } from './paper-reader-worker.ts';

lowerThreadPriority();
await warmUp();
