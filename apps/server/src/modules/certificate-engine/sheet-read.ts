import type { TemplateBlank, UploadRowError } from '@skill-cert/shared/custom-certificates';
import type ExcelJS from 'exceljs';
import { loadExcel } from './excel.ts';
import { ROW_KEY_HEADER, SHEET_MAX_ROWS, textBlanks, VALUE_MAX_LENGTH } from './sheet.ts';
import { problem, uploadRejected } from './upload-errors.ts';
import { prepareXlsx, XLSX_MAX_UNCOMPRESSED, XlsxRefused } from './xlsx-input.ts';

export interface SheetRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  rowNumber: number;
  rowKey: string;
  /** Text blank name → value (trimmed; '' when empty). */
  values: Record<string, string>;
  /** Why this row cannot be rendered as it is (missing required value, ...). */
  problems: string[];
}

const two = (n: number) => String(n).padStart(2, '0');

/** A cell as the text the user sees: rich text joined, formulas by their result, dates as 2024年05月20日. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    // Excel keeps 15 significant digits: a longer number (an 18-digit ID number typed into a number cell) lost
    // its last digits, and shows as Excel shows it, e.g. 4.40981E+17, never as digits that look right.
    if (Math.abs(value) >= 1e15)
      return value
        .toExponential(5)
        .replace(/\.?0+e/, 'e')
        .toUpperCase();
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `${value.getUTCFullYear()}年${two(value.getUTCMonth() + 1)}月${two(value.getUTCDate())}日`;
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
    if ('error' in value) return '';
  }
  return String(value);
}

export const normaliseHeader = (h: string) => h.replace(/[\s*＊]/g, '').toLowerCase();

/** The field an upload problem of the spreadsheet names: the batch form's 数据文件. */
const SHEET_FIELD = '数据文件';

/** The .xlsx exceljs may read (prepareXlsx), or the upload's refusal naming `field`. */
async function checkedXlsx(filePath: string, tempDir: string, field: string): Promise<string> {
  try {
    return await prepareXlsx(filePath, tempDir);
  } catch (err) {
    if (!(err instanceof XlsxRefused)) throw err;
    throw uploadRejected([
      err.reason === 'invalid'
        ? problem('文件不是有效的 Excel（.xlsx）文件，请使用下载的模板填写后上传', null, null)
        : problem(
            `${field}已损坏或过大（解压后超过 ${XLSX_MAX_UNCOMPRESSED / 1024 / 1024}M），请使用下载的模板填写，数据多时请分批上传`,
            null,
            field,
          ),
    ]);
  }
}

/** A worksheet as text: the header row and the data rows, each cell as the user sees it (cellText), trimmed. */
export interface SheetTable {
  /** Header texts by column number (index 0 unused). */
  headers: string[];
  /** Data rows that are not empty, in sheet order; `cells` by column number like `headers`. */
  rows: { rowNumber: number; cells: string[] }[];
  /** More than `maxRows` data rows: the rest was not kept. */
  tooMany: boolean;
}

export interface SheetTableOptions {
  maxRows: number;
  /** What the upload is called in messages (数据文件, 考生名单). */
  field: string;
}

/**
 * Reads the first worksheet of an uploaded .xlsx as text (streaming), through the copy prepareXlsx writes into
 * `tempDir` (the caller's to remove): every cell a string, whatever its type in the file. Refused (400) when it is
 * no .xlsx, cannot be read, or has no header row; the caller judges the columns and the rows.
 */
export async function readSheetTable(
  filePath: string,
  tempDir: string,
  { maxRows, field }: SheetTableOptions,
): Promise<SheetTable> {
  const xlsxPath = await checkedXlsx(filePath, tempDir, field);
  let headers: string[] | null = null;
  const rows: SheetTable['rows'] = [];
  let tooMany = false;
  const excel = await loadExcel();
  try {
    const reader = new excel.stream.xlsx.WorkbookReader(xlsxPath, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    // The reader is always read to its end, never left by `break`: left part-way it keeps its files open (the
    // .xlsx stream, or the temporary file a worksheet stored before the shared strings is spilled to), and every
    // ~255 reads in one thread a valid sheet then failed (docs/decisions.md). What is not needed is skipped.
    let done = false;
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        if (done) continue;
        const values = row.values as ExcelJS.CellValue[];
        const cells = Array.from({ length: values.length }, (_, col) => cellText(values[col] ?? null).trim());
        if (!headers) {
          done = row.number !== 1; // the first row must be the header
          if (!done) headers = cells;
          continue;
        }
        if (cells.every((c) => !c)) continue;
        if (rows.length >= maxRows) {
          tooMany = done = true;
          continue;
        }
        rows.push({ rowNumber: row.number, cells });
      }
      done = true; // only the first worksheet
    }
  } catch (err) {
    // The user is told the file cannot be read; the server log gets why (sheet-worker.ts passes the cause on).
    throw Object.assign(
      uploadRejected([problem('Excel 文件无法读取，请使用下载的模板填写后重新上传', null, null)]),
      { cause: err },
    );
  }
  if (!headers || headers.every((h) => !h))
    throw uploadRejected([problem('表格是空的：第一行应为表头，请使用下载的模板填写', null, null)]);
  return { headers, rows, tooMany };
}

/**
 * Reads the first worksheet of an uploaded .xlsx against a template's blanks (readSheetTable). Structural problems
 * (not an xlsx, empty, a required column missing, a column twice, too many rows) reject the upload; a row's own
 * problems are returned with it.
 */
export async function readBatchSheet(
  filePath: string,
  blanks: TemplateBlank[],
  tempDir: string,
): Promise<SheetRow[]> {
  const table = await readSheetTable(filePath, tempDir, { maxRows: SHEET_MAX_ROWS, field: SHEET_FIELD });
  const text = textBlanks(blanks);
  const byHeader = new Map<string, TemplateBlank>();
  for (const b of text) {
    byHeader.set(normaliseHeader(b.cn_name), b);
    byHeader.set(normaliseHeader(b.name), b);
  }
  const errors: UploadRowError[] = [];
  const columns = new Map<number, TemplateBlank | 'key'>();
  const seen = new Map<string, number>();
  table.headers.forEach((header, col) => {
    if (!header) return;
    const key = normaliseHeader(header);
    if (seen.has(key)) {
      errors.push(problem(`表头「${header}」重复（第 ${seen.get(key)} 列和第 ${col} 列）`, 1, header));
      return;
    }
    seen.set(key, col);
    if (key === normaliseHeader(ROW_KEY_HEADER)) columns.set(col, 'key');
    else {
      const blank = byHeader.get(key);
      if (blank && ![...columns.values()].includes(blank)) columns.set(col, blank);
    }
  });
  const present = new Set(columns.values());
  for (const b of text)
    if (b.required && !present.has(b))
      errors.push(problem(`表格缺少必填列「${b.cn_name}」，请使用下载的模板填写`, 1, b.cn_name));

  const rows: SheetRow[] = [];
  for (const { rowNumber, cells } of table.rows) {
    const values: Record<string, string> = {};
    let rowKey = '';
    let empty = true;
    for (const [col, target] of columns) {
      const v = cells[col] ?? '';
      if (v) empty = false;
      if (target === 'key') rowKey = v;
      else values[target.name] = v;
    }
    if (empty) continue;
    const problems: string[] = [];
    for (const b of text) {
      const v = values[b.name] ?? '';
      values[b.name] = v;
      if (b.required && !v) problems.push(`请填写 ${b.cn_name}`);
      else if (v.length > VALUE_MAX_LENGTH) problems.push(`${b.cn_name}不能超过 ${VALUE_MAX_LENGTH} 个字符`);
    }
    rows.push({ rowNumber, rowKey, values, problems });
  }

  if (rows.length === 0 && errors.length === 0)
    errors.push(problem('表格中没有数据，请至少填写一行后上传', null, null));
  if (table.tooMany) errors.push(problem(`一次最多导入 ${SHEET_MAX_ROWS} 行，请分批上传`, null, null));
  const keys = new Map<string, number>();
  for (const r of rows) {
    if (!r.rowKey) continue;
    const first = keys.get(r.rowKey);
    if (first !== undefined && errors.length < 50)
      errors.push(
        problem(
          `「${ROW_KEY_HEADER}」${r.rowKey} 重复（第 ${first} 行和第 ${r.rowNumber} 行）`,
          r.rowNumber,
          ROW_KEY_HEADER,
        ),
      );
    else keys.set(r.rowKey, r.rowNumber);
  }
  if (errors.length) throw uploadRejected(errors);
  return rows;
}
