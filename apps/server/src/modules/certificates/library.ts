import {
  type CertificateDetail,
  type CertificateListQuery,
  type CertificateRow,
  CertificateStatus,
  certificateSourceText,
  certificateStatusText,
} from '@skill-cert/shared/certificate';
import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import { idTypeText } from '@skill-cert/shared/levelEvaluation';
import { skillLevelName } from '@skill-cert/shared/occupation';
import type { PageQuery } from '@skill-cert/shared/pagination';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, desc, eq, gte, like, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../custom-certificates/caller.ts';
import { verifyPath } from '../custom-certificates/naming.ts';
import type { UserRow } from '../users/service.ts';
import { certificates } from './tables.ts';

export const CERTIFICATE_NOT_FOUND = '证书不存在或已删除';
export const ONLY_VALID_REVOKED = '只有有效的证书可以撤销';

export type CertificateRecord = typeof certificates.$inferSelect;

/** A name prefix for LIKE: a typed `%` or `_` matches itself. */
const likePrefix = (text: string) => `${escapeLike(text)}%`;

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
      or(like(c.holderName, likePrefix(keyword)), eq(c.idNumber, keyword), eq(c.certificateNo, keyword)),
    );
  if (q.holder_name) conditions.push(like(c.holderName, likePrefix(q.holder_name)));
  if (q.id_number) conditions.push(eq(c.idNumber, q.id_number));
  if (q.certificate_no) conditions.push(eq(c.certificateNo, q.certificate_no));
  if (q.occupation_code) conditions.push(eq(c.occupationCode, q.occupation_code));
  if (q.level) conditions.push(eq(c.level, q.level));
  if (q.source) conditions.push(eq(c.source, q.source));
  if (q.issue_date_start) conditions.push(gte(c.issueDate, q.issue_date_start));
  if (q.issue_date_end) conditions.push(lte(c.issueDate, q.issue_date_end));
  return and(...conditions) as SQL;
}

/** Newest issue first; the id keeps pages stable among certificates of one day. */
export const libraryOrder = [desc(certificates.issueDate), desc(certificates.id)];

export function toCertificateRow(c: CertificateRecord): CertificateRow {
  const idType = c.idType as keyof typeof idTypeText;
  const level = c.level as CertificateRow['level'];
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
    level_name: level ? skillLevelName(level) : null,
    issue_date: c.issueDate,
    status: c.status,
    status_text: certificateStatusText[c.status],
    has_file: c.produceStatus === ProduceStatus.DONE && c.fileId !== null,
    create_time_str: formatDateTime(c.createdAt),
  };
}

export async function listLibrary(
  db: DbOrTx,
  own: CompanyScope,
  q: CertificateListQuery & PageQuery,
): Promise<{ list: CertificateRow[]; total: number }> {
  const where = libraryFilter(own, q);
  const offset = (q.page - 1) * q.per_page;
  const rows = await db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(...libraryOrder)
    .limit(q.per_page)
    .offset(offset);
  // A page that is not full is the last one: its rows give the total (an exact search is one statement). Only a
  // full page, or an empty one past the first, needs the count.
  if (rows.length < q.per_page && (rows.length > 0 || q.page === 1))
    return { list: rows.map(toCertificateRow), total: offset + rows.length };
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates).where(where);
  return { list: rows.map(toCertificateRow), total: count?.n ?? 0 };
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
