// The render thread's entry when the server runs from its sources (the build bundles worker-entry.ts instead). Worker
// threads do not run TypeScript by themselves, and on Node 20 they do not get the tsx loader of the main thread either,
// even under the tsx CLI (the import then fails with ERR_UNKNOWN_FILE_EXTENSION), nor under vitest: this plain-JS
// entry registers tsx's ESM loader in the thread, then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
const entry = await import('./worker-entry.ts');

export default entry.default;
export const { background, renderMany, pages, document } = entry;
