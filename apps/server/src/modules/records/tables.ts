import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/tables.ts';

/** A company's record application (备案申请): what it may evaluate; the platform reviews it. */
export const recordApplications = pgTable(
  'record_applications',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'BA' + date + 6 characters: what people quote on the phone. */
    recordNo: text('record_no').notNull().unique(),
    /** 1 用人单位 (an enterprise), 2 社会培训评价组织 (an institution): the filing company's type when created. */
    kind: smallint('kind').notNull().default(1),
    /** 0 草稿, 1 待审核, 2 已通过, 3 已驳回. */
    status: smallint('status').notNull().default(0),
    /** 1 国家职业标准, 2 企业评价规范 (then basis_file_id). */
    evaluationBasis: smallint('evaluation_basis'),
    basisFileId: uuid('basis_file_id'),
    attachmentIds: uuid('attachment_ids').array().notNull().default([]),
    remark: text('remark'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('record_applications_company_idx').on(t.companyId, t.status)],
);

const applicationId = () =>
  uuid('application_id')
    .notNull()
    .references(() => recordApplications.id, { onDelete: 'cascade' });

/** Scope rows: an occupation of the catalogue, its 工种 (optional) and levels (5..1). */
export const recordScopes = pgTable(
  'record_application_scopes',
  {
    id: idColumn(),
    applicationId: applicationId(),
    occupationCode: text('occupation_code').notNull(),
    occupationName: text('occupation_name').notNull(),
    workType: text('work_type'),
    levels: smallint('levels').array().notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('record_scopes_application_idx').on(t.applicationId),
    index('record_scopes_occupation_idx').on(t.occupationCode),
  ],
);

/** Evaluation sites: name, county-level region code, address. */
export const recordSites = pgTable(
  'record_application_sites',
  {
    id: idColumn(),
    applicationId: applicationId(),
    name: text('name').notNull(),
    regionCode: text('region_code').notNull(),
    address: text('address').notNull(),
    /** 考核站点代码: 6 digits, assigned when the platform approves the application (certificate numbers). */
    siteCode: text('site_code'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('record_sites_application_idx').on(t.applicationId),
    uniqueIndex('record_sites_code_idx').on(t.applicationId, t.siteCode),
  ],
);

/** Examiners (kind 1 考评员) and quality supervisors (kind 2 质量督导员). */
export const recordPersonnel = pgTable(
  'record_application_personnel',
  {
    id: idColumn(),
    applicationId: applicationId(),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull(),
    phone: text('phone').notNull(),
    qualification: text('qualification').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('record_personnel_application_idx').on(t.applicationId, t.kind)],
);

/** Every step of an application: who did what when, with a note (the reason of a rejection). */
export const recordLogs = pgTable(
  'record_application_logs',
  {
    id: idColumn(),
    applicationId: applicationId(),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    /** The name at the time, so the timeline stays readable if the account changes. */
    userName: text('user_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('record_logs_application_idx').on(t.applicationId, t.createdAt)],
);
