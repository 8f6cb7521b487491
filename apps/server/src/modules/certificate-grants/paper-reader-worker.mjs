// The scan reader's thread entry when the server runs from its sources (the build bundles paper-reader-worker-entry.ts
// instead). Like certificate-engine/render/worker.mjs: worker threads on Node 20 do not get tsx's loader of the main
// thread, so this plain-JS entry registers it, then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
const entry = await import('./paper-reader-worker-entry.ts');

export default entry.default;
