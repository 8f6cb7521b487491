import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import { readZipDirectory, zipEndRecord } from './zip.ts';

/** A JPEG of the given size with some drawing on it (a realistic background or photo). */
export function jpeg(width: number, height: number, hue = 210): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, `hsl(${hue}, 60%, 92%)`);
  g.addColorStop(1, `hsl(${(hue + 40) % 360}, 50%, 80%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = `hsl(${hue}, 50%, 40%)`;
  ctx.lineWidth = Math.max(2, width / 100);
  ctx.strokeRect(width * 0.03, height * 0.03, width * 0.94, height * 0.94);
  return canvas.toBuffer('image/jpeg', 85);
}

export function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fdf6e3';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#b58900';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.toBuffer('image/png');
}

/** Where the frame header (baseline or progressive) of a JPEG written by skia starts. */
export function jpegFrameHeaderAt(bytes: Uint8Array): number {
  for (let i = 2; i < bytes.length - 9; i++)
    if (bytes[i] === 0xff && bytes[i + 1] >= 0xc0 && bytes[i + 1] <= 0xc2) return i;
  throw new Error('no frame header');
}

/** A real JPEG whose frame header is changed to say `width` × `height`. */
export function jpegClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(jpeg(64, 48));
  const at = jpegFrameHeaderAt(bytes);
  bytes.writeUInt16BE(height, at + 5);
  bytes.writeUInt16BE(width, at + 7);
  return bytes;
}

/** General-purpose bit 11: the entry's name is UTF-8. */
export const UTF8_NAMES = 0x0800;

/**
 * A zip written by hand, so a test can put any name in it, `../` included. Entries are stored, or, with
 * `claimedSize`, deflated and claiming that uncompressed size (what a zip bomb's directory says). A name given as
 * a string is written as UTF-8 and flagged so; one given as bytes is written as they are, unflagged (as Windows
 * writes names in its code page), unless `flags` says otherwise. `extra` is the entry's extra field.
 */
export function rawZip(
  entries: {
    name: string | Buffer;
    data: Buffer;
    claimedSize?: number;
    /** `data` is deflated already (deflatedZeros): written as it is, claiming `claimedSize`. */
    deflated?: boolean;
    /** What the local header claims instead of `claimedSize` (a zip whose two directories disagree). */
    localClaimedSize?: number;
    flags?: number;
    extra?: Buffer;
  }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const flags = e.flags ?? (typeof e.name === 'string' ? UTF8_NAMES : 0);
    const extra = e.extra ?? Buffer.alloc(0);
    const crc = e.deflated ? 0 : crc32(e.data);
    const data = e.claimedSize === undefined || e.deflated ? e.data : deflateSync(e.data);
    const method = e.claimedSize === undefined ? 0 : 8;
    const claimed = e.claimedSize ?? e.data.length;
    // Local and central headers share these fields, from the flags on (the central one has "made by" before).
    const shared = (header: Buffer, at: number, size = claimed) => {
      header.writeUInt16LE(20, at - 2); // version needed
      header.writeUInt16LE(flags, at);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt32LE(crc, at + 8);
      header.writeUInt32LE(data.length, at + 12);
      header.writeUInt32LE(size, at + 16);
      header.writeUInt16LE(name.length, at + 20);
      header.writeUInt16LE(extra.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 6, e.localClaimedSize);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    shared(central, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, data);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, zipEndRecord(entries.length, directory.length, offset)]);
}

/**
 * Raw deflate of `megabytes` MiB of zeros, about a thousandth of that on disk (1 GiB → 1 MB), built without ever
 * holding the zeros: one independent block (full flush) of 1 MiB repeated, then an empty final block.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  return Buffer.concat([...Array<Buffer>(megabytes).fill(block), deflateRawSync(Buffer.alloc(0))]);
}

/** An .xlsx whose first row is `header` and the rest `rows`. */
export async function xlsx(header: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('证书数据');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Header of the default template's sheet: 序号 then the text blanks (required ones marked). */
export const DEFAULT_HEADER = [
  '序号',
  '*姓名',
  '*身份证号',
  '*证书编号',
  '*发证日期',
  '性别',
  '*职业名称',
  '工种/职业方向',
  '*职业技能等级',
  '*评价机构名称',
  '证件类型',
];

export function idCard(i: number): string {
  return `1101011990${String(i).padStart(6, '0')}${i % 10}X`.slice(0, 18);
}

export function personRow(i: number, name = `学员${i}`) {
  return [
    String(i),
    name,
    idCard(i),
    `Y00001100000122500${String(i).padStart(4, '0')}`,
    '2025年06月01日',
    i % 2 ? '男' : '女',
    '电工',
    '维修电工',
    '四级/中级工',
    '示例智能制造有限公司',
    '居民身份证',
  ];
}

/** Every entry of a zip the server answered, by name (read back with the engine's own zip reader). */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sc-unzip-'));
  try {
    const file = path.join(dir, 'answer.zip');
    writeFileSync(file, bytes);
    const { zip, items } = await readZipDirectory(file);
    const out = new Map<string, Buffer>();
    for (const item of items) {
      const chunks: Buffer[] = [];
      for await (const c of await zip.openReadStreamPromise(item.entry)) chunks.push(c as Buffer);
      out.set(item.name, Buffer.concat(chunks));
    }
    zip.close();
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
