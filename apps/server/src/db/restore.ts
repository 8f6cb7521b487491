import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgTool } from './backup.ts';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  DATABASE_ENTRY,
  isContentEntry,
  knowsMigration,
  MANIFEST_ENTRY,
  readTarEntries,
  SECRET_ENTRY,
  type TarEntry,
  tarEntryStream,
} from './backup-archive.ts';
import { lockDataDir } from './lock.ts';
import { PGLITE_OPTIONS } from './pglite-setup.ts';

export interface RestoreOptions {
  archive: string;
  /** Where the embedded database and the files go (the embedded backup's target; the files of a PostgreSQL one). */
  dataDir: string | null;
  /** The empty PostgreSQL database a PostgreSQL backup goes into (given on the command line). */
  databaseUrl: string | null;
  /** The environment's DATABASE_URL: the target of a PostgreSQL backup when none is given. */
  environmentDatabaseUrl?: string | null;
  /** Replaces what the target holds instead of refusing a target that is not empty. */
  force: boolean;
}

/** A restore refused before anything was written (the script prints the message and exits non-zero). */
export class RestoreRefused extends Error {}

const isEmptyDir = async (dir: string) => ((await readdir(dir).catch(() => [])) as string[]).length === 0;

/** Whether a PostgreSQL database holds any table outside the system's schemas. */
async function databaseIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return result.rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** Reads and checks the manifest; the archive's entries by name. */
async function openArchive(file: string): Promise<{ manifest: BackupManifest; entries: TarEntry[] }> {
  if (!existsSync(file)) throw new RestoreRefused(`备份文件 ${file} 不存在`);
  const entries = await readTarEntries(file).catch((err: Error) => {
    throw new RestoreRefused(err.message);
  });
  const manifestEntry = entries.find((e) => e.name === MANIFEST_ENTRY);
  if (!manifestEntry) throw new RestoreRefused(`${file} 不是本系统的备份文件（缺少 ${MANIFEST_ENTRY}）`);
  const manifest = JSON.parse((await readStream(file, manifestEntry)).toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new RestoreRefused(`${file} 不是本系统可识别的备份文件`);
  if (!knowsMigration(manifest.migration))
    throw new RestoreRefused(
      `备份来自更新的程序版本（数据库迁移 ${manifest.migration}）：请先升级程序再恢复`,
    );
  if (!entries.some((e) => e.name === DATABASE_ENTRY[manifest.database]))
    throw new RestoreRefused(`备份文件不完整：缺少数据库 ${DATABASE_ENTRY[manifest.database]}`);
  return { manifest, entries };
}

/** Unpacks the stored contents, each checked against its hash, each renamed into place when whole. */
async function restoreFiles(archive: string, entries: TarEntry[], root: string): Promise<number> {
  let count = 0;
  for (const entry of entries.filter((e) => isContentEntry(e.name))) {
    const sha256 = entry.name.slice(9);
    const target = path.join(root, sha256.slice(0, 2), sha256);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(tarEntryStream(archive, entry), hashing, createWriteStream(temp));
      if (hash.digest('hex') !== sha256)
        throw new Error(`备份中的文件 ${entry.name} 已损坏（内容与其 SHA-256 不符）`);
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
    }
    count++;
  }
  return count;
}

/** pg_restore from the archive's entry, in one transaction: a failed restore leaves the database as it was. */
function pgRestore(archive: string, entry: TarEntry, url: string, force: boolean): Promise<void> {
  const args = [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
  ];
  if (force) args.push('--clean', '--if-exists');
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool('pg_restore'), args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    // pg_restore stops reading when it fails: its exit code tells why, not the broken pipe.
    pipeline(tarEntryStream(archive, entry), child.stdin).catch(() => {});
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore 失败：${stderr.trim() || `退出码 ${code}`}`)),
    );
  });
}

/**
 * Restores a backup (db/backup-archive.ts) into an empty data folder (embedded) or an empty PostgreSQL database and
 * the data folder's `files` (PostgreSQL). A target that is not empty is refused unless `force`; a restore that
 * fails removes what it wrote into an empty target.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<BackupManifest> {
  const { manifest, entries } = await openArchive(path.resolve(opts.archive));
  const archive = path.resolve(opts.archive);
  const databaseEntry = entries.find((e) => e.name === DATABASE_ENTRY[manifest.database]) as TarEntry;
  const hasFiles = entries.some((e) => isContentEntry(e.name));
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : null;

  if (manifest.database === 'pglite') {
    if (opts.databaseUrl)
      throw new RestoreRefused(
        '此备份来自嵌入式数据库，只能恢复到数据目录（--data-dir），不能恢复到 PostgreSQL',
      );
    if (!dataDir) throw new RestoreRefused('请用 --data-dir 指明要恢复到的空数据目录');
    if (!opts.force && !(await isEmptyDir(dataDir)))
      throw new RestoreRefused(
        `目标数据目录 ${dataDir} 不是空的：请指定一个空目录，或加 --force 覆盖其中的数据`,
      );
  } else {
    opts = { ...opts, databaseUrl: opts.databaseUrl ?? opts.environmentDatabaseUrl ?? null };
    if (!opts.databaseUrl)
      throw new RestoreRefused(
        '此备份来自 PostgreSQL：请用 --database-url（或 DATABASE_URL）指明要恢复到的空数据库',
      );
    if (hasFiles && !dataDir) throw new RestoreRefused('请用 --data-dir 指明存放文件的数据目录');
    if (!opts.force && !(await databaseIsEmpty(opts.databaseUrl)))
      throw new RestoreRefused('目标数据库不是空的：请指定一个空数据库，或加 --force 覆盖其中的数据');
    if (hasFiles && dataDir && !opts.force && !(await isEmptyDir(path.join(dataDir, 'files'))))
      throw new RestoreRefused(`目标数据目录 ${dataDir} 的 files/ 不是空的：请指定一个空目录，或加 --force`);
  }

  const written: string[] = [];
  let unlock = () => {};
  try {
    if (dataDir) {
      await mkdir(dataDir, { recursive: true });
      // A server started on the folder meanwhile would see half a database: it is refused while this holds the lock.
      if (manifest.database === 'pglite' || hasFiles) unlock = lockDataDir(dataDir);
    }
    // The files first: each is checked against its hash before the database is written.
    if (hasFiles && dataDir) {
      const root = path.join(dataDir, 'files');
      written.push(root);
      await restoreFiles(archive, entries, root);
    }
    if (manifest.database === 'pglite' && dataDir) {
      const folder = path.join(dataDir, 'pglite');
      await rm(folder, { recursive: true, force: true });
      written.push(folder);
      const dump = new Blob([await readStream(archive, databaseEntry)]);
      const client = await PGlite.create(folder, { ...PGLITE_OPTIONS, loadDataDir: dump });
      await client.close();
    } else if (opts.databaseUrl) {
      await pgRestore(archive, databaseEntry, opts.databaseUrl, opts.force);
    }
    const secret = entries.find((e) => e.name === SECRET_ENTRY);
    const secretFile = dataDir ? path.join(dataDir, 'jwt-secret') : null;
    if (secret && secretFile && manifest.database === 'pglite') {
      written.push(secretFile);
      await writeFile(secretFile, await readStream(archive, secret), { mode: 0o600 });
    }
    return manifest;
  } catch (err) {
    // Into an empty target: what this restore wrote goes, so the target is empty again.
    if (!opts.force) for (const p of written) await rm(p, { recursive: true, force: true });
    throw err;
  } finally {
    unlock();
  }
}

async function readStream(archive: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of tarEntryStream(archive, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
