import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/tables.ts';

/**
 * An evaluation plan (评价计划, issue 20): one scope of an approved filing, its methods, dates, site, staff and
 * candidates. States in `@skill-cert/shared/levelEvaluation` (EvaluationStatus). Marks and scores are stored
 * in tenths (integer), so 85.5 stays 85.5.
 */
export const levelEvaluations = pgTable(
  'level_evaluations',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The approved filing whose scope, site and personnel the plan uses (records module's row). */
    recordApplicationId: uuid('record_application_id'),
    /** Filing record number + YYYYMM + 3-digit sequence; given on the first submit. */
    planNo: text('plan_no').unique(),
    name: text('name').notNull().default(''),
    occupationCode: text('occupation_code'),
    occupationName: text('occupation_name'),
    workType: text('work_type'),
    /** 5 五级 … 1 一级. */
    level: smallint('level'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** A site of the filing (record_application_sites.id). */
    siteId: uuid('site_id'),
    publicityDays: smallint('publicity_days').notNull().default(7),
    /** Set when results are approved with publicity days > 0: the plan becomes 已通过 after this instant. */
    publicityEndsAt: timestamp('publicity_ends_at', { withTimezone: true }),
    remark: text('remark'),
    status: smallint('status').notNull().default(0),
    /** The reason of the last rejection (plan) or return (results). */
    rejectReason: text('reject_reason'),
    /** Kept up to date with the candidates, so the list reads no candidate rows. */
    candidateCount: integer('candidate_count').notNull().default(0),
    passCount: integer('pass_count').notNull().default(0),
    /** Who submitted the plan last, and the results last: they may not approve their own (one-admin companies may). */
    submittedBy: uuid('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    resultsSubmittedBy: uuid('results_submitted_by'),
    resultsSubmittedAt: timestamp('results_submitted_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('level_evaluations_company_idx').on(t.companyId, t.status),
    index('level_evaluations_publicity_idx').on(t.status, t.publicityEndsAt),
  ],
);

const evaluationId = () =>
  uuid('evaluation_id')
    .notNull()
    .references(() => levelEvaluations.id, { onDelete: 'cascade' });

/** The plan's methods with full and pass marks (tenths). */
export const levelEvaluationMethods = pgTable(
  'level_evaluation_methods',
  {
    evaluationId: evaluationId(),
    /** 1 理论知识考试, 2 技能操作考核, 3 工作业绩评审, 4 综合评审. */
    method: smallint('method').notNull(),
    fullMarkTenths: integer('full_mark_tenths').notNull(),
    passMarkTenths: integer('pass_mark_tenths').notNull(),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.method] })],
);

/**
 * Examiners (kind 1) and quality supervisors (kind 2) of the plan, copied from the filing's personnel when
 * chosen. `userId` is the account holding 考评员端 with the same phone: the examiner portal lists the plan for it.
 */
export const levelEvaluationStaff = pgTable(
  'level_evaluation_staff',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    /** record_application_personnel.id */
    personId: uuid('person_id').notNull(),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    qualification: text('qualification').notNull().default(''),
    userId: uuid('user_id'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('level_evaluation_staff_evaluation_idx').on(t.evaluationId, t.kind),
    index('level_evaluation_staff_user_idx').on(t.userId),
  ],
);

/** A candidate (考生) of a plan: one ID number once per plan. */
export const levelEvaluationCandidates = pgTable(
  'level_evaluation_candidates',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    /** A member picked from the staff list, else null. */
    userId: uuid('user_id'),
    name: text('name').notNull(),
    /** 1 居民身份证 … 5 (shared IdType). */
    idType: smallint('id_type').notNull().default(1),
    idNumber: text('id_number').notNull(),
    /** 1 男, 2 女. */
    gender: smallint('gender'),
    birthday: date('birthday', { mode: 'string' }),
    phone: text('phone'),
    education: text('education'),
    workUnit: text('work_unit'),
    post: text('post'),
    workYears: real('work_years'),
    qualification: text('qualification'),
    /** 1 新考, 2 补考. */
    candidateType: smallint('candidate_type').notNull().default(1),
    photoFileId: uuid('photo_file_id'),
    /** 1 合格 … 5 违规 (shared CandidateResult); null until every method has a score or a mark. */
    result: smallint('result'),
    /** Sheet or insertion order. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('level_evaluation_candidates_id_number_idx').on(t.evaluationId, t.idNumber),
    index('level_evaluation_candidates_order_idx').on(t.evaluationId, t.sort),
  ],
);

/** A candidate's score in one method: a score in tenths, or a mark (1 缺考, 2 违纪, 3 违规). */
export const levelEvaluationScores = pgTable(
  'level_evaluation_scores',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => levelEvaluationCandidates.id, { onDelete: 'cascade' }),
    // The candidate's plan, copied for the plan's statistics; no foreign key of its own: the candidate's key already
    // ties the score to the plan (and removes it with the plan), and a second per-row check cost about 15% of a
    // score page's database time (docs/decisions.md, "Score pages").
    evaluationId: uuid('evaluation_id').notNull(),
    method: smallint('method').notNull(),
    scoreTenths: integer('score_tenths'),
    mark: smallint('mark'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.method] }),
    index('level_evaluation_scores_evaluation_idx').on(t.evaluationId, t.method),
  ],
);

/** A score change asked for in 公示中, with its reason; an administrator approves or rejects it. */
export const levelEvaluationScoreChanges = pgTable(
  'level_evaluation_score_changes',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => levelEvaluationCandidates.id, { onDelete: 'cascade' }),
    method: smallint('method').notNull(),
    beforeTenths: integer('before_tenths'),
    beforeMark: smallint('before_mark'),
    afterTenths: integer('after_tenths'),
    afterMark: smallint('after_mark'),
    reason: text('reason').notNull(),
    /** 0 待审批, 1 已通过, 2 已驳回. */
    status: smallint('status').notNull().default(0),
    requestedBy: uuid('requested_by'),
    requestedByName: text('requested_by_name').notNull(),
    decidedBy: uuid('decided_by'),
    decidedByName: text('decided_by_name'),
    decideNote: text('decide_note'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('level_evaluation_score_changes_evaluation_idx').on(t.evaluationId, t.status)],
);

/** Every step of a plan: who did what when, with a note (a reason, or "单一管理员自行审批"). */
export const levelEvaluationLogs = pgTable(
  'level_evaluation_logs',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('level_evaluation_logs_evaluation_idx').on(t.evaluationId, t.createdAt)],
);
