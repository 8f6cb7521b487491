import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backupSocketPath } from '../plugins/backup-channel.ts';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  DATABASE_ENTRY,
  LAST_MIGRATION_SQL,
  MANIFEST_ENTRY,
  migrationTagAt,
  SECRET_ENTRY,
} from './backup-archive.ts';
import { lockDataDir, lockHolder } from './lock.ts';
import { PGLITE_OPTIONS } from './pglite-setup.ts';

export interface BackupOptions {
  /** The data folder (DATA_DIR): the embedded database, the local driver's files, the generated JWT secret. */
  dataDir: string;
  /** PostgreSQL to back up with pg_dump; null: the embedded database in the data folder. */
  databaseUrl: string | null;
  /** `s3`: the contents are in the bucket (its own versioning keeps them), so none are copied. */
  storage: 'local' | 's3';
  /** A folder (the archive gets a name with the time) or a `.tar` file. */
  out: string;
  now?: Date;
}

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL client program (`pg_dump`, `pg_restore`): from PG_BIN_DIR, else PATH, else the newest version under
 * Debian's /usr/lib/postgresql/<version>/bin.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs = process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : (process.env.PATH ?? '').split(':');
  for (const dir of dirs) if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v) && existsSync(path.join(debian, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(debian, versions[0], 'bin', name);
  throw new Error(
    `找不到 ${name}：请安装 PostgreSQL 客户端工具（主版本不低于数据库服务器），或用 PG_BIN_DIR 指明其所在目录`,
  );
}

/** Runs a PostgreSQL client program; its own message (stderr) is the error's. */
export async function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await execFileAsync(pgTool(name), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${name} 失败：${stderr || (err as Error).message}`);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const stampOf = (d: Date) =>
  `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;

/** Dumps PostgreSQL with pg_dump (custom format: one snapshot, so consistent while servers write). */
async function dumpPostgres(url: string, target: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let migration: string;
  try {
    const result = await client.query<{ created_at: string }>(LAST_MIGRATION_SQL);
    migration = migrationTagAt(Number(result.rows[0]?.created_at));
  } finally {
    await client.end();
  }
  await runPgTool('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${url}`]);
  return migration;
}

/** Asks the server running on the data folder for its dump (plugins/backup-channel.ts). */
function dumpThroughServer(dataDir: string, pid: number, target: string): Promise<string> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/database', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => reject(new Error(body || `服务进程答复 ${res.statusCode}`)));
        return;
      }
      pipeline(res, createWriteStream(target)).then(
        () => resolve(String(res.headers['x-migration'])),
        reject,
      );
    });
    req.on('error', (err) =>
      reject(
        new Error(
          `服务进程 (pid ${pid}) 正在使用数据目录 ${dataDir}，但无法通过 ${socketPath} 在线导出（${err.message}）：请停止服务后再备份`,
        ),
      ),
    );
    req.end();
  });
}

/** Opens the embedded database itself (no server on the folder; the lock keeps one from starting meanwhile). */
async function dumpFolder(dataDir: string, target: string): Promise<string> {
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'), PGLITE_OPTIONS);
    try {
      const result = await client.query<{ created_at: string | number }>(LAST_MIGRATION_SQL);
      const migration = migrationTagAt(Number(result.rows[0]?.created_at));
      const dump = await client.dumpDataDir('none');
      await writeFile(target, Buffer.from(await dump.arrayBuffer()));
      return migration;
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/** The local driver's contents (lib/content-store.ts layout), with their size; half-written ones are skipped. */
async function storedContents(root: string): Promise<{ name: string; file: string; size: number }[]> {
  const found: { name: string; file: string; size: number }[] = [];
  const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const dir of dirs) {
    if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) continue;
    for (const name of await readdir(path.join(root, dir.name))) {
      if (!/^[0-9a-f]{64}$/.test(name) || !name.startsWith(dir.name)) continue;
      const file = path.join(root, dir.name, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) found.push({ name: `files/${dir.name}/${name}`, file, size: info.size });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Writes one backup archive (db/backup-archive.ts): the database first, then the local driver's files. Written
 * under a temporary name and renamed when whole, so a backup that failed leaves nothing that looks like one.
 */
export async function createBackup(opts: BackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
  const now = opts.now ?? new Date();
  const file = opts.out.endsWith('.tar')
    ? path.resolve(opts.out)
    : path.resolve(opts.out, `skill-cert-backup-${stampOf(now)}.tar`);
  if (existsSync(file)) throw new Error(`备份文件 ${file} 已存在`);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const databaseFile = `${file}.database.tmp`;
  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  try {
    let migration: string;
    if (opts.databaseUrl) {
      migration = await dumpPostgres(opts.databaseUrl, databaseFile);
    } else {
      if (!existsSync(path.join(opts.dataDir, 'pglite', 'PG_VERSION')))
        throw new Error(`数据目录 ${opts.dataDir} 中没有嵌入式数据库（pglite/）`);
      const pid = lockHolder(opts.dataDir);
      migration = pid
        ? await dumpThroughServer(opts.dataDir, pid, databaseFile)
        : await dumpFolder(opts.dataDir, databaseFile);
    }
    // After the dump: contents are immutable and written before any row names them, so all the dump names are here.
    const contents = opts.storage === 'local' ? await storedContents(path.join(opts.dataDir, 'files')) : [];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      database: kind,
      migration,
      createdAt: now.toISOString(),
      storage: opts.storage,
      files: contents.length,
      fileBytes: contents.reduce((sum, c) => sum + c.size, 0),
    };
    const { TarArchive } = await import('archiver');
    const archive = new TarArchive();
    const written = pipeline(archive, createWriteStream(partial));
    archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: MANIFEST_ENTRY });
    archive.file(databaseFile, { name: DATABASE_ENTRY[kind] });
    const secret = path.join(opts.dataDir, 'jwt-secret');
    if (existsSync(secret)) archive.append(await readFile(secret), { name: SECRET_ENTRY, mode: 0o600 });
    for (const content of contents) archive.file(content.file, { name: content.name });
    await Promise.all([archive.finalize(), written]);
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(databaseFile, { force: true });
  }
}
