import type { PassThrough } from 'node:stream';
import type { CertificateListQuery } from '@skill-cert/shared/certificates';
import { and } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { streamTable } from '../certificate-engine/service.ts';
import {
  type CertificateRecord,
  libraryAfter,
  libraryFilter,
  libraryOrder,
  toCertificateRow,
} from './library.ts';
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
 * The library's search result as one .xlsx, streamed (the engine's `streamTable`): the rows are read a page at a
 * time by keyset, so neither the workbook nor the result is held whole. The first page is read before the answer
 * starts, so a query that fails answers with its error instead of a 200 cut short.
 */
export async function exportLibrary(
  db: DbOrTx,
  own: CompanyScope,
  q: CertificateListQuery,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  const where = libraryFilter(own, q);
  const read = (last: CertificateRecord | null) =>
    db
      .select()
      .from(certificates)
      .where(and(where, libraryAfter(last)))
      .orderBy(...libraryOrder)
      .limit(EXPORT_PAGE);
  const first = await read(null);
  async function* pages() {
    let rows = first;
    for (;;) {
      yield rows.map(certificateCells);
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE) return;
      rows = await read(tail);
    }
  }
  return streamTable(
    { sheetName: '证书库', columns: CERTIFICATE_COLUMNS },
    pages,
    (err) => log.error({ err }, '证书库导出失败'),
    signal,
  );
}
