import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { readZipDirectory, type ZipItem, zipEndRecord } from './zip.ts';

/** What the sheet reader takes from an .xlsx (its first worksheet and what that needs) may inflate to this at most. */
export const XLSX_MAX_UNCOMPRESSED = 64 * 1024 * 1024;

/** Why an .xlsx is not read: not an .xlsx at all, or a part that is broken or inflates past its size or the cap. */
export class XlsxRefused extends Error {
  constructor(readonly reason: 'invalid' | 'damagedOrTooBig') {
    super(reason);
    this.name = 'XlsxRefused';
  }
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The parts exceljs's streaming reader needs before a worksheet, in the order they must come so that it never
 * stores a worksheet in a temporary file of its own (it does when the shared strings or the workbook's relations
 * come after the worksheet, as Excel writes them); a part the file lacks is given empty.
 */
const PARTS_BEFORE_SHEET: [name: string, empty: string | null][] = [
  [
    'xl/_rels/workbook.xml.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  ],
  ['xl/workbook.xml', null],
  ['xl/styles.xml', null],
  [
    'xl/sharedStrings.xml',
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
  ],
];

interface Part {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  data: () => Promise<AsyncIterable<Buffer> | Iterable<Buffer>>;
}

/**
 * Checks an uploaded .xlsx and writes, into `dir`, the only .xlsx exceljs reads: its first worksheet and the parts
 * that worksheet needs, copied as they are (still compressed) from what the zip's directory describes, in the
 * order above. Before that, each part is inflated and counted: one that passes the size the directory declares
 * (a zip bomb that lies), or parts declaring more than XLSX_MAX_UNCOMPRESSED together, are refused at once. Entries
 * the directory does not list, other worksheets and any other part never reach exceljs. Returns the new file's path.
 */
export async function prepareXlsx(filePath: string, dir: string): Promise<string> {
  let directory: Awaited<ReturnType<typeof readZipDirectory>>;
  try {
    directory = await readZipDirectory(filePath);
  } catch {
    throw new XlsxRefused('invalid');
  }
  const { zip, items } = directory;
  try {
    const byName = new Map<string, ZipItem>();
    for (const item of items) if (!byName.has(item.name)) byName.set(item.name, item);
    if (!byName.has('[Content_Types].xml') || !byName.has('xl/workbook.xml'))
      throw new XlsxRefused('invalid');
    const sheet = items.find((i) => WORKSHEET.test(i.name));
    const chosen = [...PARTS_BEFORE_SHEET.map(([name]) => byName.get(name)), sheet].filter(
      (i): i is ZipItem => i !== undefined,
    );
    if (chosen.some((i) => i.encrypted || ![0, 8].includes(i.entry.compressionMethod)))
      throw new XlsxRefused('damagedOrTooBig');
    if (chosen.reduce((sum, i) => sum + i.size, 0) > XLSX_MAX_UNCOMPRESSED)
      throw new XlsxRefused('damagedOrTooBig');
    // yauzl fails the stream as soon as the inflated bytes pass the declared size (validateEntrySizes).
    try {
      for (const item of chosen)
        for await (const _ of await zip.openReadStreamPromise(item.entry)) {
          // counted by yauzl
        }
    } catch {
      throw new XlsxRefused('damagedOrTooBig');
    }

    const parts: Part[] = [];
    for (const [name, empty] of PARTS_BEFORE_SHEET) {
      const item = byName.get(name);
      if (item) parts.push(copied(item, zip));
      else if (empty !== null) parts.push(stored(name, Buffer.from(empty)));
    }
    if (sheet) parts.push(copied(sheet, zip));
    const out = path.join(dir, 'sheet.xlsx');
    await pipeline(Readable.from(zipBytes(parts)), createWriteStream(out));
    return out;
  } finally {
    zip.close();
  }
}

function copied(item: ZipItem, zip: Awaited<ReturnType<typeof readZipDirectory>>['zip']): Part {
  const { entry } = item;
  return {
    name: Buffer.from(item.name, 'utf8'),
    method: entry.compressionMethod,
    crc: entry.crc32,
    compressedSize: entry.compressedSize,
    size: entry.uncompressedSize,
    data: () => zip.openReadStreamPromise(entry, { decodeFileData: false }),
  };
}

function stored(name: string, bytes: Buffer): Part {
  return {
    name: Buffer.from(name, 'utf8'),
    method: 0,
    crc: crc32(bytes),
    compressedSize: bytes.length,
    size: bytes.length,
    data: async () => [bytes],
  };
}

const UTF8_NAME = 0x0800;

/** A zip of `parts`, names in UTF-8, sizes in the local headers (no data descriptors). */
async function* zipBytes(parts: Part[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at - 2); // version needed
      header.writeUInt16LE(UTF8_NAME, at);
      header.writeUInt16LE(p.method, at + 2);
      header.writeUInt32LE(p.crc, at + 8);
      header.writeUInt32LE(p.compressedSize, at + 12);
      header.writeUInt32LE(p.size, at + 16);
      header.writeUInt16LE(p.name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 6);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    fields(entry, 8);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, p.name);
    yield local;
    yield p.name;
    let copied = 0;
    for await (const chunk of await p.data()) {
      copied += chunk.length;
      yield chunk;
    }
    if (copied !== p.compressedSize) throw new XlsxRefused('damagedOrTooBig');
    offset += local.length + p.name.length + p.compressedSize;
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield zipEndRecord(parts.length, directory.length, offset);
}
