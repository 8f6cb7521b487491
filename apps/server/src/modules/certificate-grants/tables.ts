import type { GrantStatusValue, PaperOutcomeValue } from '@skill-cert/shared/certificate-grants';
import { date, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';

/**
 * A grant (发证): the certificates of one approved level evaluation, numbered and rendered in the
 * background, then confirmed. Its certificates are rows of the library (`certificates`, source 1, source_id = this).
 */
export const certificateGrants = pgTable(
  'certificate_grants',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    evaluationId: uuid('evaluation_id').notNull().unique(),
    /** 'national' or the custom template's id, and the template as it was when the grant started. */
    templateId: text('template_id').notNull(),
    template: jsonb('template').$type<CertificateTemplate>().notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** 'all' or 'selected'. */
    scope: text('scope').notNull().default('all'),
    /** 0 生成中, 1 待确认, 2 已发证 (GrantStatus). */
    status: smallint('status').$type<GrantStatusValue>().notNull().default(0),
    total: integer('total').notNull(),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by'),
  },
  (t) => [index('certificate_grants_company_idx').on(t.companyId, t.createdAt)],
);

/** One upload of paper-certificate scans (images, a multi-page PDF, or a zip of them), read by a background job. */
export const paperScanUploads = pgTable(
  'paper_scan_uploads',
  {
    id: idColumn(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => certificateGrants.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    fileIds: uuid('file_ids').array().notNull(),
    /** 0 解析中, 1 完成, 2 失败. */
    status: smallint('status').notNull().default(0),
    failReason: text('fail_reason'),
    pageCount: integer('page_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('paper_scan_uploads_grant_idx').on(t.grantId, t.createdAt)],
);

/** One scanned page and what it matched: 1 匹配, 2 非本批证书, 3 无法识别, 4 重复 (PaperOutcome). */
export const paperScanItems = pgTable(
  'paper_scan_items',
  {
    id: idColumn(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => paperScanUploads.id, { onDelete: 'cascade' }),
    grantId: uuid('grant_id').notNull(),
    sourceName: text('source_name').notNull(),
    outcome: smallint('outcome').$type<PaperOutcomeValue>().notNull(),
    certificateId: uuid('certificate_id'),
    /** What the QR code said, when it could be read. */
    decoded: text('decoded'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('paper_scan_items_grant_idx').on(t.grantId, t.outcome)],
);
