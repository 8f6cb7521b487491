import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { loadExcel } from './excel.ts';
import type { TableColumn } from './sheet.ts';

export type TableRow = (string | number | null)[];

/**
 * A spreadsheet of any length, streamed: exceljs's streaming writer commits each row as it is written and `rows`
 * yields them a page at a time (read from the database as the stream drains), so neither the workbook nor the
 * rows are held whole. Every column is text (an ID number stays as typed); the header is bold and frozen.
 * A failure of `rows` ends the stream with that error (`onError` logs it); `signal` stops the reading.
 */
export async function streamTable(
  spec: { sheetName: string; columns: TableColumn[] },
  rows: () => AsyncIterable<TableRow[]>,
  onError: (err: unknown) => void,
  signal?: AbortSignal,
): Promise<PassThrough> {
  const excel = await loadExcel();
  const out = new PassThrough();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length * 3 + 4),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for await (const page of rows()) {
      if (signal?.aborted) {
        out.destroy();
        return;
      }
      for (const row of page) sheet.addRow(row).commit();
      // Let the reader catch up before the next page is read.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    onError(err);
    out.destroy(err);
  });
  return out;
}
