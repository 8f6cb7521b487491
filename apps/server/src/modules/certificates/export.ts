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

const COLUMNS: {
  header: string;
  width: number;
  value: (r: ReturnType<typeof toCertificateRow>) => string;
}[] = [
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

/**
 * The library's search result as one .xlsx, streamed: exceljs's streaming writer commits each row as it is
 * written, and the rows are read a page at a time, so neither the workbook nor the result is held whole.
 */
export async function exportLibrary(
  db: DbOrTx,
  own: CompanyScope,
  q: CertificateListQuery,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  // Loaded on first use: an idle server does not hold exceljs.
  const excel = (await import('exceljs')).default;
  const out = new PassThrough();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('证书库', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const where = libraryFilter(own, q);
  const write = async () => {
    let last: { issueDate: string | null; id: string } | null = null;
    for (;;) {
      if (signal.aborted) return;
      const rows = await db
        .select()
        .from(certificates)
        .where(and(where, after(last)))
        .orderBy(...libraryOrder)
        .limit(EXPORT_PAGE);
      for (const row of rows) sheet.addRow(COLUMNS.map((c) => c.value(toCertificateRow(row)))).commit();
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE) break;
      last = { issueDate: tail.issueDate, id: tail.id };
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    log.error({ err }, '证书库导出失败');
    out.destroy(err);
  });
  return out;
}
