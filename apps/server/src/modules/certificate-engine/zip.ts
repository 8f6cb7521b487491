import { close, fstat, open as openFd, read } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type yauzl from 'yauzl';

/** A zip (photos, or an .xlsx) may hold at most this many entries and this much uncompressed content. */
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
