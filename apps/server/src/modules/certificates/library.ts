import { reportStateText } from '@skill-cert/shared/certificate-reports';
import {
  type CertificateDetail,
  type CertificateListQuery,
  type CertificateRow,
  CertificateSource,
  CertificateStatus,
  certificateSourceText,
  certificateStatusText,
} from '@skill-cert/shared/certificates';
import { ProduceStatus } from '@skill-cert/shared/custom-certificates';
import { idTypeText } from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import type { PageQuery } from '@skill-cert/shared/pagination';
import { formatDateTime } from '@skill-cert/shared/time';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { prefixPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import type { UserRow } from '../users/service.ts';
import { verifyPath } from './rendering.ts';
import { reportStateOf } from './reports.ts';
import { certificates } from './tables.ts';

export const CERTIFICATE_NOT_FOUND = '证书不存在或已删除';
export const ONLY_VALID_REVOKED = '只有有效的证书可以撤销';

export type CertificateRecord = typeof certificates.$inferSelect;

/**
 * The library's filter: the company's issued certificates (drafts are never listed), the keyword (name prefix,
 * exact ID number or exact certificate number) and the filters. Every condition is one the indexes of
 * `certificates` serve with the company first: (company, id_number), (company, holder_name text_pattern_ops),
 * the unique certificate_no, (company, occupation, level, issue_date), (company, status, issue_date).
 */
export function libraryFilter(own: CompanyScope, q: CertificateListQuery): SQL {
  const c = certificates;
  const conditions: (SQL | undefined)[] = [
    ofCompany(c, own),
    q.status ? eq(c.status, q.status) : ne(c.status, CertificateStatus.DRAFT),
  ];
  const keyword = q.keyword?.trim();
  if (keyword)
    conditions.push(
      or(like(c.holderName, prefixPattern(keyword)), eq(c.idNumber, keyword), eq(c.certificateNo, keyword)),
    );
  if (q.holder_name) conditions.push(like(c.holderName, prefixPattern(q.holder_name)));
  if (q.id_number) conditions.push(eq(c.idNumber, q.id_number));
  if (q.certificate_no) conditions.push(eq(c.certificateNo, q.certificate_no));
  if (q.occupation_code) conditions.push(eq(c.occupationCode, q.occupation_code));
  if (q.level) conditions.push(eq(c.level, q.level));
  if (q.source) conditions.push(eq(c.source, q.source));
  if (q.issue_date_start) conditions.push(gte(c.issueDate, q.issue_date_start));
  if (q.issue_date_end) conditions.push(lte(c.issueDate, q.issue_date_end));
  return and(...conditions) as SQL;
}

/**
 * The library's order: newest issue first; within a day in number order (a grant's certificates one after another,
 * as printed); those without a number (custom ones) after, batch by batch in sheet order; the id keeps pages stable.
 * PostgreSQL's defaults place nulls first descending and last ascending; `libraryAfter` follows the same keys.
 */
const LIBRARY_ORDER: {
  column: AnyPgColumn;
  descending: boolean;
  of: (r: CertificateRecord) => string | number | null;
}[] = [
  { column: certificates.issueDate, descending: true, of: (r) => r.issueDate },
  { column: certificates.certificateNo, descending: false, of: (r) => r.certificateNo },
  { column: certificates.sourceId, descending: true, of: (r) => r.sourceId },
  { column: certificates.rowNumber, descending: false, of: (r) => r.rowNumber },
  { column: certificates.id, descending: false, of: (r) => r.id },
];

export const libraryOrder = LIBRARY_ORDER.map((k) => (k.descending ? desc(k.column) : asc(k.column)));

/** The rows after `last` in the library's order: a keyset, so a long export reads each page by index. */
export function libraryAfter(last: CertificateRecord | null): SQL | undefined {
  if (!last) return undefined;
  const later: SQL[] = [];
  const same: SQL[] = [];
  for (const { column, descending, of } of LIBRARY_ORDER) {
    const value = of(last);
    // Descending, nulls come first: after a value only smaller ones, after null every value. Ascending, nulls
    // come last: after a value the greater ones and nulls, after null nothing.
    const beyond =
      value === null
        ? descending
          ? isNotNull(column)
          : undefined
        : descending
          ? lt(column, value)
          : or(gt(column, value), isNull(column));
    if (beyond) later.push(and(...same, beyond) as SQL);
    same.push(value === null ? isNull(column) : eq(column, value));
  }
  return or(...later);
}

/** A custom certificate's level as it prints it (中级工, 四级/中级工); others by their level code. */
function levelNameOf(c: CertificateRecord): string | null {
  if (c.source === CertificateSource.CUSTOM)
    return c.values.find((v) => v.name === 'level')?.val.trim() || null;
  return c.level ? skillLevelName(c.level) : null;
}

export function toCertificateRow(c: CertificateRecord): CertificateRow {
  const idType = c.idType as keyof typeof idTypeText;
  const level = c.level as CertificateRow['level'];
  const reportState = reportStateOf(c);
  return {
    _id: c.id,
    source: c.source,
    source_text: certificateSourceText[c.source],
    source_id: c.sourceId,
    certificate_no: c.certificateNo,
    holder_name: c.holderName,
    id_type: idType,
    id_type_text: idTypeText[idType] ?? '',
    id_number: c.idNumber,
    occupation_code: c.occupationCode,
    occupation_name: c.occupationName,
    work_type: c.workType,
    level,
    level_name: levelNameOf(c),
    issue_date: c.issueDate,
    status: c.status,
    status_text: certificateStatusText[c.status],
    has_file: c.produceStatus === ProduceStatus.DONE && c.fileId !== null,
    report_state: reportState,
    report_state_text: reportState === null ? '—' : reportStateText[reportState],
    create_time_str: formatDateTime(c.createdAt),
  };
}

/** What a page of the library reads (its cached pages hold until one of them is written). */
export const LIBRARY_TABLES = ['certificates'] as const;

/**
 * A page of the library and the total, in one statement: the page by its order's index, the total as a scalar
 * subquery PostgreSQL runs once beside it. Only a page past the end (no row to carry the total) counts apart.
 */
export async function listLibrary(
  db: DbOrTx,
  own: CompanyScope,
  q: CertificateListQuery & PageQuery,
): Promise<{ list: CertificateRow[]; total: number }> {
  const where = libraryFilter(own, q);
  const offset = (q.page - 1) * q.per_page;
  const rows = await db
    .select({ certificate: certificates, total: totalOf(certificates, where) })
    .from(certificates)
    .where(where)
    .orderBy(...libraryOrder)
    .limit(q.per_page)
    .offset(offset);
  const list = rows.map((r) => toCertificateRow(r.certificate));
  if (rows.length > 0) return { list, total: rows[0].total };
  if (q.page === 1) return { list, total: 0 };
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates).where(where);
  return { list, total: count?.n ?? 0 };
}

/** An issued certificate of the caller's company; drafts, other companies' and unknown ids answer 404. */
export async function findIssued(db: DbOrTx, own: CompanyScope, id: string): Promise<CertificateRecord> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.id, id),
        ofCompany(certificates, own),
        ne(certificates.status, CertificateStatus.DRAFT),
      ),
    );
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

export async function getLibraryCertificate(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
): Promise<CertificateDetail> {
  const c = await findIssued(db, own, id);
  const link = async (linkedId: string | null) => {
    if (!linkedId) return null;
    const [row] = await db
      .select({ _id: certificates.id, certificate_no: certificates.certificateNo })
      .from(certificates)
      .where(and(eq(certificates.id, linkedId), ofCompany(certificates, own)));
    return row ?? null;
  };
  return {
    ...toCertificateRow(c),
    institution_name: c.institutionName,
    verify_path: verifyPath(c.id),
    revoke_reason: c.revokeReason,
    revoke_time_str: c.revokedAt ? formatDateTime(c.revokedAt) : null,
    revoked_by_name: c.revokedByName,
    replaces: await link(c.replacesId),
    replaced_by: await link(c.replacedById),
  };
}

/**
 * 有效 → 已撤销 with the reason, who and when, guarded by the status so two revocations at once change it once.
 * The number stays taken (numbers are never reused).
 */
export async function revokeCertificate(
  db: DbOrTx,
  own: CompanyScope,
  user: UserRow,
  id: string,
  reason: string,
): Promise<CertificateDetail> {
  await findIssued(db, own, id);
  const [changed] = await db
    .update(certificates)
    .set({
      status: CertificateStatus.REVOKED,
      revokedAt: new Date(),
      revokeReason: reason,
      revokedBy: user.id,
      revokedByName: user.name,
    })
    .where(
      and(
        eq(certificates.id, id),
        ofCompany(certificates, own),
        eq(certificates.status, CertificateStatus.VALID),
      ),
    )
    .returning({ id: certificates.id });
  if (!changed) throw badRequest(ONLY_VALID_REVOKED);
  return getLibraryCertificate(db, own, id);
}
