import type { Orientation, PageSizeValue, TemplateBlank } from '@skill-cert/shared/customCertificate';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import type { BlankValue, CertificateTemplate, QrPlacement } from '../certificate-engine/types.ts';

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

/** One batch upload (the "custom certificate" of the detail dialog): a spreadsheet rendered into certificates. */
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

/** One certificate: a row of the batch's spreadsheet, its values and, once rendered, its PDF. */
export const customCertificates = pgTable(
  'custom_certificates',
  {
    id: idColumn(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => customCertificateBatches.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    /** The row's number in the sheet (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    /** The row's 序号 as the sheet gives it ('' when empty): what the user numbers the rows by. */
    rowKey: text('row_key').notNull().default(''),
    blanks: jsonb('blanks').$type<BlankValue[]>().notNull(),
    /** Every text value, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    /** 0 待生成, 1 生成成功, 2 生成失败. */
    status: smallint('status').notNull().default(0),
    failReason: text('fail_reason'),
    /** The PDF. */
    fileId: uuid('file_id'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('custom_certificates_batch_row_uq').on(t.batchId, t.rowNumber),
    index('custom_certificates_batch_status_idx').on(t.batchId, t.status, t.rowNumber),
  ],
);
