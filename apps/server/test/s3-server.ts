import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; only run() and close() are used.
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3Settings } from '../src/plugins/s3-storage.ts';

/** An S3-protocol server on a free port with one empty bucket, its objects in a temporary folder (tests, benchmarks). */
export async function startS3Server(
  downloadLinkSeconds = 0,
): Promise<{ settings: S3Settings & { endpoint: string }; close(): Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sc-s3rver-'));
  const bucket = `sc-test-${randomBytes(4).toString('hex')}`;
  const server: { run(): Promise<{ port: number }>; close(): Promise<void> } = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'files/',
      downloadLinkSeconds,
    },
    async close() {
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * `startS3Server` for a test file. The settings are filled in when it has started (before the file's other beforeAll
 * hooks, when registered first): the storage reads them at its first request.
 */
export function useS3Server(downloadLinkSeconds = 0): { settings: S3Settings } {
  const settings = {} as S3Settings;
  let close: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const started = await startS3Server(downloadLinkSeconds);
    Object.assign(settings, started.settings);
    close = started.close;
  });
  afterAll(async () => {
    await close?.();
  });
  return { settings };
}
