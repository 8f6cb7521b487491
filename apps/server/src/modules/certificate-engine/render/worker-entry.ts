import { warmUp } from './index.ts';
import { lowerThreadPriority } from './thread-priority.ts';

/**
 * A render thread's module (render-pool.ts): the default task renders one certificate, the named ones are run with
 * `piscina.run(input, { name })`. The thread starts at low priority with its fonts loaded.
 */
export {
  backgroundTask as background,
  default,
  documentTask as document,
  pagesTask as pages,
  renderManyTask as renderMany,
} from './worker.ts';

lowerThreadPriority();
await warmUp();
