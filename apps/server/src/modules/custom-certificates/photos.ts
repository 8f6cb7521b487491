import { close, fstat, open as openFd, read } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type yauzl from 'yauzl';
import { problem, uploadRejected } from './upload-errors.ts';

/** One photo may be at most this big (uncompressed). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** A photos zip may hold at most this many entries and this much uncompressed content. */
export const ZIP_MAX_ENTRIES = 60_000;
export const ZIP_MAX_TOTAL_BYTES = 4 * 1024 * 1024 * 1024;

export interface ZipItem {
  /** The entry's path inside the zip, '/'-separated. */
  name: string;
  size: number;
  encrypted: boolean;
  entry: yauzl.Entry;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = (() => {
  try {
    return new TextDecoder('gb18030');
  } catch {
    return new TextDecoder('latin1');
  }
})();

/** Names flagged UTF-8 are UTF-8; unflagged ones from Chinese Windows are GBK unless they decode as UTF-8. */
function decodeName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & 0x800) return raw.toString('utf8');
  try {
    return utf8.decode(raw);
  } catch {
    return gbk.decode(raw);
  }
}

/** `../x`, `/etc/x`, `C:\x`: an entry that would land outside the folder it is unpacked into. */
export function isUnsafeZipPath(name: string): boolean {
  const n = name.replaceAll('\\', '/');
  return (
    n.startsWith('/') || /^[a-zA-Z]:/.test(n) || n.split('/').some((s) => s === '..') || n.includes('\0')
  );
}

/** The end of the file, where the central directory is, is read once: 10,000 entries cost one read, not 20,000. */
const TAIL_BYTES = 8 * 1024 * 1024;

type Yauzl = typeof yauzl;

/** yauzl is loaded on first use (an idle server does not hold it), and the reader class with it. */
let loaded: Promise<{ zipLib: Yauzl; Reader: ReturnType<typeof tailReaderClass> }> | null = null;
const loadZipLib = () => {
  loaded ??= import('yauzl').then(({ default: zipLib }) => ({ zipLib, Reader: tailReaderClass(zipLib) }));
  return loaded;
};

function tailReaderClass(zipLib: Yauzl) {
  return class TailCachedReader extends zipLib.RandomAccessReader {
    constructor(
      private readonly fd: number,
      private readonly tail: Buffer,
      private readonly tailStart: number,
    ) {
      super();
    }

    override _readStreamForRange(start: number, end: number): Readable {
      if (start >= this.tailStart)
        return Readable.from([this.tail.subarray(start - this.tailStart, end - this.tailStart)]);
      // Not fs.createReadStream: destroying it would close the shared descriptor.
      const fd = this.fd;
      let position = start;
      return new Readable({
        highWaterMark: 64 * 1024,
        read(size) {
          const length = Math.min(size, end - position);
          if (length <= 0) {
            this.push(null);
            return;
          }
          const chunk = Buffer.allocUnsafe(length);
          read(fd, chunk, 0, length, position, (err, bytesRead) => {
            if (err) return this.destroy(err);
            if (bytesRead === 0) return this.push(null);
            position += bytesRead;
            this.push(chunk.subarray(0, bytesRead));
          });
        },
      });
    }

    override read(
      buffer: Buffer,
      offset: number,
      length: number,
      position: number,
      callback: (err: Error | null, bytesRead?: number) => void,
    ): void {
      if (position >= this.tailStart) {
        const copied = this.tail.copy(
          buffer,
          offset,
          position - this.tailStart,
          position - this.tailStart + length,
        );
        setImmediate(() => callback(null, copied));
        return;
      }
      read(this.fd, buffer, offset, length, position, (err, bytesRead) => callback(err, bytesRead));
    }

    override close(callback: (err: Error | null) => void): void {
      close(this.fd, (err) => callback(err ?? null));
    }
  };
}

/**
 * Reads a zip's central directory (nothing is unpacked). Throws when it is not a zip; unsafe paths and the
 * size caps are the caller's to judge from the items.
 */
export async function readZipDirectory(filePath: string): Promise<{ zip: yauzl.ZipFile; items: ZipItem[] }> {
  // A plain descriptor, not a FileHandle (which would close itself when collected): the reader owns it.
  const { zipLib, Reader } = await loadZipLib();
  const fd = await promisify(openFd)(filePath, 'r');
  let zip: yauzl.ZipFile;
  try {
    const { size } = await promisify(fstat)(fd);
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await promisify(read)(fd, tail, 0, tail.length, tailStart);
    zip = await zipLib.fromRandomAccessReaderPromise(new Reader(fd, tail, tailStart), size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (err) {
    await promisify(close)(fd);
    throw err;
  }
  const items: ZipItem[] = [];
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) return { zip, items: [] };
    for await (const entry of zip.eachEntry()) {
      items.push({
        name: decodeName(entry).replaceAll('\\', '/'),
        size: entry.uncompressedSize,
        encrypted: entry.isEncrypted(),
        entry,
      });
    }
  } catch (err) {
    zip.close();
    throw err;
  }
  return { zip, items };
}

export interface Photo {
  /** The entry's path in the zip (for messages). */
  name: string;
  /** Lower-cased extension without the dot. */
  ext: string;
  size: number;
  encrypted: boolean;
  entry: yauzl.Entry;
}

/** Photos by the file name without its extension (lower-cased), from any folder of the zip. */
export interface PhotoArchive {
  find(stem: string): Photo | undefined;
  /** The photo's bytes; at most PHOTO_MAX_BYTES. */
  read(photo: Photo): Promise<Buffer>;
  close(): void;
}

const ignored = (name: string) =>
  name.endsWith('/') || name.split('/').some((s) => s === '__MACOSX' || s.startsWith('.'));

/**
 * Opens the photos zip of a batch upload. Structural problems reject the upload (400 with data.errors): not a
 * zip, an entry whose path leaves the folder (`../`, absolute), too many entries or too much content, two photos
 * with the same name. A single photo that is too big or not an image is the problem of its row only.
 */
export async function openPhotoArchive(filePath: string): Promise<PhotoArchive> {
  let opened: Awaited<ReturnType<typeof readZipDirectory>>;
  try {
    opened = await readZipDirectory(filePath);
  } catch {
    throw uploadRejected([problem('照片压缩包已损坏或不是 ZIP 文件，请重新压缩后上传', null, '照片压缩包')]);
  }
  const { zip, items } = opened;
  const errors = [];
  if (zip.entryCount > ZIP_MAX_ENTRIES)
    errors.push(problem(`照片压缩包中的文件不能超过 ${ZIP_MAX_ENTRIES} 个`, null, '照片压缩包'));
  const unsafe = items.filter((i) => isUnsafeZipPath(i.name));
  for (const i of unsafe.slice(0, 20))
    errors.push(problem(`照片压缩包中含有不安全的路径：${i.name}`, null, '照片压缩包'));
  const total = items.reduce((sum, i) => sum + i.size, 0);
  if (total > ZIP_MAX_TOTAL_BYTES)
    errors.push(problem('照片压缩包解压后超过 4G，请分批上传', null, '照片压缩包'));

  const byStem = new Map<string, Photo>();
  const duplicates = new Map<string, string[]>();
  for (const item of items) {
    if (ignored(item.name) || isUnsafeZipPath(item.name)) continue;
    const base = path.posix.basename(item.name);
    const ext = path.posix.extname(base).slice(1).toLowerCase();
    const stem = (ext ? base.slice(0, -(ext.length + 1)) : base).trim().toLowerCase();
    if (!stem) continue;
    const seen = byStem.get(stem);
    if (seen) {
      duplicates.set(stem, [...(duplicates.get(stem) ?? [seen.name]), item.name]);
      continue;
    }
    byStem.set(stem, { name: item.name, ext, size: item.size, encrypted: item.encrypted, entry: item.entry });
  }
  for (const names of [...duplicates.values()].slice(0, 20))
    errors.push(problem(`照片压缩包中有重名的照片：${names.join('、')}`, null, '照片压缩包'));
  if (errors.length) {
    zip.close();
    throw uploadRejected(errors);
  }

  return {
    find: (stem) => byStem.get(stem.trim().toLowerCase()),
    async read(photo) {
      if (photo.size > PHOTO_MAX_BYTES) throw new Error('照片超过 10M');
      const stream = await zip.openReadStreamPromise(photo.entry);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream) {
        size += chunk.length;
        if (size > PHOTO_MAX_BYTES) {
          stream.destroy();
          throw new Error('照片超过 10M');
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
