import { CertificateSource } from '@skill-cert/shared/certificates';
import {
  BlankType,
  type CertificateBlank,
  type CustomCertificateDetail,
  type CustomCertificateRow,
  ProduceStatus,
  produceStatusText,
  type reCreateBody,
} from '@skill-cert/shared/custom-certificates';
import { formatDateTime } from '@skill-cert/shared/time';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { imageFileProblem, VALUE_MAX_LENGTH } from '../certificate-engine/service.ts';
import type { BlankValue, CertificateTemplate } from '../certificate-engine/types.ts';
import {
  type CertificateRow,
  certificateOfCompany,
  printedFields,
  renderAgain,
  sourceCertificates,
  verifyPath,
} from '../certificates/service.ts';
import { companyNameOf } from '../companies/service.ts';
import { localPathOf, readableFile, webPathOf } from '../files/service.ts';
import { findBatch } from './batches.ts';
import type { Caller } from './caller.ts';
import { certificateFileName } from './library-source.ts';
import { customCertificateTemplates } from './tables.ts';

export const CERTIFICATE_NOT_FOUND = '证书不存在或已删除';

function certificateBlanks(template: CertificateTemplate, values: BlankValue[]): CertificateBlank[] {
  const byName = new Map(values.map((v) => [v.name, v.val]));
  return template.blanks.map((b) => {
    const val = byName.get(b.name) ?? '';
    return {
      _id: b._id,
      name: b.name,
      cn_name: b.cn_name,
      required: b.required,
      blank_type: b.blank_type,
      val,
      file_web_path: b.blank_type === BlankType.IMAGE && val ? webPathOf(val) : null,
    };
  });
}

function toCertificateRow(c: CertificateRow, template: CertificateTemplate): CustomCertificateRow {
  return {
    _id: c.id,
    row_number: c.rowNumber,
    row_key: c.rowKey,
    blanks: certificateBlanks(template, c.values),
    custom_certificate_produce_status:
      c.produceStatus as CustomCertificateRow['custom_certificate_produce_status'],
    custom_certificate_produce_status_value: produceStatusText[c.produceStatus] ?? '',
    fail_reason: c.failReason,
    custom_certificate_file_info: c.fileId
      ? { originName: certificateFileName(c), webPath: webPathOf(c.fileId) }
      : null,
    verify_path: verifyPath(c.id),
  };
}

/** A page of a batch's certificates in sheet order; `name` finds any printed text. */
export async function listCertificates(
  db: DbOrTx,
  own: CompanyScope,
  batchId: string,
  q: { page: number; per_page: number; name?: string; custom_certificate_produce_status?: number },
): Promise<{ list: CustomCertificateRow[]; total: number }> {
  const batch = await findBatch(db, own, batchId);
  const { rows, total } = await sourceCertificates(db, batch.id, {
    text: q.name,
    produce_status: q.custom_certificate_produce_status,
    page: q.page,
    per_page: q.per_page,
  });
  return { list: rows.map((c) => toCertificateRow(c, batch.template)), total };
}

/** A custom certificate of the caller's company with its batch; any other id is 404. */
async function findCertificate(db: DbOrTx, own: CompanyScope, id: string) {
  const certificate = await certificateOfCompany(db, own.id, CertificateSource.CUSTOM, id);
  if (!certificate) throw notFound(CERTIFICATE_NOT_FOUND);
  const batch = await findBatch(db, own, certificate.sourceId).catch(() => null);
  if (!batch) throw notFound(CERTIFICATE_NOT_FOUND);
  return { certificate, batch };
}

export async function getCertificate(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
): Promise<CustomCertificateDetail> {
  const { certificate: c, batch } = await findCertificate(db, own, id);
  const [template] = await db
    .select({ name: customCertificateTemplates.templateName })
    .from(customCertificateTemplates)
    .where(eq(customCertificateTemplates.id, batch.templateId));
  return {
    ...toCertificateRow(c, batch.template),
    batch_id: batch.id,
    batch_name: batch.name,
    template_name: template?.name ?? batch.template.template_name,
    company_name: await companyNameOf(db, own.id),
    create_time_str: formatDateTime(c.createdAt),
    generate_time_str: c.generatedAt ? formatDateTime(c.generatedAt) : null,
  };
}

/**
 * Regenerates a failed certificate (spec §5) with corrected values: blanks not sent keep their value; required
 * text must be filled ('请填写 {label}'), required images uploaded ('请上传 {label}'); a bad input is a 400 and
 * nothing changes. Then the corrected values and what they print are stored and the certificate is rendered again
 * on the library's one path, in this request: generated, it is issued at once (listed, and its QR code verifies);
 * a render that fails again is a 400 with the reason, the corrected values kept.
 */
export async function reCreateCertificate(
  app: FastifyInstance,
  caller: Caller,
  id: string,
  body: z.output<typeof reCreateBody>,
): Promise<CustomCertificateDetail> {
  const { db, storage } = app;
  const { certificate: c, batch } = await findCertificate(db, caller.company, id);
  if (c.produceStatus !== ProduceStatus.FAILED) throw badRequest(ONLY_FAILED);
  const template = batch.template;
  const known = new Map(template.blanks.map((b) => [b.name, b]));
  const values = new Map(c.values.map((v) => [v.name, v.val]));
  for (const { name, val } of body.blanks) {
    const blank = known.get(name);
    if (!blank) throw badRequest(`证书字段「${name}」不存在`);
    values.set(name, val);
  }
  for (const b of template.blanks) {
    const val = values.get(b.name) ?? '';
    if (b.blank_type === BlankType.TEXT) {
      if (b.required && !val) throw badRequest(`请填写 ${b.cn_name}`);
      if (val.length > VALUE_MAX_LENGTH) throw badRequest(`${b.cn_name}不能超过 ${VALUE_MAX_LENGTH} 个字符`);
    } else if (!val) {
      if (b.required) throw badRequest(`请上传 ${b.cn_name}`);
    } else {
      const file = await readableFile(db, val, caller.user).catch(() => null);
      if (!file || (file.kind !== 'jpg' && file.kind !== 'png'))
        throw badRequest(`请上传 ${b.cn_name}（JPG/PNG 图片）`);
      const tooBig = await imageFileProblem(await localPathOf(storage, file.sha256), b.cn_name);
      if (tooBig) throw badRequest(tooBig);
    }
  }
  const blanks: BlankValue[] = template.blanks.map((b) => ({ name: b.name, val: values.get(b.name) ?? '' }));
  const printed = printedFields(template.blanks, blanks);
  const changed = await renderAgain(app, [c.id], {
    values: new Map([[c.id, { values: blanks, ...printed }]]),
    now: true,
  });
  if (changed.length === 0) throw badRequest(ONLY_FAILED);
  const after = await getCertificate(db, caller.company, id);
  if (after.custom_certificate_produce_status === ProduceStatus.FAILED)
    throw badRequest(after.fail_reason ?? '证书生成失败，请检查后重新生成');
  return after;
}

const ONLY_FAILED = '只有生成失败的证书可以重新生成';
