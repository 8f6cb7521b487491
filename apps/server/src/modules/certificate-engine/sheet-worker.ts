/**
 * The tasks of the sheet thread (certificate-engine/render-pool.ts): exceljs work kept off the main thread, in a thread that
 * ends when idle so the memory of a ten-thousand-row read does not stay with the server.
 */
import type { TemplateBlank, UploadRejection, UploadRowError } from '@skill-cert/shared/customCertificate';
import { AppError } from '../../lib/errors.ts';
import { readBatchSheet, type SheetRow, templateWorkbook } from './sheet.ts';

/** The `readSheet` task: a batch spreadsheet read against a template's blanks, or why the upload is refused. */
export type ReadSheetResult =
  | { rows: SheetRow[] }
  | { rejected: UploadRowError[] /** what exceljs threw, for the server log */; cause?: string };

/**
 * Reading a spreadsheet of ten thousand rows (exceljs, and loading exceljs the first time) held the main thread for
 * half a second; here it holds the sheet thread.
 */
export async function readSheetTask({
  path,
  blanks,
}: {
  path: string;
  blanks: TemplateBlank[];
}): Promise<ReadSheetResult> {
  try {
    return { rows: await readBatchSheet(path, blanks) };
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
  }
}

/** The `templateWorkbook` task: the .xlsx of zipTemplate for a template's blanks. */
export async function templateWorkbookTask(blanks: TemplateBlank[]): Promise<Uint8Array> {
  return new Uint8Array(await templateWorkbook(blanks));
}
