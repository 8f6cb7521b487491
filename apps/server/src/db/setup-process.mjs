// The set-up process's entry when the server runs from its sources (the build bundles setup-process-entry.ts
// instead): registers tsx, then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./setup-process-entry.ts');
