import { ERROR_REASON_COLUMN, type ImportResult } from '@skill-cert/shared/level-evaluations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import {
  type FileRow,
  localPathOf,
  readableFile,
  receiveUpload,
  storeGeneratedFile,
  webPathOf,
} from '../files/service.ts';
import { normaliseHeader, type SheetTable } from './sheet-read.ts';
import { problem, uploadRejected } from './upload-errors.ts';

/** Warnings an answer lists at most (the rest counted in one line). */
const WARNINGS_MAX = 100;

/**
 * The spreadsheet of an import request (multipart, one file), stored by the upload rules and read as text in the
 * sheet thread (readSheetTable): 400 for a file of another type (named), an old .xls, one that is no readable
 * .xlsx, an empty sheet, more than `maxRows` rows.
 */
export async function readImportSheet(
  app: FastifyInstance,
  req: FastifyRequest,
  field: string,
  maxRows: number,
): Promise<SheetTable> {
  const wrongType = `${field}应为 Excel（.xlsx）文件，请使用下载的模板填写`;
  const uploaded = await receiveUpload(
    req,
    app.db,
    app.storage,
    req.auth.user,
    ['xlsx', 'xls', 'zip'],
    wrongType,
  );
  const file = await readableFile(app.db, uploaded.file_id, req.auth.user);
  if (file.kind === 'xls') throw badRequest(`${field}不支持旧版 .xls 文件，请另存为 .xlsx 后上传`);
  const table = await app.sheets.readTable(await localPathOf(app.storage, file.sha256), { maxRows, field });
  if (table.tooMany) throw badRequest(`${field}一次最多导入 ${maxRows} 行，请分批导入`);
  if (table.rows.length === 0) throw badRequest(`${field}中没有数据，请至少填写一行后上传`);
  return table;
}

/**
 * Where each wanted column is in the sheet (by header, with or without *); 400 naming every required one that
 * is missing. Columns the sheet has besides (错误原因 of an error report sent back) are left alone.
 */
export function columnsOf<T extends string>(
  table: SheetTable,
  wanted: readonly T[],
  required: readonly T[],
  field: string,
): Map<T, number> {
  const byHeader = new Map<string, number>();
  table.headers.forEach((h, col) => {
    const key = normaliseHeader(h);
    if (key && !byHeader.has(key)) byHeader.set(key, col);
  });
  const columns = new Map<T, number>();
  for (const w of wanted) {
    const col = byHeader.get(normaliseHeader(w));
    if (col !== undefined) columns.set(w, col);
  }
  const missing = required.filter((r) => !columns.has(r));
  if (missing.length)
    throw uploadRejected(
      missing.map((m) => problem(`${field}缺少必填列「${m}」，请使用下载的模板填写`, 1, m)),
    );
  return columns;
}

/** A row's cell by column name ('' when the column is absent). */
export const cellOf = <T extends string>(cells: string[], columns: Map<T, number>, name: T): string => {
  const col = columns.get(name);
  return col === undefined ? '' : (cells[col] ?? '');
};

/**
 * A sheet with errors imports nothing: the sheet as it came (its columns in `headers` order) with a 错误原因 column,
 * stored as a file of the caller's to download, and the counts.
 */
export async function errorReport<T extends string>(
  app: FastifyInstance,
  req: FastifyRequest,
  fileName: string,
  headers: readonly T[],
  columns: Map<T, number>,
  table: SheetTable,
  problems: Map<number, string[]>,
  warnings: string[],
): Promise<ImportResult> {
  const file = await storeErrorSheet(
    app,
    // A platform import has no company: the file is the caller's alone.
    { id: req.auth.user.id, companyId: (req.company as typeof req.company | null)?.id ?? null },
    { fileName, headers, columns, rows: table.rows, problems },
  );
  return {
    imported: 0,
    total: table.rows.length,
    failed: problems.size,
    error_file_url: webPathOf(file.id),
    warnings: capped(warnings),
  };
}

/**
 * The error report of a sheet: `rows` (their columns in `headers` order) with a 错误原因 column holding each row's
 * problems, written in the sheet thread and stored as a file of `owner`'s (and its company's) to download.
 */
export async function storeErrorSheet<T extends string>(
  app: FastifyInstance,
  owner: { id: string; companyId: string | null },
  sheet: {
    fileName: string;
    headers: readonly T[];
    columns: Map<T, number>;
    rows: SheetTable['rows'];
    problems: Map<number, string[]>;
  },
): Promise<FileRow> {
  const { headers, columns, problems } = sheet;
  const bytes = await app.sheets.writeTable({
    sheetName: '错误报告',
    columns: [
      ...headers.map((h) => ({ header: h, width: h === '证件号码' ? 22 : undefined })),
      { header: ERROR_REASON_COLUMN, width: 60, required: true },
    ],
    rows: sheet.rows.map(({ rowNumber, cells }) => [
      ...headers.map((h) => cellOf(cells, columns, h)),
      (problems.get(rowNumber) ?? []).join('；'),
    ]),
  });
  return storeGeneratedFile(app.db, app.storage, { bytes, kind: 'xlsx', originName: sheet.fileName, owner });
}

export function capped(warnings: string[]): string[] {
  if (warnings.length <= WARNINGS_MAX) return warnings;
  return [...warnings.slice(0, WARNINGS_MAX), `另有 ${warnings.length - WARNINGS_MAX} 条提示未列出`];
}

/** Adds a problem to a row's list. */
export function addProblem(problems: Map<number, string[]>, rowNumber: number, message: string): void {
  const list = problems.get(rowNumber) ?? [];
  list.push(message);
  problems.set(rowNumber, list);
}
