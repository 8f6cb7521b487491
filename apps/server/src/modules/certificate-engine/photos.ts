import path from 'node:path';
import type { TemplateBlank } from '@skill-cert/shared/customCertificate';
import type yauzl from 'yauzl';
import { uuidv7 } from '../../lib/id.ts';
import type { Storage } from '../../plugins/storage.ts';
import { detectFileKind } from '../files/fileType.ts';
import { type NewFileRecord, putContent } from '../files/service.ts';
import { ID_CARD_BLANK } from './defaults.ts';
import { imageSize, oversizeProblem } from './render/image-header.ts';
import { ROW_KEY_HEADER, type SheetRow } from './sheet.ts';
import { problem, uploadRejected } from './upload-errors.ts';
import { isUnsafeZipPath, readZipDirectory, ZIP_MAX_ENTRIES, ZIP_MAX_TOTAL_BYTES } from './zip.ts';

/** One photo may be at most this big (uncompressed). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

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

interface PreparedPhoto {
  fileId: string;
  record: NewFileRecord & { id: string };
}

/** Where a row's photo for an image blank is: the first found of `{key}` (first image blank), `{key}_{label}`. */
function photoFor(
  archive: PhotoArchive,
  keys: string[],
  blank: TemplateBlank,
  first: boolean,
): Photo | undefined {
  for (const key of keys) {
    const stems = [...(first ? [key] : []), `${key}_${blank.cn_name}`, `${key}_${blank.name}`];
    for (const stem of stems) {
      const found = archive.find(stem);
      if (found) return found;
    }
  }
  return undefined;
}

async function forEachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * The photos the rows need, read from the zip, checked by content and put into storage (file rows are written
 * with the batch). A missing, oversized or non-image photo becomes its row's problem.
 */
export async function collectPhotos(
  storage: Storage,
  owner: { id: string; companyId: string },
  archive: PhotoArchive | null,
  rows: SheetRow[],
  images: TemplateBlank[],
): Promise<{ byRow: Map<SheetRow, Map<string, string>>; records: (NewFileRecord & { id: string })[] }> {
  const wanted = new Map<string, { photo: Photo; users: { row: SheetRow; blank: TemplateBlank }[] }>();
  for (const row of rows) {
    const keys = [row.values[ID_CARD_BLANK], row.rowKey].filter((k): k is string => Boolean(k));
    images.forEach((blank, i) => {
      if (!archive) {
        if (blank.required) row.problems.push(`缺少${blank.cn_name}：未上传照片压缩包`);
        return;
      }
      const photo = photoFor(archive, keys, blank, i === 0);
      if (!photo) {
        if (!blank.required) return;
        row.problems.push(
          keys.length
            ? `缺少${blank.cn_name}：照片压缩包中没有 ${keys[0]}${i === 0 ? '' : `_${blank.cn_name}`}.jpg`
            : `无法匹配${blank.cn_name}：请填写身份证号或${ROW_KEY_HEADER}`,
        );
        return;
      }
      if (photo.encrypted) row.problems.push(`${blank.cn_name}已加密，无法读取：${photo.name}`);
      else if (photo.size > PHOTO_MAX_BYTES) row.problems.push(`${blank.cn_name}超过 10M：${photo.name}`);
      else {
        const entry = wanted.get(photo.name) ?? { photo, users: [] };
        entry.users.push({ row, blank });
        wanted.set(photo.name, entry);
      }
    });
  }

  const byRow = new Map<SheetRow, Map<string, string>>();
  const prepared = new Map<string, PreparedPhoto | string>();
  await forEachLimited([...wanted.values()], 8, async ({ photo }) => {
    let bytes: Buffer;
    try {
      bytes = await archive!.read(photo);
    } catch {
      prepared.set(photo.name, '无法读取');
      return;
    }
    const kind = detectFileKind(bytes.subarray(0, 16));
    if (kind !== 'jpg' && kind !== 'png') {
      prepared.set(photo.name, '不是 JPG/PNG 图片');
      return;
    }
    // Refused from its header: a small file may hold an image far too big to decode.
    const pixels = imageSize(bytes);
    const tooBig = pixels && oversizeProblem(pixels, '');
    if (tooBig) {
      prepared.set(photo.name, tooBig);
      return;
    }
    const { sha256, size } = await putContent(storage, bytes);
    const fileId = uuidv7();
    prepared.set(photo.name, {
      fileId,
      record: {
        id: fileId,
        ownerId: owner.id,
        companyId: owner.companyId,
        sha256,
        size,
        kind,
        originName: photo.name.split('/').pop() ?? photo.name,
      },
    });
  });
  for (const [name, { users: rowsOfPhoto }] of wanted) {
    const p = prepared.get(name);
    for (const { row, blank } of rowsOfPhoto) {
      if (typeof p === 'string' || !p) {
        row.problems.push(`${blank.cn_name}${p ?? '无法读取'}：${name}`);
        continue;
      }
      const ofRow = byRow.get(row) ?? new Map<string, string>();
      ofRow.set(blank.name, p.fileId);
      byRow.set(row, ofRow);
    }
  }
  const records = [...prepared.values()]
    .filter((p): p is PreparedPhoto => typeof p !== 'string')
    .map((p) => p.record);
  return { byRow, records };
}
