import type { OfflineBatchStatusValue } from '@skill-cert/shared/offline-certificates';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';

/**
 * An offline batch (证书生成): the holders of an evaluation held outside the system, inside an approved
 * filing scope. Its sheet is read into drafts (0 解析中 → 1 待确认, or 9 失败); publishing numbers them and writes the
 * library rows (`certificates`, source 2, source_id = this) → 2 发布中 → once all rendered 3 已发布.
 */
export const offlineCertificateBatches = pgTable(
  'offline_certificate_batches',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    occupationCode: text('occupation_code').notNull(),
    occupationName: text('occupation_name').notNull(),
    workType: text('work_type'),
    level: smallint('level').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    siteId: uuid('site_id').notNull(),
    siteName: text('site_name').notNull(),
    /** 'national' or the custom template's id, and the template as it was chosen. */
    templateId: text('template_id').notNull(),
    template: jsonb('template').$type<CertificateTemplate>().notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    fileId: uuid('file_id').notNull(),
    photoZipFileId: uuid('photo_zip_file_id'),
    /** 0 解析中, 1 待确认, 2 发布中, 3 已发布, 9 失败 (OfflineBatchStatus). */
    status: smallint('status').$type<OfflineBatchStatusValue>().notNull().default(0),
    failReason: text('fail_reason'),
    /** The sheet's failed rows with 错误原因, written by the read when rows failed. */
    errorFileId: uuid('error_file_id'),
    /** Drafts read; once published, certificates. */
    total: integer('total').notNull().default(0),
    renderedCount: integer('rendered_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by'),
    publishedByName: text('published_by_name'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('offline_certificate_batches_company_idx').on(t.companyId, t.createdAt)],
);

/** A sheet row of a batch: the holder, the results, the template's own blanks, the photo, and its problems. */
export const offlineCertificateDrafts = pgTable(
  'offline_certificate_drafts',
  {
    id: idColumn(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => offlineCertificateBatches.id, { onDelete: 'cascade' }),
    /** The sheet row (2 = the first data row). */
    rowNumber: integer('row_number').notNull(),
    name: text('name').notNull(),
    /** The 证件类型 as the sheet said it, when it named no type (a problem); else null. */
    idTypeText: text('id_type_text'),
    idType: smallint('id_type').notNull().default(1),
    idNumber: text('id_number').notNull(),
    /** Method → the result as written (合格, 不合格 or a score); blank methods are absent. */
    results: jsonb('results').$type<Record<string, string>>().notNull().default({}),
    /** The template's own blanks: name → value. */
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    photoFileId: uuid('photo_file_id'),
    /** Why the photo of the zip could not be used (its own problem until the photo is replaced). */
    photoProblem: text('photo_problem'),
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    duplicateHolder: boolean('duplicate_holder').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offline_certificate_drafts_batch_idx').on(t.batchId, t.rowNumber),
    index('offline_certificate_drafts_id_number_idx').on(t.batchId, t.idNumber),
  ],
);
