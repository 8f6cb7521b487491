/**
 * The tasks of the sheet thread (certificate-engine/render-pool.ts): exceljs work and photo zips kept off the main
 * thread, in a thread that ends when idle so the memory of a ten-thousand-row read does not stay with the server.
 */
import type { TemplateBlank, UploadRejection, UploadRowError } from '@skill-cert/shared/custom-certificates';
import { AppError } from '../../lib/errors.ts';
import { loadExcel } from './excel.ts';
import {
  indexPhotoZip,
  type PhotoIndex,
  type StoredPhoto,
  type StorePhotosInput,
  storeZipPhotos,
} from './photos.ts';
import {
  readBatchSheet,
  readSheetTable,
  type SheetRow,
  type SheetTable,
  type SheetTableOptions,
} from './sheet-read.ts';
import { type TableSpec, tableWorkbook, templateWorkbook } from './sheet-write.ts';

/**
 * The `ready` task: the thread is up and exceljs loaded. A read's deadline starts after it, so that starting the
 * thread (tsx compiling the tasks) and loading exceljs, seconds on a busy machine, never count against the read.
 */
export async function readyTask(): Promise<true> {
  await loadExcel();
  return true;
}

/** The `readSheet` task: a batch spreadsheet read against a template's blanks, or why the upload is refused. */
export type ReadSheetResult =
  | { rows: SheetRow[] }
  | { rejected: UploadRowError[] /** what exceljs threw, for the server log */; cause?: string };
/** The `readTable` task: a worksheet as text (readSheetTable), or why the upload is refused. */
export type ReadTableResult = { table: SheetTable } | Extract<ReadSheetResult, { rejected: unknown }>;
/** The `photoIndex` task: a photo zip's directory (indexPhotoZip), or why the upload is refused. */
export type PhotoIndexResult = { index: PhotoIndex } | { rejected: UploadRowError[] };

/** An upload's refusal as data (an error crossing the thread would lose its fields); anything else is thrown. */
function refusalOf(err: unknown): { rejected: UploadRowError[] } {
  const rejection = err instanceof AppError ? (err.data as UploadRejection | null) : null;
  if (rejection?.errors) return { rejected: rejection.errors };
  throw err;
}

/**
 * Runs a read with `tempDir` as this thread's temporary folder, the upload's refusal answered as data (an error
 * crossing the thread would lose its fields).
 */
async function inTempDir<T>(
  tempDir: string,
  read: () => Promise<T>,
): Promise<T | Extract<ReadSheetResult, { rejected: unknown }>> {
  // os.tmpdir() reads this thread's own copy of the environment: the main thread and other tasks are not affected.
  const systemTemp = process.env.TMPDIR;
  process.env.TMPDIR = tempDir;
  try {
    return await read();
  } catch (err) {
    const rejection = err instanceof AppError ? (err.data as UploadRejection | null) : null;
    if (rejection?.errors) {
      const cause = (err as Error).cause;
      return {
        rejected: rejection.errors,
        ...(cause ? { cause: String((cause as Error).stack ?? cause) } : {}),
      };
    }
    throw err;
  } finally {
    if (systemTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemp;
  }
}

/**
 * Reading a spreadsheet of ten thousand rows (exceljs, and loading exceljs the first time) held the main thread for
 * half a second; here it holds the sheet thread.
 */
export async function readSheetTask({
  path,
  blanks,
  tempDir,
}: {
  path: string;
  blanks: TemplateBlank[];
  /** The task's own temporary folder (the caller removes it): whatever a library of this thread spills goes there. */
  tempDir: string;
}): Promise<ReadSheetResult> {
  return inTempDir(tempDir, async () => ({ rows: await readBatchSheet(path, blanks, tempDir) }));
}

/** The `readTable` task: the first worksheet of an upload as text, for a reader of its own columns. */
export async function readTableTask({
  path,
  options,
  tempDir,
}: {
  path: string;
  options: SheetTableOptions;
  tempDir: string;
}): Promise<ReadTableResult> {
  return inTempDir(tempDir, async () => ({ table: await readSheetTable(path, tempDir, options) }));
}

/** The `templateWorkbook` task: the .xlsx of zipTemplate for a template's blanks. */
export async function templateWorkbookTask(blanks: TemplateBlank[]): Promise<Uint8Array> {
  return new Uint8Array(await templateWorkbook(blanks));
}

/** The `writeTable` task: a spreadsheet the server writes (a template, an error report, an export). */
export async function writeTableTask(spec: TableSpec): Promise<Uint8Array> {
  return new Uint8Array(await tableWorkbook(spec));
}

/** The `photoIndex` task: the directory of a photo zip, read here because ten thousand entries cost the CPU of seconds of requests. */
export async function photoIndexTask(filePath: string): Promise<PhotoIndexResult> {
  return indexPhotoZip(filePath).then((index) => ({ index }), refusalOf);
}

/** The `storePhotos` task: photos read from a zip, checked and written into storage (storeZipPhotos). */
export async function storePhotosTask(input: StorePhotosInput): Promise<StoredPhoto[]> {
  return storeZipPhotos(input);
}
