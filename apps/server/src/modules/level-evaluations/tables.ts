import {
  boolean,
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
import { users } from '../users/tables.ts';

/**
 * An evaluation plan (评价计划): one scope of an approved filing, its methods, dates, site, staff and
 * candidates. States in `@skill-cert/shared/level-evaluations` (EvaluationStatus). Marks and scores are stored
 * in tenths (integer), so 85.5 stays 85.5.
 */
export const levelEvaluations = pgTable(
  'level_evaluations',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1 an enterprise's evaluation plan, 2 an institution's test plan (PlanOwner): who the candidates are. */
    ownerKind: smallint('owner_kind').notNull().default(1),
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
    /** A test plan's registration window (days, China time). */
    registrationStartDate: date('registration_start_date', { mode: 'string' }),
    registrationEndDate: date('registration_end_date', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
    /** The last seating: 1 顺序, 2 按工作单位打乱, and when. */
    seatingMode: smallint('seating_mode'),
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    /** The exam year and the plan's serial among the company's plans of that year: the ticket numbers' middle. */
    ticketYear: smallint('ticket_year'),
    ticketPlanSerial: smallint('ticket_plan_serial'),
    /** Admission tickets (TicketStatus): 0 未生成, 1 生成中, 2 已生成, 9 失败; the run under way, its progress. */
    ticketsStatus: smallint('tickets_status').notNull().default(0),
    ticketsRun: uuid('tickets_run'),
    ticketsRoomsDone: integer('tickets_rooms_done').notNull().default(0),
    ticketsRoomsTotal: integer('tickets_rooms_total').notNull().default(0),
    ticketsRequestedBy: uuid('tickets_requested_by'),
    ticketsRequestedByName: text('tickets_requested_by_name'),
    ticketsStartedAt: timestamp('tickets_started_at', { withTimezone: true }),
    ticketsFinishedAt: timestamp('tickets_finished_at', { withTimezone: true }),
    ticketsFailReason: text('tickets_fail_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('level_evaluations_company_idx').on(t.companyId, t.status),
    // The plan list's order (newest first, then id) read backwards.
    index('level_evaluations_company_order_idx').on(t.companyId, t.createdAt, t.id),
    index('level_evaluations_publicity_idx').on(t.status, t.publicityEndsAt),
    uniqueIndex('level_evaluations_ticket_serial_idx').on(t.companyId, t.ticketYear, t.ticketPlanSerial),
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
    /**
     * The registration's review (ExamineeStatus): 0 待审核, 1 已通过, 2 已驳回. An enterprise's candidates are its staff,
     * approved as added (1); an institution's examinees start 待审核.
     */
    registrationStatus: smallint('registration_status').notNull().default(1),
    reviewReason: text('review_reason'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** 准考证号 (formatTicketNo), fixed at the first seating. */
    ticketNo: text('ticket_no'),
    /** Sheet or insertion order. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('level_evaluation_candidates_id_number_idx').on(t.evaluationId, t.idNumber),
    index('level_evaluation_candidates_order_idx').on(t.evaluationId, t.sort),
    uniqueIndex('level_evaluation_candidates_ticket_no_idx').on(t.ticketNo),
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
    // score page's database time (docs/decisions.md, record 21).
    evaluationId: uuid('evaluation_id').notNull(),
    method: smallint('method').notNull(),
    scoreTenths: integer('score_tenths'),
    mark: smallint('mark'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
    /** Handed over by examiners' submitted tasks (the owner can no longer type over it): who marked it, and when. */
    fromTask: boolean('from_task').notNull().default(false),
    markedByName: text('marked_by_name'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
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

/** A session (场次) of a plan: one method, a start and an end. `code` (1…99) numbers it in tickets, kept once given. */
export const levelEvaluationSessions = pgTable(
  'level_evaluation_sessions',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    code: smallint('code').notNull(),
    method: smallint('method').notNull(),
    name: text('name'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('level_evaluation_sessions_code_idx').on(t.evaluationId, t.code)],
);

/**
 * A room (考场) of a session: type (RoomType), seats, address, invigilators and examiners by name. `code` (1…999) numbers
 * it in its session's tickets. `ticketFileId`: its tickets' PDF of the last render run.
 */
export const levelEvaluationRooms = pgTable(
  'level_evaluation_rooms',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => levelEvaluationSessions.id, { onDelete: 'cascade' }),
    code: smallint('code').notNull(),
    name: text('name').notNull(),
    roomType: smallint('room_type').notNull(),
    seats: smallint('seats').notNull(),
    address: text('address').notNull(),
    invigilators: text('invigilators').array().notNull().default([]),
    examiners: text('examiners').array().notNull().default([]),
    ticketFileId: uuid('ticket_file_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('level_evaluation_rooms_code_idx').on(t.sessionId, t.code),
    index('level_evaluation_rooms_evaluation_idx').on(t.evaluationId),
  ],
);

/** Where a candidate sits in one session: a room and a seat, one candidate a seat. */
export const levelEvaluationSeats = pgTable(
  'level_evaluation_seats',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => levelEvaluationCandidates.id, { onDelete: 'cascade' }),
    evaluationId: uuid('evaluation_id').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => levelEvaluationSessions.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => levelEvaluationRooms.id, { onDelete: 'cascade' }),
    seatNo: smallint('seat_no').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.sessionId] }),
    uniqueIndex('level_evaluation_seats_room_seat_idx').on(t.roomId, t.seatNo),
    index('level_evaluation_seats_evaluation_idx').on(t.evaluationId),
  ],
);

/**
 * An examinee import (a test plan's sheet read by a background job): what it imported and failed, its error workbook.
 * Written with the examinees in one transaction, so a job run again after a crash finds it done.
 */
export const levelEvaluationImports = pgTable(
  'level_evaluation_imports',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    fileId: uuid('file_id').notNull(),
    /** 0 导入中, 1 已完成, 9 失败. */
    status: smallint('status').notNull().default(0),
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errorFileId: uuid('error_file_id'),
    failReason: text('fail_reason'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('level_evaluation_imports_evaluation_idx').on(t.evaluationId)],
);

/**
 * How a method is marked: double marking (markers 2) with its tolerance (最大差值, tenths) and the rounding of a mean
 * (MarkingRounding), and the group leader (组长) who decides past the third marker. No row: single marking.
 */
export const levelEvaluationMarking = pgTable(
  'level_evaluation_marking',
  {
    evaluationId: evaluationId(),
    method: smallint('method').notNull(),
    markers: smallint('markers').notNull().default(1),
    toleranceTenths: integer('tolerance_tenths'),
    rounding: smallint('rounding').notNull().default(1),
    /** A staff row (person) of the plan's examiners, and their account. */
    leaderPersonId: uuid('leader_person_id'),
    leaderUserId: uuid('leader_user_id'),
    leaderName: text('leader_name'),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.method] })],
);

/** A method split into items (题目 / 考核项目), their maxima adding up to its full mark. None: one item, the method. */
export const levelEvaluationItems = pgTable(
  'level_evaluation_items',
  {
    evaluationId: evaluationId(),
    method: smallint('method').notNull(),
    itemNo: smallint('item_no').notNull(),
    name: text('name').notNull(),
    maxTenths: integer('max_tenths').notNull(),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.method, t.itemNo] })],
);

/**
 * An examiner's task (考评任务): one examiner of the plan, one method, one marking round (MarkingRound), optionally one
 * room. Status (ExamTaskStatus) 0 待开始, 1 进行中, 2 已提交, 3 已退回; 已完成 is 已提交 read once the plan's results moved on.
 */
export const levelEvaluationTasks = pgTable(
  'level_evaluation_tasks',
  {
    id: idColumn(),
    evaluationId: evaluationId(),
    method: smallint('method').notNull(),
    round: smallint('round').notNull().default(1),
    roomId: uuid('room_id').references(() => levelEvaluationRooms.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').notNull(),
    examinerUserId: uuid('examiner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examinerName: text('examiner_name').notNull(),
    examinerPhone: text('examiner_phone').notNull(),
    deadline: date('deadline', { mode: 'string' }),
    status: smallint('status').notNull().default(0),
    returnReason: text('return_reason'),
    assignedBy: uuid('assigned_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('level_evaluation_tasks_examiner_idx').on(t.examinerUserId, t.createdAt, t.id),
    index('level_evaluation_tasks_evaluation_idx').on(t.evaluationId, t.method, t.round),
  ],
);

/**
 * An examinee of a task (a card), known to the examiner only by its masked code (密号). One card per examinee, method
 * and round. `submittedAt`: its total handed to the plan (cleared when returned, with the reason). `filled`: how many
 * of its item scores are not empty, kept by whoever writes them, so a task's progress is counted without its scores.
 */
export const levelEvaluationTaskCards = pgTable(
  'level_evaluation_task_cards',
  {
    id: idColumn(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => levelEvaluationTasks.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => levelEvaluationCandidates.id, { onDelete: 'cascade' }),
    evaluationId: uuid('evaluation_id').notNull(),
    method: smallint('method').notNull(),
    round: smallint('round').notNull(),
    maskedCode: text('masked_code').notNull(),
    filled: smallint('filled').notNull().default(0),
    returnReason: text('return_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('level_evaluation_task_cards_round_idx').on(t.evaluationId, t.method, t.round, t.candidateId),
    uniqueIndex('level_evaluation_task_cards_code_idx').on(t.taskId, t.maskedCode),
  ],
);

/** One item's score on a card (tenths, steps of 5) with a remark; `version` refuses a save from a stale page. */
export const levelEvaluationItemScores = pgTable(
  'level_evaluation_item_scores',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => levelEvaluationTaskCards.id, { onDelete: 'cascade' }),
    itemNo: smallint('item_no').notNull(),
    scoreTenths: integer('score_tenths'),
    remark: text('remark'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.itemNo] })],
);

/** An examiner's qualification (考评员资格): occupation, level range (5 … 1), certificate number, valid until. */
export const examinerQualifications = pgTable(
  'examiner_qualifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occupationCode: text('occupation_code').notNull(),
    occupationName: text('occupation_name').notNull(),
    levelLow: smallint('level_low').notNull(),
    levelHigh: smallint('level_high').notNull(),
    certificateNo: text('certificate_no').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('examiner_qualifications_user_idx').on(t.userId)],
);
