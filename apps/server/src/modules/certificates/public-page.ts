import {
  CertificateSource,
  CertificateStatus,
  certificateStatusText,
  NATIONAL_TEMPLATE_NAME,
  NO_WORK_TYPE,
  type PublicSearchQuery,
} from '@skill-cert/shared/certificates';
import { BlankType, maskIdNumber, type PublicCertificate } from '@skill-cert/shared/custom-certificates';
import { idTypeText } from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import { formatDate } from '@skill-cert/shared/time';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { ID_CARD_BLANK, ISSUE_DATE_BLANK, NAME_BLANK } from '../certificate-engine/service.ts';
import { companyNameOf } from '../companies/service.ts';
import { certificates } from './tables.ts';

export const PUBLIC_NOT_FOUND = '证书不存在或已失效';
/** The public search's one answer when nothing matches: it does not say whether the number or the name was wrong. */
export const SEARCH_NOT_FOUND = '未查询到相符的证书，请核对证书编号和姓名';

type CertificateRecord = typeof certificates.$inferSelect;
type IssuedStatus = PublicCertificate['status'];

/**
 * What /information-link/:id shows without login, for a certificate of any source: its library row once issued
 * (a draft, one still awaiting 确认发证, answers like an unknown id, so its holder's details are not shown), with
 * its status: 有效, 已撤销 with the date, 已换发 with the certificate that replaced it; a revocation undone by a
 * reissue with its reason, on both certificates.
 */
export async function publicCertificate(app: FastifyInstance, id: string): Promise<PublicCertificate> {
  const { db } = app;
  const [c] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), ne(certificates.status, CertificateStatus.DRAFT)));
  if (!c) throw notFound(PUBLIC_NOT_FOUND);
  const status = c.status as IssuedStatus;
  const common = {
    _id: c.id,
    valid: status === CertificateStatus.VALID,
    status,
    status_text: certificateStatusText[status],
    certificate_no: c.certificateNo,
    revoked_date: c.revokedAt ? formatDate(c.revokedAt) : null,
    replaced_by_id: status === CertificateStatus.REPLACED ? c.replacedById : null,
    reinstated: await reinstatement(db, c),
  };
  const page =
    c.source === CertificateSource.CUSTOM ? await customFields(app, c) : await nationalFields(db, c);
  return { ...page, ...common };
}

/**
 * A revocation undone by a reissue, told on both pages so a verifier sees it: the revoked certificate (it has a
 * revocation date and a replacement) and the one that replaced it (its predecessor has one); null otherwise.
 */
async function reinstatement(db: DbOrTx, c: CertificateRecord): Promise<PublicCertificate['reinstated']> {
  const revokedThenReplaced = c.revokedAt && c.replacedById;
  if (!revokedThenReplaced && !c.replacesId) return null;
  const [other] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.id, (revokedThenReplaced ? c.replacedById : c.replacesId) as string));
  if (!other) return null;
  const [revoked, replacement] = revokedThenReplaced ? [c, other] : [other, c];
  if (!revoked.revokedAt) return null;
  return {
    revoked_date: formatDate(revoked.revokedAt),
    reason: replacement.reissueReason ?? '',
    other_id: other.id,
  };
}

/** What the page shows of the certificate itself, besides its status. */
type PageFields = Omit<
  PublicCertificate,
  | '_id'
  | 'valid'
  | 'status'
  | 'status_text'
  | 'certificate_no'
  | 'revoked_date'
  | 'replaced_by_id'
  | 'reinstated'
>;

/** A granted or offline certificate: the national fields (DOMAIN.md "Certificate fields"). */
async function nationalFields(db: DbOrTx, c: CertificateRecord): Promise<PageFields> {
  const idType = c.idType as keyof typeof idTypeText;
  const fields = [
    { label: '证件类型', value: idTypeText[idType] ?? '' },
    { label: '职业名称', value: c.occupationName ?? '' },
    { label: '工种/职业方向', value: c.workType || NO_WORK_TYPE },
    { label: '职业技能等级', value: c.level ? skillLevelName(c.level) : '' },
    { label: '评价机构名称', value: c.institutionName ?? '' },
    { label: '证书编号', value: c.certificateNo ?? '' },
  ].filter((f) => f.value);
  return {
    holder_name: c.holderName,
    id_card_masked: c.idNumber ? maskIdNumber(c.idNumber) : null,
    fields,
    issuer: c.institutionName || (await companyNameOf(db, c.companyId)),
    issue_date: c.issueDate,
    template_name: NATIONAL_TEMPLATE_NAME,
  };
}

/** A custom certificate keeps its template's text fields, in template order, as it always showed them. */
async function customFields(app: FastifyInstance, c: CertificateRecord): Promise<PageFields> {
  const { db } = app;
  const template = (await app.librarySources.get(c.source)?.load(db, c.sourceId))?.template;
  const values = new Map(c.values.map((v) => [v.name, v.val]));
  const text = (template?.blanks ?? []).filter((b) => b.blank_type === BlankType.TEXT);
  const nameBlank = text.find((b) => b.name === NAME_BLANK) ?? text[0];
  const idCard = values.get(ID_CARD_BLANK);
  return {
    holder_name: nameBlank ? (values.get(nameBlank.name) ?? '') : c.holderName,
    id_card_masked: idCard ? maskIdNumber(idCard) : null,
    fields: text
      .filter((b) => b !== nameBlank && b.name !== ID_CARD_BLANK && b.name !== ISSUE_DATE_BLANK)
      .map((b) => ({ label: b.cn_name, value: values.get(b.name) ?? '' }))
      .filter((f) => f.value),
    issuer: await companyNameOf(db, c.companyId),
    issue_date: values.get(ISSUE_DATE_BLANK) || (c.generatedAt ? formatDate(c.generatedAt) : c.issueDate),
    template_name: template?.template_name ?? '',
  };
}

/**
 * The public search: the certificate number and the holder's name must both match an issued certificate (a national
 * number finds at most one row; a number a custom certificate prints may repeat, so the name picks among them,
 * national ones first; the name is compared as typed, trimmed). Anything else is one 404.
 */
export async function searchPublic(db: DbOrTx, q: PublicSearchQuery): Promise<{ _id: string }> {
  const rows = await db
    .select({ id: certificates.id, holderName: certificates.holderName })
    .from(certificates)
    .where(
      and(eq(certificates.certificateNo, q.certificate_no), ne(certificates.status, CertificateStatus.DRAFT)),
    )
    .orderBy(asc(certificates.source))
    .limit(20);
  const row = rows.find((r) => r.holderName.trim() === q.name);
  if (!row) throw notFound(SEARCH_NOT_FOUND);
  return { _id: row.id };
}
