import {
  BlankType,
  type CertificateBlank,
  type CustomCertificateDetail,
  type CustomCertificateRow,
  ProduceStatus,
  produceStatusText,
  type reCreateBody,
} from '@skill-cert/shared/customCertificate';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { imageFileProblem, RenderError, renderCertificate } from '../certificate-engine/service.ts';
import { VALUE_MAX_LENGTH } from '../certificate-engine/sheet.ts';
import type { BlankValue, CertificateTemplate } from '../certificate-engine/types.ts';
import { localPathOf, putContent, readableFile, recordFiles, webPathOf } from '../files/service.ts';
import { findBatch, visible } from './batches.ts';
import { type Caller, companyNameOf, escapeLike } from './caller.ts';
import { certificateFileName, searchTextOf, verifyPath } from './naming.ts';
import { customCertificateBatches, customCertificates, customCertificateTemplates } from './tables.ts';

type CertificateRow = typeof customCertificates.$inferSelect;

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

function toCertificateRow(
  c: CertificateRow,
  template: CertificateTemplate,
  fileName: string | null,
): CustomCertificateRow {
  return {
    _id: c.id,
    row_number: c.rowNumber,
    row_key: c.rowKey,
    blanks: certificateBlanks(template, c.blanks),
    custom_certificate_produce_status: c.status,
    custom_certificate_produce_status_value: produceStatusText[c.status] ?? '',
    fail_reason: c.failReason,
    custom_certificate_file_info: c.fileId
      ? { originName: fileName ?? `${c.rowNumber}.pdf`, webPath: webPathOf(c.fileId) }
      : null,
    verify_path: verifyPath(c.id),
  };
}

export async function listCertificates(
  db: DbOrTx,
  own: CompanyScope,
  batchId: string,
  q: { page: number; per_page: number; name?: string; custom_certificate_produce_status?: number },
): Promise<{ list: CustomCertificateRow[]; total: number }> {
  const batch = await findBatch(db, own, batchId);
  const where = and(
    eq(customCertificates.batchId, batchId),
    q.name ? ilike(customCertificates.searchText, `%${escapeLike(q.name)}%`) : undefined,
    q.custom_certificate_produce_status !== undefined
      ? eq(customCertificates.status, q.custom_certificate_produce_status)
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(customCertificates).where(where);
  const rows = await db
    .select()
    .from(customCertificates)
    .where(where)
    .orderBy(asc(customCertificates.rowNumber))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    list: rows.map((c) => toCertificateRow(c, batch.template, certificateFileName(c))),
    total,
  };
}

async function findCertificate(db: DbOrTx, own: CompanyScope, id: string) {
  const [row] = await db
    .select({ certificate: customCertificates, batch: customCertificateBatches })
    .from(customCertificates)
    .innerJoin(customCertificateBatches, eq(customCertificateBatches.id, customCertificates.batchId))
    .where(and(eq(customCertificates.id, id), ofCompany(customCertificates, own), visible));
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
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
    ...toCertificateRow(c, batch.template, certificateFileName(c)),
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
 * text must be filled ('请填写 {label}'), required images uploaded ('请上传 {label}'). Rendered at once: a bad
 * input is a 400 and nothing changes; success stores the PDF and marks the certificate generated.
 */
export async function reCreateCertificate(
  app: FastifyInstance,
  caller: Caller,
  id: string,
  body: z.output<typeof reCreateBody>,
): Promise<CustomCertificateDetail> {
  const { db, storage } = app;
  const { certificate: c, batch } = await findCertificate(db, caller.company, id);
  if (c.status !== ProduceStatus.FAILED) throw badRequest('只有生成失败的证书可以重新生成');
  const template = batch.template;
  const known = new Map(template.blanks.map((b) => [b.name, b]));
  const values = new Map(c.blanks.map((v) => [v.name, v.val]));
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
  const blanks: BlankValue[] = template.blanks.map((b) => ({
    name: b.name,
    val: values.get(b.name) ?? '',
  }));
  let pdf: Uint8Array;
  try {
    pdf = await renderCertificate(app, template, blanks, {
      qrText: `${app.config.publicUrl}${verifyPath(c.id)}`,
    });
  } catch (err) {
    if (err instanceof RenderError) throw badRequest(err.message);
    throw err;
  }
  const { sha256, size } = await putContent(storage, pdf);
  const fileId = uuidv7();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customCertificates)
      .set({
        blanks,
        searchText: searchTextOf(template.blanks, blanks),
        status: ProduceStatus.DONE,
        failReason: null,
        fileId,
        generatedAt: new Date(),
      })
      .where(and(eq(customCertificates.id, c.id), eq(customCertificates.status, ProduceStatus.FAILED)))
      .returning();
    if (!row) return null;
    await recordFiles(tx, [
      {
        id: fileId,
        ownerId: batch.createdBy,
        companyId: batch.companyId,
        sha256,
        size,
        kind: 'pdf',
        originName: certificateFileName(row),
      },
    ]);
    // One failure fewer; a finished batch whose last failure was fixed is complete now.
    await tx.execute(sql`
      update ${customCertificateBatches}
      set success_count = success_count + 1, failed_count = failed_count - 1,
          status = case when status = 2 and failed_count = 1 then 1 else status end
      where id = ${batch.id}`);
    return row;
  });
  if (!updated) throw badRequest('只有生成失败的证书可以重新生成');
  return getCertificate(db, caller.company, id);
}
