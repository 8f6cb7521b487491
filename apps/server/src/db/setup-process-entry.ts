import { setUpPgliteFolder } from './pglite-setup.ts';

/** The process that sets up a new embedded database folder for db/client.ts: `node <this> <data folder>`. */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: setup-process <data folder>');
await setUpPgliteFolder(dataDir);
// Ends at once, whatever the closed instance left scheduled.
process.exit(0);
