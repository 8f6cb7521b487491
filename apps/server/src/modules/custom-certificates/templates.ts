import {
  BlankType,
  type CustomCertificateTemplate,
  defaultQrPlacement,
  type TemplateBlank,
  type templateBody,
} from '@skill-cert/shared/custom-certificates';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { containsPattern } from '../../lib/like.ts';
import {
  convertBackground,
  imageFileProblem,
  RenderError,
  renderCertificate,
  sampleValue,
} from '../certificate-engine/service.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { verifyPath } from '../certificates/service.ts';
import { companyNameOf } from '../companies/service.ts';
import { localPathOf, readableFile, storeGeneratedFile, webPathOf } from '../files/service.ts';
import type { Caller } from './caller.ts';
import { customCertificateBatches, customCertificateTemplates } from './tables.ts';

type TemplateRow = typeof customCertificateTemplates.$inferSelect;
type ParsedTemplate = z.output<typeof templateBody>;

export const TEMPLATE_NOT_FOUND = '证书模板不存在或已删除';

export function toTemplate(row: TemplateRow, companyName: string): CustomCertificateTemplate {
  return {
    _id: row.id,
    template_name: row.templateName,
    company_name: companyName,
    background_file_id: row.backgroundFileId,
    background_web_path: webPathOf(row.renderBackgroundFileId),
    page_size: row.pageSize,
    orientation: row.orientation,
    blanks: row.blanks,
    qr: row.qr,
    create_time_str: formatDateTime(row.createdAt),
    update_time_str: formatDateTime(row.updatedAt),
  };
}

/** Blanks as stored: each with an `_id` (kept when the client sent one, new otherwise). */
function normaliseBlanks(input: ParsedTemplate['blanks']): TemplateBlank[] {
  const used = new Set<string>();
  return input.map((b) => {
    const id = b._id && !used.has(b._id) ? b._id : uuidv7();
    used.add(id);
    return { ...b, _id: id } as TemplateBlank;
  });
}

export async function listTemplates(
  db: DbOrTx,
  own: CompanyScope,
  q: { page: number; per_page: number; template_name?: string },
): Promise<{ list: CustomCertificateTemplate[]; total: number }> {
  const where = and(
    ofCompany(customCertificateTemplates, own),
    q.template_name
      ? ilike(customCertificateTemplates.templateName, containsPattern(q.template_name))
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(customCertificateTemplates).where(where);
  const rows = await db
    .select()
    .from(customCertificateTemplates)
    .where(where)
    .orderBy(desc(customCertificateTemplates.createdAt))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const companyName = await companyNameOf(db, own.id);
  return { list: rows.map((r) => toTemplate(r, companyName)), total };
}

/** A template of the caller's company; any other id is 404, as if it did not exist. */
export async function findTemplate(db: DbOrTx, own: CompanyScope, id: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(customCertificateTemplates)
    .where(and(eq(customCertificateTemplates.id, id), ofCompany(customCertificateTemplates, own)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function getTemplate(db: DbOrTx, own: CompanyScope, id: string) {
  return toTemplate(await findTemplate(db, own, id), await companyNameOf(db, own.id));
}

interface RenderBackground {
  fileId: string;
  widthPx: number;
  heightPx: number;
}

/**
 * The rendering JPEG of an uploaded background: converted once (PNG → JPEG, capped size) in the render pool and
 * reused by every template of the company that uses the same upload. An image too big to decode is refused from
 * its header, before any worker decodes it.
 */
async function renderBackgroundOf(
  app: FastifyInstance,
  caller: Caller,
  fileId: string,
): Promise<RenderBackground> {
  const { db, storage } = app;
  const file = await readableFile(db, fileId, caller.user);
  if (file.kind !== 'jpg' && file.kind !== 'png') throw badRequest('证书底图应为 JPG/PNG 图片');
  const [known] = await db
    .select({
      fileId: customCertificateTemplates.renderBackgroundFileId,
      widthPx: customCertificateTemplates.backgroundWidthPx,
      heightPx: customCertificateTemplates.backgroundHeightPx,
    })
    .from(customCertificateTemplates)
    .where(
      and(
        ofCompany(customCertificateTemplates, caller.company),
        eq(customCertificateTemplates.backgroundFileId, fileId),
      ),
    )
    .limit(1);
  if (known) return known;
  const source = await localPathOf(storage, file.sha256);
  const tooBig = await imageFileProblem(source, '证书底图');
  if (tooBig) throw badRequest(tooBig);
  let converted: Awaited<ReturnType<typeof convertBackground>>;
  try {
    converted = await convertBackground(app, source);
  } catch (err) {
    if (err instanceof RenderError) throw badRequest(`证书底图无法使用：${err.message}`);
    throw err;
  }
  const stored = await storeGeneratedFile(db, storage, {
    bytes: converted.jpeg,
    kind: 'jpg',
    originName: `${file.originName.replace(/\.[^.]*$/, '')}-底图.jpg`,
    owner: { id: caller.user.id, companyId: caller.company.id },
  });
  return { fileId: stored.id, widthPx: converted.widthPx, heightPx: converted.heightPx };
}

function templateValues(body: ParsedTemplate, background: RenderBackground) {
  return {
    templateName: body.template_name,
    backgroundFileId: body.background_file_id,
    renderBackgroundFileId: background.fileId,
    backgroundWidthPx: background.widthPx,
    backgroundHeightPx: background.heightPx,
    pageSize: body.page_size,
    orientation: body.orientation,
    blanks: normaliseBlanks(body.blanks),
    qr: body.qr ?? defaultQrPlacement(body.page_size, body.orientation),
  };
}

export async function createTemplate(app: FastifyInstance, caller: Caller, body: ParsedTemplate) {
  const { db } = app;
  const background = await renderBackgroundOf(app, caller, body.background_file_id);
  const [row] = await db
    .insert(customCertificateTemplates)
    .values({ companyId: caller.company.id, createdBy: caller.user.id, ...templateValues(body, background) })
    .returning();
  return toTemplate(row, await companyNameOf(db, caller.company.id));
}

export async function updateTemplate(app: FastifyInstance, caller: Caller, id: string, body: ParsedTemplate) {
  const { db } = app;
  await findTemplate(db, caller.company, id);
  const background = await renderBackgroundOf(app, caller, body.background_file_id);
  const [row] = await db
    .update(customCertificateTemplates)
    .set(templateValues(body, background))
    .where(and(eq(customCertificateTemplates.id, id), ofCompany(customCertificateTemplates, caller.company)))
    .returning();
  return toTemplate(row, await companyNameOf(db, caller.company.id));
}

/**
 * Deletes a template no batch was generated from. Batches keep their template's id (and the library its certificates),
 * so a used one is refused with how many batches and certificates it made; grants and offline batches keep a copy of
 * the template they were made with and do not hold it back.
 */
export async function deleteTemplate(db: DbOrTx, own: CompanyScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: a batch being recorded meanwhile holds the row for its key check, so it is counted once committed.
    const [row] = await tx
      .select({ id: customCertificateTemplates.id, name: customCertificateTemplates.templateName })
      .from(customCertificateTemplates)
      .where(and(eq(customCertificateTemplates.id, id), ofCompany(customCertificateTemplates, own)))
      .for('update');
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    const [used] = await tx
      .select({
        batches: count(),
        certificates: sql<number>`coalesce(sum(${customCertificateBatches.total}), 0)`.mapWith(Number),
      })
      .from(customCertificateBatches)
      .where(eq(customCertificateBatches.templateId, row.id));
    if (used.batches > 0)
      throw badRequest(
        `模板“${row.name}”已用于 ${used.batches} 个批量生成批次（共 ${used.certificates} 张证书），不能删除`,
      );
    await tx.delete(customCertificateTemplates).where(eq(customCertificateTemplates.id, row.id));
  });
}

export const snapshotOf = (t: ReturnType<typeof templateValues> | TemplateRow): CertificateTemplate => ({
  template_name: t.templateName,
  page_size: t.pageSize,
  orientation: t.orientation,
  render_background_file_id: t.renderBackgroundFileId,
  blanks: t.blanks,
  qr: t.qr,
});

/**
 * Renders a (possibly unsaved) template with sample values (image blanks: the grey placeholder photo) and
 * answers the PDF itself: nothing is stored, so previews do not pile up.
 */
export async function previewTemplate(app: FastifyInstance, caller: Caller, body: ParsedTemplate) {
  const background = await renderBackgroundOf(app, caller, body.background_file_id);
  const snapshot = snapshotOf(templateValues(body, background));
  const companyName = await companyNameOf(app.db, caller.company.id);
  const values = snapshot.blanks
    .filter((b) => b.blank_type === BlankType.TEXT)
    .map((b) => ({ name: b.name, val: sampleValue(b.name, b.cn_name, companyName) }));
  try {
    return await renderCertificate(app, snapshot, values, {
      placeholderImages: true,
      qrText: `${app.config.publicUrl}${verifyPath('preview')}`,
    });
  } catch (err) {
    if (err instanceof RenderError) throw badRequest(`预览生成失败：${err.message}`);
    throw err;
  }
}
