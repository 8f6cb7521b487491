import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import { contentPath } from '../lib/content-store.ts';
import type { Download } from '../lib/send-file.ts';
import { S3Storage } from './s3-storage.ts';

/** Where file contents live, addressed by their SHA-256. Local disk now; S3-compatible storage later. */
export interface Storage {
  /** Streams content in, returns its hash and size; identical content is stored once. */
  put(source: Readable): Promise<{ sha256: string; size: number }>;
  open(sha256: string): Readable;
  exists(sha256: string): Promise<boolean>;
  /** Set when contents are plain files in this folder (lib/content-store.ts layout), so they can be read and written in place. */
  readonly localRoot?: string;
  /** A short-lived link that serves the content under the answer's name and type, or null: the server streams it. */
  downloadLink?(sha256: string, download: Download): Promise<string | null>;
  /** Whether the store answers (readiness); a local folder is checked by writing to it instead. */
  reachable?(): Promise<boolean>;
  close?(): Promise<void>;
  /** Set when browsers upload straight to the store (`GET /api/companies/stsToken`), then register the file. */
  readonly directUpload?: DirectUpload;
}

export interface DirectUpload {
  form(
    name: string,
    maxBytes: number,
    seconds: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  open(name: string): Readable;
  remove(name: string): Promise<void>;
  /** The origins a browser sends these uploads to: the pages' Content-Security-Policy must let it connect there. */
  origins(): string[];
}

/** The prefix of a content still being written (renamed to its hash when complete). */
const PARTIAL = '.upload-';

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  get localRoot() {
    return this.root;
  }

  private pathOf(sha256: string) {
    return contentPath(this.root, sha256);
  }

  async put(source: Readable) {
    await mkdir(this.root, { recursive: true });
    const temp = path.join(this.root, `${PARTIAL}${randomBytes(8).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(temp));
      const sha256 = hash.digest('hex');
      const target = this.pathOf(sha256);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
      return { sha256, size };
    } finally {
      await rm(temp, { force: true });
    }
  }

  open(sha256: string) {
    return createReadStream(this.pathOf(sha256));
  }

  /** Removes contents a crash left half-written (an upload cut off with the process: up to 2 GB each). */
  async sweepPartial(): Promise<void> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    await Promise.all(
      names.filter((n) => n.startsWith(PARTIAL)).map((n) => rm(path.join(this.root, n), { force: true })),
    );
  }

  async exists(sha256: string) {
    return stat(this.pathOf(sha256)).then(
      () => true,
      () => false,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Files go to the S3-compatible bucket when configured (STORAGE=s3), else under DATA_DIR/files (a temporary folder when
 * there is no data folder, as in tests). A storage given in the options (tests) wins.
 */
export const storagePlugin = fp<{ storage?: Storage }>(
  async (app, opts) => {
    const bucket = opts.storage || !app.config.objectStorage ? null : new S3Storage(app.config.objectStorage);
    const chosen: Storage | null = opts.storage ?? bucket;
    if (chosen) {
      app.decorate('storage', chosen);
      if (bucket) app.addHook('onClose', () => bucket.close());
      return;
    }
    const root = app.config.dataDir
      ? path.join(app.config.dataDir, 'files')
      : path.join(tmpdir(), `sc-files-${randomBytes(6).toString('hex')}`);
    const local = new LocalStorage(root);
    // Made at start, so that readiness (`/readyz`) can check it is writable before the first file arrives.
    await mkdir(root, { recursive: true });
    // The data folder's lock is held (main.ts): no other process is writing here.
    if (app.config.dataDir) await local.sweepPartial();
    app.decorate('storage', local);
    if (!app.config.dataDir) app.addHook('onClose', () => rm(root, { recursive: true, force: true }));
  },
  { name: 'storage', dependencies: ['config'] },
);
