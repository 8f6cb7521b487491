import { CertificateStatus } from '@skill-cert/shared/certificates';
import { formatDateTime } from '@skill-cert/shared/time';
import type { DocumentJob } from '../certificate-engine/service.ts';
import { streamTable, type TableRow } from '../certificate-engine/service.ts';
import { CERTIFICATE_COLUMNS, certificateCells, sourceCertificates } from '../certificates/service.ts';
import type { ArchiveContext } from './sources.ts';

/** Rows read at once while a sheet streams out. */
const PAGE = 1000;

/**
 * Documents every kind of archive produces the same way from the certificate library, for the archive sources of the
 * modules whose work issues certificates (an evaluation plan's grant, an offline batch).
 */

/** Volume 5: a source's certificates (a grant's, an offline batch's) as the library exports them, a page at a time. */
export async function certificateSheet(ctx: ArchiveContext, sourceId: string | null, signal: AbortSignal) {
  async function* rows(): AsyncIterable<TableRow[]> {
    if (!sourceId) return;
    for (let page = 1; ; page++) {
      const { rows: list } = await sourceCertificates(ctx.app.db, sourceId, { page, per_page: PAGE });
      yield list.map(certificateCells);
      if (list.length < PAGE) return;
    }
  }
  return streamTable(
    { sheetName: '证书清单', columns: CERTIFICATE_COLUMNS },
    rows,
    (err) => ctx.app.log.error({ err, archive: ctx.archive.id }, '档案文件生成失败'),
    signal,
  );
}

/** A record's section of the source's revoked (or replaced) certificates: number, holder, when, by whom, why. */
export async function revocationSection(
  ctx: ArchiveContext,
  sourceId: string | null,
  heading: string,
): Promise<DocumentJob['sections'][number]> {
  const revoked: string[][] = [];
  if (sourceId) {
    for (let page = 1; ; page++) {
      const { rows } = await sourceCertificates(ctx.app.db, sourceId, { page, per_page: PAGE });
      for (const c of rows)
        if (
          c.revokedAt &&
          (c.status === CertificateStatus.REVOKED || c.status === CertificateStatus.REPLACED)
        )
          revoked.push([
            c.certificateNo ?? '',
            c.holderName,
            formatDateTime(c.revokedAt),
            c.revokedByName ?? '',
            c.revokeReason ?? '',
          ]);
      if (rows.length < PAGE) break;
    }
  }
  return {
    heading,
    columns: [
      { header: '证书编号', width: 4 },
      { header: '姓名', width: 2 },
      { header: '撤销时间', width: 3 },
      { header: '操作人', width: 2 },
      { header: '原因', width: 4 },
    ],
    rows: revoked,
    empty: '无撤销的证书',
  };
}
