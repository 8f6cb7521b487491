import { createReadStream, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { migrationsFolder } from './pglite-setup.ts';

/**
 * The layout of a backup (`npm run backup`): one tar holding `manifest.json` first, the database (`database.tar`, the
 * embedded database's own dump; `database.dump`, `pg_dump -Fc`), the generated `jwt-secret` when the data folder has
 * one, and the local driver's contents as `files/<2 hex>/<sha256>`.
 */
export const BACKUP_FORMAT = 'skill-cert-backup';
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = { pglite: 'database.tar', postgres: 'database.dump' } as const;
export const SECRET_ENTRY = 'jwt-secret';
export const FILES_PREFIX = 'files/';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  database: 'pglite' | 'postgres';
  /** The tag of the last migration the database had (e.g. `0030_banners`). */
  migration: string;
  createdAt: string;
  /** `s3`: the contents are in the bucket, not in the backup. */
  storage: 'local' | 's3';
  files: number;
  fileBytes: number;
}

/** A stored content's path in a backup, from its place under the storage folder: `files/ab/ab…`. */
export const isContentEntry = (name: string): boolean =>
  /^files\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(name) && name.slice(6, 8) === name.slice(9, 11);

interface Journal {
  entries: { tag: string; when: number }[];
}

const journal = (): Journal =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));

/** The tag of the migration drizzle recorded at `createdAt` (its `__drizzle_migrations.created_at`). */
export function migrationTagAt(createdAt: number): string {
  return journal().entries.find((e) => e.when === createdAt)?.tag ?? `unknown-${createdAt}`;
}

/** Whether this program knows the migration (a backup from a newer one has migrations it does not). */
export const knowsMigration = (tag: string): boolean => journal().entries.some((e) => e.tag === tag);

/** The statement answering the last migration's `created_at`, on either database. */
export const LAST_MIGRATION_SQL =
  'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1';

export interface TarEntry {
  name: string;
  /** Where the entry's bytes start in the archive. */
  offset: number;
  size: number;
}

const BLOCK = 512;

const text = (header: Buffer, start: number, length: number) => {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

/** A size field: octal, or base-256 when its first byte has the high bit (entries of 8 GB and more). */
function sizeOf(header: Buffer): number {
  if (header[124] & 0x80) {
    let size = 0;
    for (let i = 125; i < 136; i++) size = size * 256 + header[i];
    return size;
  }
  return Number.parseInt(text(header, 124, 12).trim() || '0', 8);
}

/** The records of a pax header (`17 path=files/…\n`). */
function paxRecords(body: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.subarray(at, space).toString());
    if (space === -1 || !length) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    records.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return records;
}

/**
 * The regular files of a tar (ustar, with pax headers), read header by header without reading their contents.
 * Throws on a file that is not a whole tar.
 */
export async function readTarEntries(file: string): Promise<TarEntry[]> {
  const handle = await open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    let offset = 0;
    let pax: Map<string, string> | null = null;
    while (offset + BLOCK <= total) {
      await handle.read(header, 0, BLOCK, offset);
      if (header.every((b) => b === 0)) return entries;
      if (header.subarray(257, 262).toString() !== 'ustar')
        throw new Error('不是有效的备份文件（tar 格式错误）');
      const type = String.fromCharCode(header[156] || 0x30);
      let size = sizeOf(header);
      const start = offset + BLOCK;
      if (type === 'x') {
        const body = Buffer.alloc(size);
        await handle.read(body, 0, size, start);
        pax = paxRecords(body);
      } else {
        const prefix = text(header, 345, 155);
        const name =
          pax?.get('path') ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
        if (pax?.has('size')) size = Number(pax.get('size'));
        if (type === '0') entries.push({ name, offset: start, size });
        pax = null;
      }
      offset = start + Math.ceil(size / BLOCK) * BLOCK;
      if (offset > total) break;
    }
    throw new Error('备份文件不完整（tar 提前结束）');
  } finally {
    await handle.close();
  }
}

/** An entry's bytes, streamed from the archive. */
export function tarEntryStream(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}
