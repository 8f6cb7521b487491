// The piscina worker's entry. Worker threads do not run TypeScript by themselves, and on Node 20 they
// do not get the tsx loader of the main thread either, even under the tsx CLI (`npm start`, `npx tsx`:
// the import of worker.ts then fails with ERR_UNKNOWN_FILE_EXTENSION), nor under vitest. So this
// plain-JS entry registers tsx's ESM loader in the worker, then loads the TypeScript engine.
import { register } from 'tsx/esm/api';

register();
const {
  default: renderTask,
  backgroundTask,
  renderManyTask,
  documentTask,
  warmUp,
  lowerThreadPriority,
} = await import('./worker.ts');
lowerThreadPriority();
await warmUp();

export default renderTask;
/** Named tasks: `piscina.run(input, { name })` (certificate-engine/render-pool.ts). */
export const background = backgroundTask;
export const renderMany = renderManyTask;
export const document = documentTask;
