import {
  CertificateSource,
  type CertificateSourceValue,
  type CertificateStatusValue,
} from '@skill-cert/shared/certificates';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import type { BlankValue } from '../certificate-engine/types.ts';

/**
 * The certificate library (证书库): every certificate a company issued, whatever made it: a grant from a level
 * evaluation, offline generation, or a custom batch. The one store of certificates: each source keeps only its own
 * record (grant, batch) and its rows here. A certificate is a draft (status 0) until its source confirms it (a grant
 * or offline batch) or, for a custom batch, until its PDF is generated; drafts are neither listed nor publicly
 * verifiable.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    source: smallint('source').$type<CertificateSourceValue>().notNull(),
    /** The grant, offline batch or custom batch. */
    sourceId: uuid('source_id').notNull(),
    /** Its place in its source (1, 2, …; a custom batch's sheet row): the render runner's chunks are ranges of it. */
    rowNumber: integer('row_number').notNull().default(1),
    /** What the user numbers the row by (a custom batch sheet's 序号), '' when the source has none. */
    rowKey: text('row_key').notNull().default(''),
    evaluationId: uuid('evaluation_id'),
    candidateId: uuid('candidate_id'),
    /**
     * The 22-character national number (unique, never reused, never changed), or the number a custom certificate
     * prints (the company's own, not unique).
     */
    certificateNo: text('certificate_no'),
    holderName: text('holder_name').notNull(),
    idType: smallint('id_type').notNull().default(1),
    idNumber: text('id_number').notNull().default(''),
    occupationCode: text('occupation_code'),
    occupationName: text('occupation_name'),
    workType: text('work_type'),
    level: smallint('level'),
    institutionName: text('institution_name'),
    issueDate: date('issue_date', { mode: 'string' }),
    photoFileId: uuid('photo_file_id'),
    /** What the certificate is rendered with (the template's blanks: name → value). */
    values: jsonb('values').$type<BlankValue[]>().notNull().default([]),
    /** Every text value printed (a custom certificate's), for its batch list's search; '' for the others. */
    searchText: text('search_text').notNull().default(''),
    /** 0 待生成, 1 生成成功, 2 生成失败 (ProduceStatus) and, once rendered, the PDF. */
    produceStatus: smallint('produce_status').notNull().default(0),
    failReason: text('fail_reason'),
    fileId: uuid('file_id'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    /** 0 待确认, 1 有效, 2 已撤销, 3 已换发 (CertificateStatus). */
    status: smallint('status').$type<CertificateStatusValue>().notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    revokedBy: uuid('revoked_by'),
    revokedByName: text('revoked_by_name'),
    /** A reissue links both ways: the new certificate `replaces` the old, the old is `replaced_by` the new. */
    replacesId: uuid('replaces_id'),
    replacedById: uuid('replaced_by_id'),
    /** On a reissued certificate: why it was reissued (the old one revoked or damaged). */
    reissueReason: text('reissue_reason'),
    /**
     * 数据上报: the status last reported to the national database (null: never), when, and in which report. A
     * certificate whose status differs from it goes into the next report (national numbers only, never a custom one).
     */
    reportedStatus: smallint('reported_status'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportId: uuid('report_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('certificates_national_no_idx')
      .on(t.certificateNo)
      .where(sql`${t.source} <> ${sql.raw(String(CertificateSource.CUSTOM))}`),
    index('certificates_no_idx').on(t.certificateNo),
    index('certificates_source_idx').on(t.sourceId, t.produceStatus),
    index('certificates_source_row_idx').on(t.sourceId, t.rowNumber),
    index('certificates_company_issue_idx').on(t.companyId, t.status, t.issueDate),
    // The library's order (libraryOrder), so a page reads its rows in order instead of sorting the company's.
    index('certificates_company_order_idx').on(
      t.companyId,
      t.issueDate.desc().nullsFirst(),
      t.certificateNo,
      t.sourceId.desc().nullsFirst(),
      t.rowNumber,
      t.id,
    ),
    index('certificates_company_id_number_idx').on(t.companyId, t.idNumber),
    index('certificates_company_name_idx').on(t.companyId, t.holderName.op('text_pattern_ops')),
    index('certificates_company_occupation_idx').on(t.companyId, t.occupationCode, t.level, t.issueDate),
    // What the next report takes: few rows once the first report is made.
    index('certificates_unreported_idx')
      .on(t.issueDate)
      .where(
        sql`${t.status} <> 0 and ${t.source} <> ${sql.raw(String(CertificateSource.CUSTOM))} and ${t.reportedStatus} is distinct from ${t.status}`,
      ),
    uniqueIndex('certificates_candidate_idx')
      .on(t.candidateId)
      .where(sql`${t.candidateId} is not null and ${t.status} in (0, 1)`),
  ],
);

/**
 * The last serial taken per number prefix (13 characters), year and level. A grant takes its serials by raising
 * `last_serial` in the transaction that creates its certificates: the row lock orders concurrent grants, a rollback
 * gives the serials back, and nothing ever lowers it (a revoked number stays taken).
 */
export const certificateNumberCounters = pgTable(
  'certificate_number_counters',
  {
    prefix: text('prefix').notNull(),
    year: smallint('year').notNull(),
    level: smallint('level').notNull(),
    lastSerial: integer('last_serial').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year, t.level] })],
);

/** What a row of certificate_monthly_counts counts by: its `key` is the level, the occupation code or the province. */
export const CountDimension = { LEVEL: 1, OCCUPATION: 2, PROVINCE: 3 } as const;

/**
 * Certificates per issue month, counted along one dimension each (CountDimension) and by status; drafts (status 0)
 * are not counted. Statement triggers on `certificates` keep it (migration 0031_certificate_monthly_counts, see
 * decisions.md), so the dashboard sums a few hundred rows where the library holds a million. The province is the
 * issuing company's (its region code's first two digits) when the certificate was counted.
 */
export const certificateMonthlyCounts = pgTable(
  'certificate_monthly_counts',
  {
    /** The first day of the month (China time). */
    month: date('month', { mode: 'string' }).notNull(),
    dim: smallint('dim').notNull(),
    /** '' when the certificate has none (a custom certificate without a level, a company without a region). */
    key: text('key').notNull(),
    status: smallint('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.dim, t.key, t.status] })],
);

/**
 * 数据上报: one export to the national skill-certificate database, of one company or of all, for an issue-date
 * period: the certificates whose status changed since they were last reported (decision 42).
 */
export const certificateReports = pgTable(
  'certificate_reports',
  {
    id: idColumn(),
    /** Null: every company. */
    companyId: uuid('company_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Rows by kind (ReportKind): 发证, 换发, 撤销, 注销 (the certificate a reissue replaced). */
    issuedCount: integer('issued_count').notNull().default(0),
    reissuedCount: integer('reissued_count').notNull().default(0),
    revokedCount: integer('revoked_count').notNull().default(0),
    replacedCount: integer('replaced_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('certificate_reports_time_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** What one report holds: each certificate with the kind and status it was reported with. */
export const certificateReportItems = pgTable(
  'certificate_report_items',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => certificateReports.id, { onDelete: 'cascade' }),
    certificateId: uuid('certificate_id').notNull(),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.certificateId] })],
);
