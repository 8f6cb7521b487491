import { PassThrough } from 'node:stream';
import type { CertificateListQuery } from '@skill-cert/shared/certificate';
import { and, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { libraryFilter, libraryOrder, toCertificateRow } from './library.ts';
import { certificates } from './tables.ts';

/** Rows read from the database at once while the workbook streams out. */
const EXPORT_PAGE = 1000;

type LibraryRow = ReturnType<typeof toCertificateRow>;

const COLUMNS: ExportColumn<LibraryRow>[] = [
  { header: '证书编号', width: 26, value: (r) => r.certificate_no ?? '' },
  { header: '姓名', width: 12, value: (r) => r.holder_name },
  { header: '证件类型', width: 14, value: (r) => r.id_type_text },
  { header: '证件号码', width: 22, value: (r) => r.id_number },
  { header: '职业编码', width: 14, value: (r) => r.occupation_code ?? '' },
  { header: '职业名称', width: 18, value: (r) => r.occupation_name ?? '' },
  { header: '工种/职业方向', width: 16, value: (r) => r.work_type ?? '' },
  { header: '职业技能等级', width: 14, value: (r) => r.level_name ?? '' },
  { header: '发证日期', width: 12, value: (r) => r.issue_date ?? '' },
  { header: '状态', width: 8, value: (r) => r.status_text },
  { header: '来源', width: 14, value: (r) => r.source_text },
];

/**
 * The rows after `last` in the library's order (issue date newest first, nulls first as PostgreSQL orders them
 * descending, then id): a keyset, so a large export reads each page by index instead of skipping an offset.
 */
function after(last: { issueDate: string | null; id: string } | null): SQL | undefined {
  if (!last) return undefined;
  const c = certificates;
  if (last.issueDate === null) return or(and(isNull(c.issueDate), lt(c.id, last.id)), isNotNull(c.issueDate));
  return or(lt(c.issueDate, last.issueDate), and(eq(c.issueDate, last.issueDate), lt(c.id, last.id)));
}

/** A column of a streamed export: its header, width and the text of a row. */
export interface ExportColumn<R> {
  header: string;
  width: number;
  value: (row: R) => string;
}

/**
 * One worksheet streamed as .xlsx: exceljs's streaming writer commits each row as it is written, and `page` reads
 * the rows a page at a time after a cursor (null first; an empty page ends), so neither the workbook nor the rows
 * are held whole. Every column is text. A failure is logged with `what` and ends the stream with the error.
 */
export async function streamTable<R, C>(opts: {
  sheetName: string;
  columns: readonly ExportColumn<R>[];
  page: (after: C | null) => Promise<{ rows: R[]; cursor: C | null }>;
  log: FastifyBaseLogger;
  what: string;
  signal: AbortSignal;
}): Promise<PassThrough> {
  // Loaded on first use: an idle server does not hold exceljs.
  const excel = (await import('exceljs')).default;
  const out = new PassThrough();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(opts.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = opts.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    let cursor: C | null = null;
    for (;;) {
      if (opts.signal.aborted) return;
      const page = await opts.page(cursor);
      for (const row of page.rows) sheet.addRow(opts.columns.map((c) => c.value(row))).commit();
      if (page.rows.length === 0 || page.cursor === null) break;
      cursor = page.cursor;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    opts.log.error({ err }, `${opts.what}失败`);
    out.destroy(err);
  });
  return out;
}

/** The library's search result as one .xlsx, streamed (streamTable). */
export async function exportLibrary(
  db: DbOrTx,
  own: CompanyScope,
  q: CertificateListQuery,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  const where = libraryFilter(own, q);
  return streamTable<LibraryRow, { issueDate: string | null; id: string }>({
    sheetName: '证书库',
    columns: COLUMNS,
    async page(last) {
      const rows = await db
        .select()
        .from(certificates)
        .where(and(where, after(last)))
        .orderBy(...libraryOrder)
        .limit(EXPORT_PAGE);
      const tail = rows.at(-1);
      return {
        rows: rows.map(toCertificateRow),
        cursor: tail && rows.length === EXPORT_PAGE ? { issueDate: tail.issueDate, id: tail.id } : null,
      };
    },
    log,
    what: '证书库导出',
    signal,
  });
}
