import path from 'node:path';
import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { writeContentSync } from '../../lib/content-store.ts';
import { uuidv7 } from '../../lib/id.ts';
import type { Storage } from '../../plugins/storage.ts';
import { detectFileKind } from '../files/file-type.ts';
import { type NewFileRecord, putContent } from '../files/service.ts';
import { ID_CARD_BLANK, NAME_BLANK } from './defaults.ts';
import { imageSize, oversizeProblem } from './render/image-header.ts';
import { ROW_KEY_HEADER } from './sheet.ts';
import type { SheetRow } from './sheet-read.ts';
import { problem, uploadRejected } from './upload-errors.ts';
import {
  isUnsafeZipPath,
  locatorOf,
  openZip,
  readZipDirectory,
  readZipEntryAt,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_TOTAL_BYTES,
  type ZipLocator,
} from './zip.ts';

/** One photo may be at most this big (uncompressed). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export interface Photo {
  /** The entry's path in the zip (for messages). */
  name: string;
  /** Lower-cased extension without the dot. */
  ext: string;
  size: number;
  encrypted: boolean;
  /** Where its bytes are in the zip. */
  at: ZipLocator;
}

/** What counts as a photo, by its name (its content is checked when it is read). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'];
export const PHOTO_EXTENSIONS_TEXT = PHOTO_EXTENSIONS.map((e) => `.${e}`).join('/');

/** A photo zip's directory as the upload thread reads it (`indexPhotoZip`): plain data, passed between threads. */
export interface PhotoIndex {
  photos: Photo[];
  /** Each name (stem) a photo is found by and its place in `photos`; a name made on a Mac also by its UTF-8 reading. */
  stems: [string, number][];
}

/** Photos by the file name without its extension (lower-cased), from any folder of the zip. */
export interface PhotoArchive {
  /** The zip on local disk, which `storeZipPhotos` reads again. */
  readonly path: string;
  find(stem: string): Photo | undefined;
  /** Every photo of the zip. */
  readonly photos: Photo[];
}

/** Folders and what is not the user's: `__MACOSX/` (resource forks of macOS), hidden files and folders (`.DS_Store`). */
const ignored = (name: string) =>
  name.endsWith('/') || name.split('/').some((s) => s === '__MACOSX' || s.startsWith('.'));

/** A photo's stem (file name without extension, lower-cased) and extension, or null for a file that is no photo. */
function photoName(name: string): { stem: string; ext: string } | null {
  if (ignored(name) || isUnsafeZipPath(name)) return null;
  const base = path.posix.basename(name);
  const ext = path.posix.extname(base).slice(1).toLowerCase();
  if (!PHOTO_EXTENSIONS.includes(ext)) return null;
  const stem = base
    .slice(0, -(ext.length + 1))
    .trim()
    .toLowerCase();
  return stem ? { stem, ext } : null;
}

/**
 * Reads the directory of a batch upload's photo zip (in the upload thread: ten thousand entries cost a quarter of a
 * second of CPU). Structural problems reject the upload (400 with data.errors): not a zip, an entry whose path leaves
 * the folder (`../`, absolute), too many entries or too much content, two photos with the same name. A single photo
 * that is too big or not an image is the problem of its row only. Photos are the .jpg/.jpeg/.png files of any folder;
 * `__MACOSX/`, hidden files and any other file are left alone.
 */
export async function indexPhotoZip(filePath: string): Promise<PhotoIndex> {
  let opened: Awaited<ReturnType<typeof readZipDirectory>>;
  try {
    opened = await readZipDirectory(filePath);
  } catch {
    throw uploadRejected([problem('照片压缩包已损坏或不是 ZIP 文件，请重新压缩后上传', null, '照片压缩包')]);
  }
  const { zip, items } = opened;
  zip.close();
  const errors = [];
  if (zip.entryCount > ZIP_MAX_ENTRIES)
    errors.push(problem(`照片压缩包中的文件不能超过 ${ZIP_MAX_ENTRIES} 个`, null, '照片压缩包'));
  const unsafe = items.filter((i) => isUnsafeZipPath(i.name));
  for (const i of unsafe.slice(0, 20))
    errors.push(problem(`照片压缩包中含有不安全的路径：${i.name}`, null, '照片压缩包'));
  const total = items.reduce((sum, i) => sum + i.size, 0);
  if (total > ZIP_MAX_TOTAL_BYTES)
    errors.push(problem('照片压缩包解压后超过 4G，请分批上传', null, '照片压缩包'));

  const byStem = new Map<string, number>();
  const duplicates = new Map<string, string[]>();
  const photos: Photo[] = [];
  const placeOf = new Map<(typeof items)[number], number>();
  for (const item of items) {
    const named = photoName(item.name);
    if (!named) continue;
    const seen = byStem.get(named.stem);
    if (seen !== undefined) {
      duplicates.set(named.stem, [...(duplicates.get(named.stem) ?? [photos[seen].name]), item.name]);
      continue;
    }
    byStem.set(named.stem, photos.length);
    placeOf.set(item, photos.length);
    photos.push({
      name: item.name,
      ext: named.ext,
      size: item.size,
      encrypted: item.encrypted,
      at: locatorOf(item.entry),
    });
  }
  // A name that may be UTF-8 after all (a zip made on a Mac) also finds its photo by that reading, where no photo
  // has that name already.
  for (const item of items) {
    const alias = item.utf8Name && photoName(item.utf8Name);
    const place = placeOf.get(item);
    if (alias && place !== undefined && !byStem.has(alias.stem)) byStem.set(alias.stem, place);
  }
  for (const names of [...duplicates.values()].slice(0, 20))
    errors.push(problem(`照片压缩包中有重名的照片：${names.join('、')}`, null, '照片压缩包'));
  if (errors.length) throw uploadRejected(errors);
  return { photos, stems: [...byStem] };
}

/** The archive of a zip at `filePath` whose directory `index` is (`indexPhotoZip`). */
export function photoArchiveOf(filePath: string, index: PhotoIndex): PhotoArchive {
  const byStem = new Map(index.stems.map(([stem, place]) => [stem, index.photos[place]]));
  return {
    path: filePath,
    find: (stem) => byStem.get(stem.trim().toLowerCase()),
    photos: index.photos,
  };
}

/** The thread that reads photo zips (the engine's upload thread, `app.sheets`). */
export interface PhotoZipThread {
  indexPhotoZip(filePath: string): Promise<PhotoIndex>;
  storeZipPhotos(input: StorePhotosInput): Promise<StoredPhoto[]>;
}

/** Opens the photo zip of an upload: its directory read in the upload thread, its problems thrown as there. */
export async function openPhotoArchive(thread: PhotoZipThread, filePath: string): Promise<PhotoArchive> {
  return photoArchiveOf(filePath, await thread.indexPhotoZip(filePath));
}

interface PreparedPhoto {
  fileId: string;
  record: NewFileRecord & { id: string };
}

/**
 * The names a row's photos may have: its ID number, `姓名-证件号码`, `证件号码-姓名`, and its 序号 (for a row
 * without an ID number), the first match winning.
 */
function photoKeys(row: SheetRow): string[] {
  const id = row.values[ID_CARD_BLANK];
  const name = row.values[NAME_BLANK];
  return [
    ...(id ? [id, ...(name ? [`${name}-${id}`, `${id}-${name}`] : [])] : []),
    ...(row.rowKey ? [row.rowKey] : []),
  ];
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

/** Why a row has no photo for an image blank: whose photo is missing, and what its file should be called. */
function missingPhotoReason(row: SheetRow, blank: TemplateBlank, first: boolean): string {
  const id = row.values[ID_CARD_BLANK];
  const key = id || row.rowKey;
  if (!key) return `无法匹配${blank.cn_name}：请填写身份证号或${ROW_KEY_HEADER}`;
  const whose = id ? `身份证号 ${id}` : `${ROW_KEY_HEADER} ${key}`;
  const stem = first ? key : `${key}_${blank.cn_name}`;
  return `缺少${blank.cn_name}：照片压缩包中没有${whose} 的照片，应命名为 ${stem}${PHOTO_EXTENSIONS_TEXT}`;
}

/** Which photo each row's image blanks use, what is missing, and what the zip holds that no row uses. */
export interface PhotoMatch {
  /** By path in the zip: each photo found and the rows (and image blanks) that use it. */
  used: Map<string, { photo: Photo; users: { row: SheetRow; blank: TemplateBlank }[] }>;
  /** Photos of the zip no row uses (paths in the zip). */
  unmatched: string[];
  /** Image blanks of rows for which the zip holds no photo (or no zip was uploaded). */
  withoutPhoto: { rowNumber: number; blank: string }[];
}

/**
 * Finds each row's photos in the zip. A required photo that is missing, encrypted or over 10 MB becomes its row's
 * problem (pushed to `row.problems`).
 */
export function matchPhotos(
  archive: PhotoArchive | null,
  rows: SheetRow[],
  images: TemplateBlank[],
): PhotoMatch {
  const used: PhotoMatch['used'] = new Map();
  const withoutPhoto: PhotoMatch['withoutPhoto'] = [];
  for (const row of rows) {
    const keys = photoKeys(row);
    images.forEach((blank, i) => {
      const photo = archive ? photoFor(archive, keys, blank, i === 0) : undefined;
      if (!photo) withoutPhoto.push({ rowNumber: row.rowNumber, blank: blank.name });
      if (!archive) {
        if (blank.required) row.problems.push(`缺少${blank.cn_name}：未上传照片压缩包`);
        return;
      }
      if (!photo) {
        if (!blank.required) return;
        row.problems.push(missingPhotoReason(row, blank, i === 0));
        return;
      }
      const entry = used.get(photo.name) ?? { photo, users: [] };
      entry.users.push({ row, blank });
      used.set(photo.name, entry);
      if (photo.encrypted) row.problems.push(`${blank.cn_name}已加密，无法读取：${photo.name}`);
      else if (photo.size > PHOTO_MAX_BYTES) row.problems.push(`${blank.cn_name}超过 10M：${photo.name}`);
    });
  }
  const unmatched = (archive?.photos ?? []).filter((p) => !used.has(p.name)).map((p) => p.name);
  return { used, unmatched, withoutPhoto };
}

async function forEachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** The photos one `storeZipPhotos` task reads: a task's answer stays small, and the main thread breathes between. */
export const PHOTOS_PER_TASK = 1000;

/** What the upload thread is asked to read from a photo zip and where to put it. */
export interface StorePhotosInput {
  zipPath: string;
  photos: Pick<Photo, 'name' | 'at'>[];
  /** Local storage's folder: each photo is written there. Null (another storage): its bytes are answered instead. */
  storeRoot: string | null;
}

/** A photo read and checked: stored (its hash and size), its bytes to store, or why its rows fail. */
export type StoredPhoto =
  | { kind: 'jpg' | 'png'; sha256: string; size: number }
  | { kind: 'jpg' | 'png'; bytes: Uint8Array }
  | { problem: string };

/** A photo's own problem, judged from its bytes: not a JPG/PNG, cut before its size, too big to decode. */
function photoProblem(bytes: Buffer): { problem: string } | { kind: 'jpg' | 'png' } {
  const kind = detectFileKind(bytes.subarray(0, 16));
  if (kind !== 'jpg' && kind !== 'png') return { problem: '不是 JPG/PNG 图片' };
  // Refused from its header: a small file may hold an image far too big to decode, or be cut before its size.
  const pixels = imageSize(bytes);
  if (!pixels) return { problem: '已损坏，无法读取' };
  const tooBig = oversizeProblem(pixels, '');
  return tooBig ? { problem: tooBig } : { kind };
}

/**
 * The upload thread's task: reads photos from the zip (never past PHOTO_MAX_BYTES, whatever the zip declares), checks
 * each by content and writes it into local storage; answers one outcome a photo, in order. Writing ten thousand files
 * costs seconds on a disk that recently deleted many: here it holds this thread, not the event loop.
 */
export async function storeZipPhotos({
  zipPath,
  photos,
  storeRoot,
}: StorePhotosInput): Promise<StoredPhoto[]> {
  const zip = await openZip(zipPath);
  const out: StoredPhoto[] = new Array(photos.length);
  try {
    await forEachLimited(
      photos.map((photo, i) => ({ photo, i })),
      8,
      async ({ photo, i }) => {
        let bytes: Buffer | null;
        try {
          bytes = await readZipEntryAt(zip, photo.at, PHOTO_MAX_BYTES);
        } catch {
          bytes = null;
        }
        if (!bytes) {
          out[i] = { problem: '无法读取' };
          return;
        }
        const judged = photoProblem(bytes);
        if ('problem' in judged) out[i] = judged;
        else if (storeRoot) out[i] = { kind: judged.kind, ...writeContentSync(storeRoot, bytes) };
        else out[i] = { kind: judged.kind, bytes };
      },
    );
  } finally {
    zip.close();
  }
  return out;
}

/**
 * The photos the rows need (matchPhotos), read from the zip, checked by content and put into storage by the upload
 * thread (their file rows are for the caller to write). A missing, oversized or non-image photo becomes its row's
 * problem.
 */
export async function collectPhotos(
  files: { storage: Storage; sheets: PhotoZipThread },
  owner: { id: string; companyId: string },
  archive: PhotoArchive | null,
  rows: SheetRow[],
  images: TemplateBlank[],
): Promise<
  Omit<PhotoMatch, 'used'> & {
    /** Row → image blank name → stored file id. */
    byRow: Map<SheetRow, Map<string, string>>;
    records: (NewFileRecord & { id: string })[];
  }
> {
  const { storage, sheets } = files;
  const { used, unmatched, withoutPhoto } = matchPhotos(archive, rows, images);
  const wanted = [...used.values()].filter(({ photo }) => !photo.encrypted && photo.size <= PHOTO_MAX_BYTES);
  const byRow = new Map<SheetRow, Map<string, string>>();
  const prepared = new Map<string, PreparedPhoto | string>();
  const storeRoot = storage.localRoot ?? null;
  for (let from = 0; from < wanted.length; from += PHOTOS_PER_TASK) {
    const part = wanted.slice(from, from + PHOTOS_PER_TASK).map((w) => w.photo);
    const outcomes = await sheets.storeZipPhotos({
      zipPath: archive!.path,
      photos: part.map(({ name, at }) => ({ name, at })),
      storeRoot,
    });
    for (const [i, outcome] of outcomes.entries()) {
      const { name } = part[i];
      if ('problem' in outcome) {
        prepared.set(name, outcome.problem);
        continue;
      }
      const { sha256, size } = 'bytes' in outcome ? await putContent(storage, outcome.bytes) : outcome;
      const fileId = uuidv7();
      prepared.set(name, {
        fileId,
        record: {
          id: fileId,
          ownerId: owner.id,
          companyId: owner.companyId,
          sha256,
          size,
          kind: outcome.kind,
          originName: name.split('/').pop() ?? name,
        },
      });
    }
  }
  for (const { photo, users: rowsOfPhoto } of wanted) {
    const { name } = photo;
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
  return { byRow, records, unmatched, withoutPhoto };
}
