import { close, fstat, open as openFd, read } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type yauzl from 'yauzl';

/** A zip (photos, or an .xlsx) may hold at most this many entries and this much uncompressed content. */
export const ZIP_MAX_ENTRIES = 60_000;
export const ZIP_MAX_TOTAL_BYTES = 4 * 1024 * 1024 * 1024;

export interface ZipItem {
  /** The entry's path inside the zip, '/'-separated. */
  name: string;
  /**
   * The same bytes read as UTF-8, when the zip does not say how its name is encoded and they are valid UTF-8 that
   * differs from `name`: macOS writes UTF-8 names without saying so, Chinese Windows GBK ones.
   */
  utf8Name?: string;
  size: number;
  encrypted: boolean;
  entry: yauzl.Entry;
}

/**
 * Where an entry's data is and how it is stored, as its central directory says: enough for `readZipEntryAt` to read
 * it again with the same checks, in another thread or later, without reading the directory again.
 */
export interface ZipLocator {
  relativeOffsetOfLocalHeader: number;
  compressedSize: number;
  uncompressedSize: number;
  compressionMethod: number;
  generalPurposeBitFlag: number;
}

export const locatorOf = (entry: yauzl.Entry): ZipLocator => ({
  relativeOffsetOfLocalHeader: entry.relativeOffsetOfLocalHeader,
  compressedSize: entry.compressedSize,
  uncompressedSize: entry.uncompressedSize,
  compressionMethod: entry.compressionMethod,
  generalPurposeBitFlag: entry.generalPurposeBitFlag,
});

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk');

/** The Info-ZIP Unicode Path extra field: version 1, the CRC-32 of the header's name, that name in UTF-8. */
const UNICODE_PATH_FIELD = 0x7075;

function unicodePath(entry: yauzl.Entry): string | null {
  for (const field of entry.extraFields) {
    if (field.id !== UNICODE_PATH_FIELD || field.data.length < 6 || field.data[0] !== 1) continue;
    // A name changed after the field was written: the field no longer describes it.
    if (field.data.readUInt32LE(1) !== crc32(entry.fileNameRaw)) continue;
    return field.data.subarray(5).toString('utf8');
  }
  return null;
}

/**
 * An entry's name: UTF-8 when flagged so (general-purpose bit 11) or given in the Unicode Path field; otherwise the
 * code page of the Windows that made it, GBK in China. Such a name is also kept as UTF-8 when it reads as that.
 */
function decodeName(entry: yauzl.Entry): Pick<ZipItem, 'name' | 'utf8Name'> {
  const raw = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & 0x800) return { name: raw.toString('utf8') };
  const unicode = unicodePath(entry);
  if (unicode !== null) return { name: unicode };
  const name = gbk.decode(raw);
  try {
    const asUtf8 = utf8.decode(raw);
    return asUtf8 === name ? { name } : { name, utf8Name: asUtf8 };
  } catch {
    return { name };
  }
}

/** A zip's end-of-central-directory record: `entries` entries, the directory's length and where it starts. */
export function zipEndRecord(entries: number, directoryLength: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
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
 * Opens a zip: its end record is read, not its entries (`readZipDirectory` reads them, `readZipEntryAt` reads one
 * it located before). Throws when it is not a zip.
 */
export async function openZip(filePath: string): Promise<yauzl.ZipFile> {
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
  return zip;
}

/**
 * Reads a zip's central directory (nothing is unpacked). Throws when it is not a zip; unsafe paths and the
 * size caps are the caller's to judge from the items.
 */
export async function readZipDirectory(filePath: string): Promise<{ zip: yauzl.ZipFile; items: ZipItem[] }> {
  const zip = await openZip(filePath);
  const items: ZipItem[] = [];
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) return { zip, items: [] };
    for await (const entry of zip.eachEntry()) {
      const { name, utf8Name } = decodeName(entry);
      items.push({
        name: name.replaceAll('\\', '/'),
        ...(utf8Name ? { utf8Name: utf8Name.replaceAll('\\', '/') } : {}),
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

/**
 * An entry's bytes, read whole but never past `maxBytes` (the directory's size may lie): null when it is bigger.
 * Errors of the zip (a broken entry) are thrown.
 */
export async function readZipEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
): Promise<Buffer | null> {
  if (entry.uncompressedSize > maxBytes) return null;
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `readZipEntry` of an entry located by `readZipDirectory` (`locatorOf`), the zip opened again (`openZip`). */
export async function readZipEntryAt(
  zip: yauzl.ZipFile,
  at: ZipLocator,
  maxBytes: number,
): Promise<Buffer | null> {
  const { zipLib } = await loadZipLib();
  return readZipEntry(zip, Object.assign(new zipLib.Entry(), at), maxBytes);
}
