import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { configPlugin } from './config.ts';
import { storagePlugin } from './storage.ts';
import { tempFilesPlugin } from './temp-files.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-temp-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startApp() {
  const app = Fastify();
  await app.register(configPlugin, { config: testConfig({ dataDir }) });
  await app.register(tempFilesPlugin);
  await app.ready();
  return app;
}

describe('temporary files', () => {
  it('an upload a crash left half-written in DATA_DIR/files is removed when the app starts', async () => {
    const files = path.join(dataDir, 'files');
    mkdirSync(files, { recursive: true });
    writeFileSync(path.join(files, '.upload-0123456789abcdef'), Buffer.alloc(1024));
    const app = Fastify();
    await app.register(configPlugin, { config: testConfig({ dataDir }) });
    await app.register(storagePlugin);
    await app.ready();
    try {
      expect(readdirSync(files)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('what a crashed process left in DATA_DIR/tmp is swept when the app starts', async () => {
    const left = path.join(dataDir, 'tmp', '0123456789abcdef');
    mkdirSync(left, { recursive: true });
    writeFileSync(path.join(left, 'sheet.xlsx'), Buffer.alloc(1024));
    writeFileSync(path.join(dataDir, 'tmp', 'tmp-123-spill'), Buffer.alloc(1024));
    const app = await startApp();
    try {
      expect(app.tempFiles.root).toBe(path.join(dataDir, 'tmp'));
      expect(readdirSync(app.tempFiles.root)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a work folder is removed when its work ends, failed or not, and the data folder keeps its tmp', async () => {
    const app = await startApp();
    try {
      let seen = '';
      await expect(
        app.tempFiles.withDir(async (dir) => {
          seen = dir;
          await writeFile(path.join(dir, 'part.bin'), Buffer.alloc(1024));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(path.dirname(seen)).toBe(app.tempFiles.root);
      expect(existsSync(seen)).toBe(false);
      expect(await app.tempFiles.withDir(async (dir) => existsSync(dir))).toBe(true);
      expect(readdirSync(app.tempFiles.root)).toEqual([]);
    } finally {
      await app.close();
    }
    expect(existsSync(path.join(dataDir, 'tmp'))).toBe(true);
  });
});
