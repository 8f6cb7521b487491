import type { PassThrough } from 'node:stream';
import {
  REPORT_COLUMNS,
  ReportKind,
  type ReportListQuery,
  type ReportPending,
  type ReportRow,
  type ReportScope,
  ReportState,
  type ReportStateValue,
  reportKindText,
} from '@skill-cert/shared/certificate-reports';
import { CertificateSource, CertificateStatus, certificateStatusText } from '@skill-cert/shared/certificates';
import { idTypeText } from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { streamTable } from '../certificate-engine/service.ts';
import { companyNamesOf } from '../companies/service.ts';
import type { UserRow } from '../users/service.ts';
import { certificateReportItems, certificateReports, certificates } from './tables.ts';

export const REPORT_NOT_FOUND = '上报批次不存在';
export const NOTHING_TO_REPORT = '所选范围内没有需要上报的证书（新发证书均已上报，已上报的证书也没有变更）';
const ALL_COMPANIES = '全部单位';

/**
 * What the next report of a scope takes (decision 42): certificates with a national number (never a custom one),
 * issued, and either never reported and issued in the period, or reported before with another status (revoked or
 * replaced since, whatever their issue date). Served by the partial index certificates_unreported_idx.
 */
function unreported(scope: ReportScope): SQL {
  const c = certificates;
  return sql`${c.status} <> ${CertificateStatus.DRAFT} and ${c.source} <> ${CertificateSource.CUSTOM}
    and ${c.reportedStatus} is distinct from ${c.status}
    and (${c.reportedStatus} is not null or ${c.issueDate} between ${scope.start_date}::date and ${scope.end_date}::date)
    ${scope.company_id ? sql`and ${c.companyId} = ${scope.company_id}` : sql``}`;
}

/** The kind a certificate is reported as, from its status now (constants inline: the GROUP BY repeats it). */
const kindSql = sql<number>`case
  when ${certificates.status} = ${sql.raw(String(CertificateStatus.REVOKED))} then ${sql.raw(String(ReportKind.REVOKED))}
  when ${certificates.status} = ${sql.raw(String(CertificateStatus.REPLACED))} then ${sql.raw(String(ReportKind.REPLACED))}
  when ${certificates.replacesId} is not null then ${sql.raw(String(ReportKind.REISSUED))}
  else ${sql.raw(String(ReportKind.ISSUED))} end`;

const countsOf = (rows: { kind: number; n: number }[]): ReportPending => {
  const of = (kind: number) => Number(rows.find((r) => Number(r.kind) === kind)?.n ?? 0);
  const issued = of(ReportKind.ISSUED);
  const reissued = of(ReportKind.REISSUED);
  const revoked = of(ReportKind.REVOKED);
  const replaced = of(ReportKind.REPLACED);
  return { issued, reissued, revoked, replaced, total: issued + reissued + revoked + replaced };
};

/** `GET /api/certificateReports/pending`: what a report of this scope would hold now, by kind. */
export async function pendingReport(db: DbOrTx, scope: ReportScope): Promise<ReportPending> {
  const rows = await db
    .select({ kind: kindSql, n: count() })
    .from(certificates)
    .where(unreported(scope))
    .groupBy(kindSql);
  return countsOf(rows);
}

type ReportRecord = typeof certificateReports.$inferSelect;

async function toRows(db: DbOrTx, records: ReportRecord[]): Promise<ReportRow[]> {
  const names = await companyNamesOf(
    db,
    records.flatMap((r) => (r.companyId ? [r.companyId] : [])),
  );
  return records.map((r) => ({
    _id: r.id,
    company_id: r.companyId,
    company_name: r.companyId ? (names.get(r.companyId) ?? '') : ALL_COMPANIES,
    start_date: r.startDate,
    end_date: r.endDate,
    issued: r.issuedCount,
    reissued: r.reissuedCount,
    revoked: r.revokedCount,
    replaced: r.replacedCount,
    total: r.issuedCount + r.reissuedCount + r.revokedCount + r.replacedCount,
    created_by_name: r.createdByName,
    create_time_str: formatDateTime(r.createdAt),
  }));
}

/**
 * `POST /api/certificateReports`: takes what the scope has to report into a new report and marks those certificates
 * reported with their status now, in one transaction. Reports are made one at a time (an advisory lock), so two at
 * once never both take a certificate; a second click finds nothing left and is refused.
 */
export async function createReport(db: DbOrTx, scope: ReportScope, user: UserRow): Promise<ReportRow> {
  const record = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('certificate_reports'))`);
    const id = uuidv7();
    const [report] = await tx
      .insert(certificateReports)
      .values({
        id,
        companyId: scope.company_id,
        startDate: scope.start_date,
        endDate: scope.end_date,
        createdBy: user.id,
        createdByName: user.name,
      })
      .returning();
    await tx.execute(sql`
      insert into ${certificateReportItems} (report_id, certificate_id, kind, status)
      select ${id}::uuid, ${certificates.id}, ${kindSql}, ${certificates.status}
      from ${certificates} where ${unreported(scope)}`);
    const kinds = (await tx.execute(sql`
      select kind, count(*)::int as n from ${certificateReportItems} where report_id = ${id} group by kind`)) as unknown as {
      rows: { kind: number; n: number }[];
    };
    const counts = countsOf(kinds.rows);
    if (counts.total === 0) throw badRequest(NOTHING_TO_REPORT);
    await tx.execute(sql`
      update ${certificates} c set reported_status = i.status, reported_at = now(), report_id = ${id}::uuid
      from ${certificateReportItems} i where i.report_id = ${id}::uuid and c.id = i.certificate_id`);
    const [done] = await tx
      .update(certificateReports)
      .set({
        issuedCount: counts.issued,
        reissuedCount: counts.reissued,
        revokedCount: counts.revoked,
        replacedCount: counts.replaced,
      })
      .where(eq(certificateReports.id, report.id))
      .returning();
    return done;
  });
  return (await toRows(db, [record]))[0];
}

/** `GET /api/certificateReports`: newest first. */
export async function listReports(
  db: DbOrTx,
  q: ReportListQuery,
): Promise<{ list: ReportRow[]; total: number }> {
  const where = q.company_id ? eq(certificateReports.companyId, q.company_id) : undefined;
  const [records, [{ total }]] = await Promise.all([
    db
      .select()
      .from(certificateReports)
      .where(where)
      .orderBy(desc(certificateReports.createdAt), desc(certificateReports.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: count() }).from(certificateReports).where(where),
  ]);
  return { list: await toRows(db, records), total };
}

export async function getReport(db: DbOrTx, id: string): Promise<ReportRow> {
  const [record] = await db.select().from(certificateReports).where(eq(certificateReports.id, id));
  if (!record) throw notFound(REPORT_NOT_FOUND);
  return (await toRows(db, [record]))[0];
}

/** The file name of a report's workbook: 证书数据上报_<单位>_<start>_<end>.xlsx. */
export const reportFileName = (r: ReportRow) =>
  `证书数据上报_${r.company_name}_${r.start_date}_${r.end_date}.xlsx`;

const EXPORT_PAGE = 1000;

/**
 * A report's .xlsx in the documented layout (REPORT_COLUMNS), streamed a page of items at a time by certificate id.
 * Each row is the certificate as reported: its kind and status then; the certificate's fields now (they never change
 * once issued, only the status does).
 */
export async function exportReport(
  db: DbOrTx,
  id: string,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<PassThrough> {
  const c = certificates;
  const i = certificateReportItems;
  const replaced = alias(certificates, 'replaced');
  const read = (after: string | null) =>
    db
      .select({ item: i, certificate: c, replacedNo: replaced.certificateNo })
      .from(i)
      .innerJoin(c, eq(c.id, i.certificateId))
      .leftJoin(replaced, eq(replaced.id, c.replacesId))
      .where(and(eq(i.reportId, id), after ? gt(i.certificateId, after) : undefined))
      .orderBy(asc(i.certificateId))
      .limit(EXPORT_PAGE);
  const first = await read(null);
  type Read = Awaited<ReturnType<typeof read>>;
  const cells = ({ item, certificate: r, replacedNo }: Read[number]): string[] => [
    reportKindText[item.kind as keyof typeof reportKindText] ?? '',
    r.certificateNo ?? '',
    replacedNo ?? '',
    r.holderName,
    idTypeText[r.idType as keyof typeof idTypeText] ?? '',
    r.idNumber,
    r.occupationCode ?? '',
    r.occupationName ?? '',
    r.workType || '--',
    r.level ? skillLevelName(r.level) : '',
    r.issueDate ?? '',
    r.institutionName ?? '',
    r.certificateNo?.slice(1, 5) ?? '',
    certificateStatusText[item.status as keyof typeof certificateStatusText] ?? '',
    item.status === CertificateStatus.REVOKED && r.revokedAt ? formatDate(r.revokedAt) : '',
    item.status === CertificateStatus.REVOKED ? (r.revokeReason ?? '') : '',
  ];
  async function* pages() {
    let rows = first;
    for (;;) {
      yield rows.map(cells);
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE) return;
      rows = await read(tail.item.certificateId);
    }
  }
  return streamTable(
    {
      sheetName: '证书数据上报',
      columns: REPORT_COLUMNS.map((header) => ({
        header,
        width: header === '证书编号' || header === '原证书编号' ? 26 : header === '证件号码' ? 22 : 14,
      })),
    },
    pages,
    (err) => log.error({ err }, '数据上报导出失败'),
    signal,
  );
}

/** A certificate's report state for its library row; null for a custom certificate (never reported). */
export function reportStateOf(r: {
  source: number;
  status: number;
  reportedStatus: number | null;
}): ReportStateValue | null {
  if (r.source === CertificateSource.CUSTOM) return null;
  if (r.reportedStatus === null) return ReportState.NOT_REPORTED;
  return r.reportedStatus === r.status ? ReportState.REPORTED : ReportState.CHANGED;
}
