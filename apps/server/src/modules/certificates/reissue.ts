import {
  CertificateStatus,
  formatCertificateNumber,
  issueDateProblem,
  parseCertificateNumber,
  type ReissueBody,
  type ReissueResult,
} from '@skill-cert/shared/certificates';
import { ProduceStatus } from '@skill-cert/shared/custom-certificates';
import { formatDate } from '@skill-cert/shared/time';
import { and, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import type { UserRow } from '../users/service.ts';
import { allocateSerials } from './numbers.ts';
import { isNationalSource, queueRendering, wakeRendering } from './rendering.ts';
import { certificates } from './tables.ts';

export const CERTIFICATE_NOT_FOUND = '证书不存在或已删除';

/**
 * Reissues a valid or revoked certificate (换发): in one transaction the old one becomes 3 已换发
 * (`replaced_by_id`), and a new one for the same holder, occupation and level, with a new number of the same prefix
 * and the current year, is 1 有效 at once (`replaces_id`) and joins the old one's source (its total grows); its PDF
 * is rendered in the background by the library's runner. Administrators only (the route's `companyAdminOnly`).
 * The issue date (today by default) follows issueDateProblem, not before the old one's. Reissuing a revoked
 * certificate undoes its revocation: its reason is then shown on both public pages (public-page.ts).
 */
export async function reissueCertificate(
  app: FastifyInstance,
  caller: { user: UserRow; company: CompanyScope },
  id: string,
  body: ReissueBody,
): Promise<ReissueResult> {
  const today = formatDate(new Date());
  const issueDate = body.issue_date ?? today;
  const year = Number(today.slice(0, 4));
  const result = await app.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.id, id), ofCompany(certificates, caller.company)))
      .for('update');
    // A draft is not in the library yet: as if it did not exist.
    if (!old || old.status === CertificateStatus.DRAFT) throw notFound(CERTIFICATE_NOT_FOUND);
    if (old.status === CertificateStatus.REPLACED) throw badRequest('该证书已换发，请对换发后的新证书操作');
    const dateProblem = issueDateProblem(issueDate, today, { day: old.issueDate, name: '原证书的发证日期' });
    if (dateProblem) throw badRequest(dateProblem);
    // A custom certificate prints the company's own number: only national ones are reissued with a new number.
    const parts =
      old.certificateNo && isNationalSource(old.source) ? parseCertificateNumber(old.certificateNo) : null;
    if (!parts || !old.level) throw badRequest('该证书没有全国统一证书编号，不能换发');
    const source = app.librarySources.get(old.source);
    if (!source || !(await source.load(tx, old.sourceId))) throw badRequest('该证书的来源不支持换发');

    const serial = await allocateSerials(
      tx,
      { prefix: old.certificateNo!.slice(0, 13), year, level: old.level },
      1,
    );
    const certificateNo = formatCertificateNumber({ ...parts, year, serial });
    const [{ last }] = await tx
      .select({ last: max(certificates.rowNumber) })
      .from(certificates)
      .where(eq(certificates.sourceId, old.sourceId));
    const newId = uuidv7();
    const now = new Date();
    // The old one first: a holder has one certificate 待确认 or 有效 per candidate (certificates_candidate_idx).
    await tx
      .update(certificates)
      .set({ status: CertificateStatus.REPLACED, replacedById: newId, updatedAt: now })
      .where(eq(certificates.id, old.id));
    const rowNumber = (last ?? 0) + 1;
    await tx.insert(certificates).values({
      id: newId,
      companyId: old.companyId,
      source: old.source,
      sourceId: old.sourceId,
      rowNumber,
      evaluationId: old.evaluationId,
      candidateId: old.candidateId,
      certificateNo,
      holderName: old.holderName,
      idType: old.idType,
      idNumber: old.idNumber,
      occupationCode: old.occupationCode,
      occupationName: old.occupationName,
      workType: old.workType,
      level: old.level,
      institutionName: old.institutionName,
      issueDate,
      photoFileId: old.photoFileId,
      produceStatus: ProduceStatus.PENDING,
      status: CertificateStatus.VALID,
      confirmedAt: now,
      replacesId: old.id,
      reissueReason: body.reason,
    });
    await source.added(tx, old.sourceId, 1);
    await queueRendering(app, tx, { kind: old.source, ...old }, [rowNumber]);
    return { _id: newId, certificate_no: certificateNo, kind: old.source };
  });
  wakeRendering(app, result.kind);
  return { _id: result._id, certificate_no: result.certificate_no };
}
