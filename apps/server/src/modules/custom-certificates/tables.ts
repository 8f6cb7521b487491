import type { Orientation, PageSizeValue, TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import type { CertificateTemplate, QrPlacement } from '../certificate-engine/types.ts';

/** A custom certificate template of one company (spec §3, DOMAIN.md 10). */
export const customCertificateTemplates = pgTable(
  'custom_certificate_templates',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    templateName: text('template_name').notNull(),
    /** The uploaded JPG/PNG. */
    backgroundFileId: uuid('background_file_id').notNull(),
    /** The compact JPEG certificates are rendered on, converted once from the upload. */
    renderBackgroundFileId: uuid('render_background_file_id').notNull(),
    backgroundWidthPx: integer('background_width_px').notNull(),
    backgroundHeightPx: integer('background_height_px').notNull(),
    pageSize: text('page_size').$type<PageSizeValue>().notNull(),
    orientation: text('orientation').$type<Orientation>().notNull(),
    blanks: jsonb('blanks').$type<TemplateBlank[]>().notNull(),
    qr: jsonb('qr').$type<QrPlacement>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('custom_certificate_templates_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * One batch upload (the "custom certificate" of the detail dialog): a spreadsheet rendered into certificates, which
 * live in the certificate library (`certificates`, source 自定义证书, `source_id` = the batch).
 */
export const customCertificateBatches = pgTable(
  'custom_certificate_batches',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => customCertificateTemplates.id),
    template: jsonb('template').$type<CertificateTemplate>().notNull(),
    name: text('name').notNull(),
    /** The uploaded .xlsx and the optional photos .zip. */
    fileId: uuid('file_id').notNull(),
    photoZipFileId: uuid('photo_zip_file_id'),
    /** 0 生成中, 1 已完成, 2 部分失败. */
    status: smallint('status').notNull().default(0),
    total: integer('total').notNull(),
    /** Certificates generated / failed so far, kept with every status change (progress without counting rows). */
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('custom_certificate_batches_company_idx').on(t.companyId, t.createdAt)],
);
