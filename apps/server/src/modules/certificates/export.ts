import type { PassThrough } from 'node:stream';
import type { CertificateListQuery } from '@skill-cert/shared/certificate';
import { and, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { streamTable } from '../certificate-engine/table-stream.ts';
import { type CertificateRecord, libraryFilter, libraryOrder, toCertificateRow } from './library.ts';
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

/** The library export's columns (the archive's certificate list uses them too). */
export const CERTIFICATE_COLUMNS = COLUMNS.map(({ header, width }) => ({ header, width }));

/** A library row as the export's cells. */
export const certificateCells = (row: CertificateRecord): string[] => {
  const r = toCertificateRow(row);
  return COLUMNS.map((c) => c.value(r));
};

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
 * The library's search result as one .xlsx, streamed (the engine's `streamTable`): the rows are read a page at a
 * time by keyset, so neither the workbook nor the result is held whole.
 */
export async function exportLibrary(
  db: DbOrTx,
  own: CompanyScope,
  q: CertificateListQuery,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  const where = libraryFilter(own, q);
  async function* pages() {
    let last: { issueDate: string | null; id: string } | null = null;
    for (;;) {
      const rows = await db
        .select()
        .from(certificates)
        .where(and(where, after(last)))
        .orderBy(...libraryOrder)
        .limit(EXPORT_PAGE);
      yield rows.map(certificateCells);
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE) return;
      last = { issueDate: tail.issueDate, id: tail.id };
    }
  }
  return streamTable(
    { sheetName: '证书库', columns: CERTIFICATE_COLUMNS },
    pages,
    (err) => log.error({ err }, '证书库导出失败'),
    signal,
  );
}
