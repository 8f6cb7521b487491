import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fp from 'fastify-plugin';

/**
 * The server's temporary files, all under one folder: DATA_DIR/tmp (a folder of the system's temporary folder
 * when there is no data folder, as in tests, removed on close). Each piece of work gets its own folder, removed
 * when the work ends whatever happens; what a crash left behind is swept when the server starts (one server per
 * data folder holds its lock then, so nothing of another process is swept).
 */
export interface TempFiles {
  readonly root: string;
  /** Runs `work` with a new empty folder of its own, removed when `work` settles. */
  withDir<T>(work: (dir: string) => Promise<T>): Promise<T>;
}

export function createTempFiles(root: string): TempFiles {
  return {
    root,
    async withDir(work) {
      const dir = path.join(root, randomBytes(8).toString('hex'));
      await mkdir(dir, { recursive: true });
      try {
        return await work(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    tempFiles: TempFiles;
  }
}

export const tempFilesPlugin = fp(
  async (app) => {
    const { dataDir } = app.config;
    const root = dataDir
      ? path.join(dataDir, 'tmp')
      : path.join(tmpdir(), `sc-tmp-${randomBytes(6).toString('hex')}`);
    // Leftovers of a process that ended without cleaning up (a crash, a kill): nothing else uses this folder.
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    app.decorate('tempFiles', createTempFiles(root));
    if (!dataDir) app.addHook('onClose', () => rm(root, { recursive: true, force: true }));
  },
  { name: 'temp-files', dependencies: ['config'] },
);
