import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { TarArchive } from 'archiver';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sha256Of } from '../lib/content-store.ts';
import { createBackup } from './backup.ts';
import { BACKUP_FORMAT, type BackupManifest, readTarEntries, tarEntryStream } from './backup-archive.ts';
import { migrationsFolder, PGLITE_OPTIONS } from './pglite-setup.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sc-backup-unit-'));
  scratch.push(dir);
  return dir;
};

const latestMigration = (): string =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.at(-1)!.tag;

const manifestOf = (over: Partial<BackupManifest> = {}): BackupManifest => ({
  format: BACKUP_FORMAT,
  version: 1,
  database: 'pglite',
  migration: latestMigration(),
  createdAt: new Date().toISOString(),
  storage: 'local',
  files: 0,
  fileBytes: 0,
  ...over,
});

async function tarOf(entries: { name: string; data: string | Buffer }[]): Promise<string> {
  const file = path.join(tempDir(), 'backup.tar');
  const archive = new TarArchive();
  const written = pipeline(archive, createWriteStream(file));
  for (const e of entries) archive.append(e.data, { name: e.name });
  await Promise.all([archive.finalize(), written]);
  return file;
}

const backupOf = (manifest: BackupManifest, more: { name: string; data: string | Buffer }[] = []) =>
  tarOf([
    { name: 'manifest.json', data: JSON.stringify(manifest) },
    { name: manifest.database === 'pglite' ? 'database.tar' : 'database.dump', data: 'x' },
    ...more,
  ]);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the restore was not refused'),
    (err: Error) => {
      expect(err).toBeInstanceOf(RestoreRefused);
      return err.message;
    },
  );

async function bytesOf(file: string, name: string): Promise<Buffer> {
  const entry = (await readTarEntries(file)).find((e) => e.name === name)!;
  const chunks: Buffer[] = [];
  for await (const chunk of tarEntryStream(file, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the backup archive', () => {
  it('the tar reader finds every entry archiver wrote, with its bytes', async () => {
    const big = Buffer.alloc(70_000, 7);
    const file = await tarOf([
      { name: 'manifest.json', data: '{"a":1}' },
      { name: 'empty', data: '' },
      { name: `files/ab/ab${'0'.repeat(62)}`, data: big },
    ]);
    expect((await readTarEntries(file)).map((e) => [e.name, e.size])).toEqual([
      ['manifest.json', 7],
      ['empty', 0],
      [`files/ab/ab${'0'.repeat(62)}`, 70_000],
    ]);
    expect(await bytesOf(file, `files/ab/ab${'0'.repeat(62)}`)).toEqual(big);
    expect((await bytesOf(file, 'empty')).length).toBe(0);
  });

  it('a cut archive is refused as incomplete', async () => {
    const file = await tarOf([{ name: 'a', data: Buffer.alloc(5000, 1) }]);
    writeFileSync(file, readFileSync(file).subarray(0, 2048));
    await expect(readTarEntries(file)).rejects.toThrow('备份文件不完整');
  });
});

describe('restore refuses', () => {
  it('a file that is not a backup of this system', async () => {
    const file = await tarOf([{ name: 'notes.txt', data: 'hello' }]);
    expect(
      await refusal(restoreBackup({ archive: file, dataDir: tempDir(), databaseUrl: null, force: false })),
    ).toContain('不是本系统的备份文件');
  });

  it('a backup from a newer program (a migration this one does not have)', async () => {
    const file = await backupOf(manifestOf({ migration: '9999_future' }));
    expect(
      await refusal(restoreBackup({ archive: file, dataDir: tempDir(), databaseUrl: null, force: false })),
    ).toContain('备份来自更新的程序版本');
  });

  it('an embedded backup into PostgreSQL', async () => {
    const file = await backupOf(manifestOf());
    const message = await refusal(
      restoreBackup({
        archive: file,
        dataDir: tempDir(),
        databaseUrl: 'postgres://x@127.0.0.1/x',
        force: false,
      }),
    );
    expect(message).toContain('只能恢复到数据目录');
  });

  it('a PostgreSQL backup with no database named to restore into', async () => {
    const file = await backupOf(manifestOf({ database: 'postgres' }));
    const message = await refusal(
      restoreBackup({
        archive: file,
        dataDir: tempDir(),
        databaseUrl: null,
        environmentDatabaseUrl: null,
        force: false,
      }),
    );
    expect(message).toContain('请用 --database-url');
  });

  it('a data folder that is not empty, without --force, and leaves it as it was', async () => {
    const file = await backupOf(manifestOf());
    const target = tempDir();
    writeFileSync(path.join(target, 'keep.txt'), 'mine');
    const message = await refusal(
      restoreBackup({ archive: file, dataDir: target, databaseUrl: null, force: false }),
    );
    expect(message).toContain('不是空的');
    expect(readdirSync(target)).toEqual(['keep.txt']);
  });
});

describe('restore writes nothing half', () => {
  it('a damaged file fails the restore and the empty folder stays empty', async () => {
    const name = `files/ab/ab${'1'.repeat(62)}`;
    const file = await backupOf(manifestOf({ files: 1, fileBytes: 3 }), [{ name, data: 'not its hash' }]);
    const target = path.join(tempDir(), 'data');
    await expect(
      restoreBackup({ archive: file, dataDir: target, databaseUrl: null, force: false }),
    ).rejects.toThrow('已损坏');
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('backup', () => {
  it('a data folder without an embedded database is refused and leaves no archive', async () => {
    const out = tempDir();
    await expect(
      createBackup({ dataDir: tempDir(), databaseUrl: null, storage: 'local', out }),
    ).rejects.toThrow('没有嵌入式数据库');
    expect(readdirSync(out)).toEqual([]);
  });

  it('an archive that exists already is refused', async () => {
    const out = path.join(tempDir(), 'mine.tar');
    writeFileSync(out, 'old');
    await expect(
      createBackup({ dataDir: tempDir(), databaseUrl: null, storage: 'local', out }),
    ).rejects.toThrow('已存在');
    expect(readFileSync(out, 'utf8')).toBe('old');
  });

  it('a folder a running server holds, without its backup channel, is refused naming it', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'pglite'));
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
    // A live process that is not this one holds the lock.
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));
    await expect(
      createBackup({ dataDir, databaseUrl: null, storage: 'local', out: tempDir() }),
    ).rejects.toThrow('请停止服务后再备份');
  });

  const migratedDump = inject('migratedPgliteDump');
  it.runIf(migratedDump)(
    'a stopped server’s folder is backed up by opening it, named with the time, and restored with its rows and files',
    async () => {
      const dataDir = tempDir();
      const client = await PGlite.create(path.join(dataDir, 'pglite'), {
        ...PGLITE_OPTIONS,
        loadDataDir: new Blob([readFileSync(migratedDump!)]),
      });
      await client.query(`insert into role_types (id, name) values (91, '备份测试甲'), (92, '备份测试乙')`);
      await client.close();
      const content = Buffer.from('%PDF-1.7 a certificate');
      const sha = sha256Of(content);
      mkdirSync(path.join(dataDir, 'files', sha.slice(0, 2)), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', sha.slice(0, 2), sha), content);
      writeFileSync(path.join(dataDir, 'files', sha.slice(0, 2), `${sha}.123-ab.tmp`), 'half');

      const out = tempDir();
      const now = new Date(2026, 0, 2, 3, 4, 5);
      const { file, manifest } = await createBackup({
        dataDir,
        databaseUrl: null,
        storage: 'local',
        out,
        now,
      });
      expect(path.basename(file)).toBe('skill-cert-backup-20260102-030405.tar');
      expect(readdirSync(out)).toEqual([path.basename(file)]);
      expect(manifest).toMatchObject({
        database: 'pglite',
        migration: latestMigration(),
        files: 1,
        fileBytes: content.length,
      });
      // The backup released the folder's lock.
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      const target = path.join(tempDir(), 'data');
      await restoreBackup({ archive: file, dataDir: target, databaseUrl: null, force: false });
      expect(readFileSync(path.join(target, 'files', sha.slice(0, 2), sha))).toEqual(content);
      expect(readdirSync(path.join(target, 'files', sha.slice(0, 2)))).toEqual([sha]);
      const restored = await PGlite.create(path.join(target, 'pglite'), PGLITE_OPTIONS);
      const source = await PGlite.create(path.join(dataDir, 'pglite'), PGLITE_OPTIONS);
      const countSql =
        'select (select count(*) from drizzle.__drizzle_migrations)::int as m, (select count(*) from role_types where id > 90)::int as d';
      const [counts] = (await source.query(countSql)).rows;
      expect(counts).toMatchObject({ d: 2 });
      expect((await restored.query(countSql)).rows).toEqual([counts]);
      await restored.close();
      await source.close();

      // --force replaces the database of a folder that is not empty.
      await restoreBackup({ archive: file, dataDir: target, databaseUrl: null, force: true });
      expect(existsSync(path.join(target, 'pglite', 'PG_VERSION'))).toBe(true);
    },
    120_000,
  );
});
