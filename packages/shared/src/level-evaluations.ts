import { z } from 'zod';
import { phone } from './auth.ts';
import { dateParam, dateText, keywordParam, optionalParam, timelineItem } from './fields.ts';
import { parseIdCard } from './id-card.ts';
import { OCCUPATION_CODE, occupationRequiresComprehensive, skillLevelCode } from './occupations.ts';
import { paged } from './pagination.ts';
import { isBlank } from './query.ts';
import { draftField, optionalText, recordFile, requiredText } from './records.ts';

/**
 * Level evaluation (等级评价, DOMAIN.md Enterprise 4): a company evaluates its own staff inside what
 * an approved record application (备案) allows. A plan names one scope (occupation, 工种, level), its methods
 * with full and pass marks, dates, a filed site, examiners and quality supervisors of the filing, candidates
 * and a publicity period; its company administrator approves the plan and then its results.
 */

// ---------------------------------------------------------------------------------------------- states

/**
 * One plan model, two owners (DOMAIN.md "Institution"). An enterprise's evaluation plan (评价计划):
 * 0 草稿 →submit 1 待审批 →approve 2 进行中 | →reject 9 已驳回 →edit, resubmit 1;
 * 2 →submitResults 3 成绩待审核 →return 2 | →approve 4 公示中 (5 已通过 at once with 0 publicity days)
 * →period over 5 已通过 →granted 6 已发证 →archived 7 已归档.
 * An institution's test plan (考试计划): 0 草稿 →publish 10 报名中 →seat 11 已编排 →startExam 12 考试中 →endExam
 * 13 阅卷中 →submitResults 3 成绩待审核 →return 13 | →approve 4 公示中 → 5 已通过 → 6 已发证 → 7 已归档; 10..13 →cancel
 * 8 已取消.
 */
export const EvaluationStatus = {
  DRAFT: 0,
  PENDING: 1,
  IN_PROGRESS: 2,
  RESULTS_PENDING: 3,
  PUBLICITY: 4,
  PASSED: 5,
  GRANTED: 6,
  ARCHIVED: 7,
  CANCELLED: 8,
  REJECTED: 9,
  REGISTERING: 10,
  SEATED: 11,
  EXAMINING: 12,
  MARKING: 13,
} as const;
export type EvaluationStatusValue = (typeof EvaluationStatus)[keyof typeof EvaluationStatus];
export const EVALUATION_STATUSES = Object.values(EvaluationStatus) as [
  EvaluationStatusValue,
  ...EvaluationStatusValue[],
];
/** The states an enterprise's plan passes through, in order (its list's status filter). */
export const ENTERPRISE_STATUSES = [
  0, 1, 2, 3, 4, 5, 6, 7, 9,
] as const satisfies readonly EvaluationStatusValue[];
/** The states an institution's test plan passes through, in order (dictionary `test_plan_status`). */
export const TEST_PLAN_STATUSES = [
  0, 10, 11, 12, 13, 3, 4, 5, 6, 7, 8,
] as const satisfies readonly EvaluationStatusValue[];
export const evaluationStatusText: Record<EvaluationStatusValue, string> = {
  0: '草稿',
  1: '待审批',
  2: '进行中',
  3: '成绩待审核',
  4: '公示中',
  5: '已通过',
  6: '已发证',
  7: '已归档',
  8: '已取消',
  9: '已驳回',
  10: '报名中',
  11: '已编排',
  12: '考试中',
  13: '阅卷中',
};
/** Tag colours of the status (antd preset names). */
export const evaluationStatusColor: Record<EvaluationStatusValue, string> = {
  0: 'default',
  1: 'orange',
  2: 'processing',
  3: 'gold',
  4: 'cyan',
  5: 'success',
  6: 'green',
  7: 'purple',
  8: 'magenta',
  9: 'error',
  10: 'blue',
  11: 'geekblue',
  12: 'processing',
  13: 'volcano',
};
/** Who owns a plan: 1 an enterprise (评价计划, its staff), 2 an institution (考试计划, examinees from outside). */
export const PlanOwner = { ENTERPRISE: 1, INSTITUTION: 2 } as const;
export type PlanOwnerValue = (typeof PlanOwner)[keyof typeof PlanOwner];
/** The plan itself (basics, methods, staff) can change in 草稿 and 已驳回 only. */
export const isPlanEditable = (status: number): boolean =>
  status === EvaluationStatus.DRAFT || status === EvaluationStatus.REJECTED;
/**
 * Candidates can be added, changed, removed while the plan is 草稿, 已驳回 or 进行中 (an enterprise's); an institution's
 * examinees in 草稿 and 报名中.
 */
export const areCandidatesEditable = (status: number): boolean =>
  isPlanEditable(status) ||
  status === EvaluationStatus.IN_PROGRESS ||
  status === EvaluationStatus.REGISTERING;
/**
 * Scores are entered directly in 进行中 (enterprise) or 阅卷中 (institution) only; in 公示中 through an approved change
 * request; locked from 已通过.
 */
export const areScoresEditable = (status: number): boolean =>
  status === EvaluationStatus.IN_PROGRESS || status === EvaluationStatus.MARKING;
/** A test plan may be cancelled (已取消) from 报名中 until its results are submitted. */
export const isCancellable = (status: number): boolean =>
  status === EvaluationStatus.REGISTERING ||
  status === EvaluationStatus.SEATED ||
  status === EvaluationStatus.EXAMINING ||
  status === EvaluationStatus.MARKING;

/** Steps of the timeline (every transition and every score change request). */
export const EvaluationAction = {
  CREATE: 'create',
  SUBMIT: 'submit',
  RESUBMIT: 'resubmit',
  APPROVE: 'approve',
  REJECT: 'reject',
  SUBMIT_RESULTS: 'submitResults',
  RETURN_RESULTS: 'returnResults',
  APPROVE_RESULTS: 'approveResults',
  PUBLICITY_OVER: 'publicityOver',
  REQUEST_CHANGE: 'requestChange',
  APPROVE_CHANGE: 'approveChange',
  REJECT_CHANGE: 'rejectChange',
  /** The plan's certificates confirmed (确认发证): 已发证. */
  GRANT: 'grant',
  /** The plan's archive sealed (归档): 已归档. */
  ARCHIVE: 'archive',
  /** A test plan opens for registration (草稿 → 报名中). */
  PUBLISH: 'publish',
  /** Examinees seated for the first time (报名中 → 已编排): their admission-ticket numbers are fixed. */
  SEAT: 'seat',
  /** Seated again in 已编排 (ticket numbers kept). */
  RESEAT: 'reseat',
  START_EXAM: 'startExam',
  END_EXAM: 'endExam',
  /** A test plan cancelled (已取消), with its reason. */
  CANCEL: 'cancel',
  /** An examiner's task submitted, returned, or an examinee's identity revealed to its examiner. */
  SUBMIT_TASK: 'submitTask',
  RETURN_TASK: 'returnTask',
  REVEAL_IDENTITY: 'revealIdentity',
} as const;
export type EvaluationActionValue = (typeof EvaluationAction)[keyof typeof EvaluationAction];
export const evaluationActionText: Record<EvaluationActionValue, string> = {
  create: '创建评价计划',
  submit: '提交审批',
  resubmit: '重新提交审批',
  approve: '审批通过',
  reject: '审批驳回',
  submitResults: '提交成绩审核',
  returnResults: '成绩退回',
  approveResults: '成绩审核通过',
  publicityOver: '公示期满，评价通过',
  requestChange: '申请修改成绩',
  approveChange: '同意修改成绩',
  rejectChange: '驳回成绩修改',
  grant: '确认发证',
  archive: '归档',
  publish: '发布报名',
  seat: '编排考场',
  reseat: '重新编排考场',
  startExam: '开始考试',
  endExam: '考试结束，开始阅卷',
  cancel: '取消考试计划',
  submitTask: '考评员提交评分',
  returnTask: '退回考评任务',
  revealIdentity: '考评员查看考生身份',
};

// --------------------------------------------------------------------------------------------- methods

/** 1 理论知识考试, 2 技能操作考核, 3 工作业绩评审, 4 综合评审. */
export const EvaluationMethod = { THEORY: 1, PRACTICAL: 2, PERFORMANCE: 3, COMPREHENSIVE: 4 } as const;
export type EvaluationMethodValue = (typeof EvaluationMethod)[keyof typeof EvaluationMethod];
export const evaluationMethodCode = z.literal([1, 2, 3, 4], { error: '评价方式不正确' });
export const evaluationMethodText: Record<EvaluationMethodValue, string> = {
  1: '理论知识考试',
  2: '技能操作考核',
  3: '工作业绩评审',
  4: '综合评审',
};
export const DEFAULT_FULL_MARK = 100;
export const DEFAULT_PASS_MARK = 60;
export const DEFAULT_PUBLICITY_DAYS = 7;
export const MAX_PUBLICITY_DAYS = 30;
/** Levels 2 (技师) and 1 (高级技师) require 综合评审. */
export const levelRequiresComprehensive = (level: number): boolean => level === 1 || level === 2;

/** A score: 0 ≤ score ≤ full mark, at most one decimal. */
export const hasOneDecimal = (n: number): boolean => Math.abs(Math.round(n * 10) - n * 10) < 1e-9;

export const evaluationMethodInput = z
  .object({
    method: evaluationMethodCode,
    full_mark: z
      .number({ error: '满分应为数字' })
      .positive('满分应大于0')
      .max(1000, '满分不能超过1000')
      .refine(hasOneDecimal, '满分最多一位小数')
      .default(DEFAULT_FULL_MARK),
    pass_mark: z
      .number({ error: '合格分应为数字' })
      .min(0, '合格分不能小于0')
      .refine(hasOneDecimal, '合格分最多一位小数')
      .default(DEFAULT_PASS_MARK),
  })
  .refine((m) => m.pass_mark <= m.full_mark, { message: '合格分不能高于满分', path: ['pass_mark'] });
export type EvaluationMethodInput = z.infer<typeof evaluationMethodInput>;

// ------------------------------------------------------------------------------------------------ plan

const uuidOf = (message: string) => z.string({ error: message }).uuid(message);

/** Field rules, used one by one by the step form too. */
export const evaluationFields = {
  name: requiredText('评价名称', 100),
  recordApplicationId: uuidOf('请选择备案'),
  occupationCode: z
    .string({ error: '请选择评价职业' })
    .trim()
    .min(1, '请选择评价职业')
    .regex(OCCUPATION_CODE, '评价职业不正确'),
  workType: optionalText('工种', 50),
  level: z.number({ error: '请选择评价等级' }).pipe(skillLevelCode),
  startDate: dateText('开始日期'),
  endDate: dateText('结束日期'),
  siteId: uuidOf('请选择考核场地'),
  personIds: (label: string) =>
    z
      .array(uuidOf(`${label}不存在，请重新选择`), { error: `${label}格式不正确` })
      .max(100, `${label}最多100名`)
      .transform((ids) => [...new Set(ids)]),
  publicityDays: z
    .number({ error: '公示天数应为整数' })
    .int('公示天数应为整数')
    .min(0, '公示天数不能小于0')
    .max(MAX_PUBLICITY_DAYS, `公示天数不能超过${MAX_PUBLICITY_DAYS}天`),
  methods: z
    .array(evaluationMethodInput, { error: '评价方式格式不正确' })
    .max(4, '评价方式最多4种')
    .superRefine((methods, ctx) => {
      const seen = new Set<number>();
      for (const m of methods) {
        if (seen.has(m.method)) {
          ctx.addIssue({ code: 'custom', message: `评价方式重复：${evaluationMethodText[m.method]}` });
          return;
        }
        seen.add(m.method);
      }
    }),
};

/**
 * `POST /api/levelEvaluations` and `PATCH /api/levelEvaluations/{id}`: a draft saves whatever is filled in
 * (blank fields are null); what is filled in has its format. `submit: true` also submits for approval, and
 * then `evaluationSubmitProblem` says what is still missing.
 */
const levelEvaluationShape = {
  name: draftField(evaluationFields.name, ''),
  record_application_id: draftField(evaluationFields.recordApplicationId.nullable(), null),
  occupation_code: draftField(evaluationFields.occupationCode.nullable(), null),
  work_type: evaluationFields.workType,
  level: draftField(evaluationFields.level.nullable(), null),
  methods: draftField(evaluationFields.methods, []),
  start_date: draftField(evaluationFields.startDate.nullable(), null),
  end_date: draftField(evaluationFields.endDate.nullable(), null),
  site_id: draftField(evaluationFields.siteId.nullable(), null),
  examiner_ids: draftField(evaluationFields.personIds('考评员'), []),
  supervisor_ids: draftField(evaluationFields.personIds('质量督导员'), []),
  publicity_days: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return DEFAULT_PUBLICITY_DAYS;
      const parsed = evaluationFields.publicityDays.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '公示天数不正确' });
      return z.NEVER;
    }),
  remark: optionalText('备注', 500),
  submit: z.boolean({ error: 'submit 只能是 true 或 false' }).default(false),
};

const datesInOrder = (
  b: { start_date: string | null; end_date: string | null },
  ctx: z.RefinementCtx,
): void => {
  if (b.start_date && b.end_date && b.end_date < b.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: '结束日期不能早于开始日期' });
};

export const levelEvaluationBody = z.object(levelEvaluationShape).superRefine(datesInOrder);
export type LevelEvaluationBody = z.infer<typeof levelEvaluationBody>;

/**
 * What a draft may lack but a submitted plan must have, in the step form's order; null when complete.
 * The server adds what only it can check (the scope inside an approved filing, site and people of that filing,
 * at least one candidate). `occupation`: the plan's occupation in the catalogue, whose flag says whether levels 2
 * and 1 need 综合评审 (without it, they do).
 */
export function evaluationSubmitProblem(
  b: {
    name: string;
    record_application_id: string | null;
    occupation_code: string | null;
    level: number | null;
    methods: readonly { method: number }[];
    start_date: string | null;
    end_date: string | null;
    site_id: string | null;
    examiner_ids: readonly string[];
    supervisor_ids: readonly string[];
  },
  occupation?: { comprehensive_review: boolean },
): string | null {
  if (!b.name) return '请输入评价名称';
  if (!b.record_application_id || !b.occupation_code) return '请选择评价职业';
  if (!b.level) return '请选择评价等级';
  if (b.methods.length === 0) return '请至少选择一种评价方式';
  if (
    occupationRequiresComprehensive(occupation, b.level) &&
    !b.methods.some((m) => m.method === EvaluationMethod.COMPREHENSIVE)
  )
    return '二级、一级的评价须包含综合评审';
  if (!b.start_date) return '请选择开始日期';
  if (!b.end_date) return '请选择结束日期';
  if (!b.site_id) return '请选择考核场地';
  if (b.examiner_ids.length === 0) return '请至少选择一名考评员';
  if (b.supervisor_ids.length === 0) return '请至少选择一名质量督导员';
  return null;
}

const statusFilter = optionalParam(
  z.coerce.number({ error: '状态不正确' }).pipe(z.literal(EVALUATION_STATUSES, { error: '状态不正确' })),
);
const levelFilter = optionalParam(z.coerce.number({ error: '评价等级不正确' }).pipe(skillLevelCode));

/** `GET /api/levelEvaluations`: keyword on name or plan number; dates overlap [start_date, end_date]. */
export const levelEvaluationListQuery = z.object({
  keyword: keywordParam,
  status: statusFilter,
  occupation_code: z.string().trim().max(20).optional(),
  level: levelFilter,
  start_date: dateParam('开始日期'),
  end_date: dateParam('结束日期'),
});

/** `POST /api/levelEvaluations/{id}/review`: approve a plan or results; reject a plan; return results. */
export const evaluationReviewBody = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      action: z.enum(['approve', 'reject', 'return'], { error: '审批操作只能是通过、驳回或退回' }),
      reason: optionalText('审批意见', 500),
    })
    .superRefine((b, ctx) => {
      if (b.action !== 'approve' && !b.reason)
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: b.action === 'reject' ? '请输入驳回原因' : '请输入退回原因',
        });
    }),
);
export type EvaluationReviewBody = z.infer<typeof evaluationReviewBody>;

export const evaluationMethodRow = z.object({
  method: evaluationMethodCode,
  method_text: z.string(),
  full_mark: z.number(),
  pass_mark: z.number(),
});
export type EvaluationMethodRow = z.infer<typeof evaluationMethodRow>;

export const evaluationPerson = z.object({
  /** The filing's personnel row. */
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  qualification: z.string(),
});

export const evaluationTimelineItem = timelineItem(
  Object.values(EvaluationAction) as [EvaluationActionValue, ...EvaluationActionValue[]],
);
export type EvaluationTimelineItem = z.infer<typeof evaluationTimelineItem>;

/** A row of `/evaluation-list` and of `/evaluation-approve`. */
export const levelEvaluationRow = z.object({
  _id: z.string(),
  /** Filing record number + YYYYMM + 3-digit sequence; null until first submitted. */
  plan_no: z.string().nullable(),
  name: z.string(),
  record_application_id: z.string().nullable(),
  occupation_code: z.string().nullable(),
  occupation_name: z.string().nullable(),
  work_type: z.string().nullable(),
  level: skillLevelCode.nullable(),
  level_name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.literal(EVALUATION_STATUSES),
  status_text: z.string(),
  candidate_count: z.number(),
  /** Candidates whose result is 合格. */
  pass_count: z.number(),
  /** Last day of publicity (公示中), else null. */
  publicity_end_str: z.string().nullable(),
  create_user_name: z.string(),
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type LevelEvaluationRow = z.infer<typeof levelEvaluationRow>;

/** What the caller may do now; the screens show actions by these, the server checks them again. */
export const evaluationAbilities = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_submit: z.boolean(),
  /** Approve or reject the plan (待审批), approve or return the results (成绩待审核). */
  can_review: z.boolean(),
  can_edit_candidates: z.boolean(),
  can_edit_scores: z.boolean(),
  can_submit_results: z.boolean(),
  /** 公示中: ask for a score change. */
  can_request_change: z.boolean(),
  /** Decide score change requests (a company administrator, not the requester). */
  can_review_changes: z.boolean(),
});
export type EvaluationAbilities = z.infer<typeof evaluationAbilities>;

/** Admission tickets (准考证) of a plan: 0 未生成, 1 生成中, 2 已生成, 9 生成失败. */
export const TicketStatus = { NONE: 0, RENDERING: 1, DONE: 2, FAILED: 9 } as const;
export const ticketStatusText: Record<number, string> = {
  0: '未生成',
  1: '生成中',
  2: '已生成',
  9: '生成失败',
};
export const ticketJob = z.object({
  status: z.literal([0, 1, 2, 9]),
  status_text: z.string(),
  /** Rooms whose PDF is rendered, of the rooms with seated examinees. */
  rooms_done: z.number(),
  rooms_total: z.number(),
  request_user_name: z.string().nullable(),
  start_time_str: z.string().nullable(),
  finish_time_str: z.string().nullable(),
  fail_reason: z.string().nullable(),
});
export type TicketJob = z.infer<typeof ticketJob>;

/** A plan's exam logistics as its detail shows them: a test plan's, and an enterprise plan's that seats its staff. */
export const planLogistics = z.object({
  /** Candidates (考生) by their registration's review: 待审核, 已通过, 已驳回; and the approved ones seated. An enterprise's are all 已通过. */
  examinee_counts: z.object({
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
    seated: z.number(),
  }),
  session_count: z.number(),
  room_count: z.number(),
  seat_total: z.number(),
  seating_mode: z.literal([1, 2]).nullable(),
  seated_time_str: z.string().nullable(),
  tickets: ticketJob,
});
export type PlanLogistics = z.infer<typeof planLogistics>;

/** What the caller may do with a plan's sessions, rooms, seating and tickets now. */
export const logisticsAbilities = z.object({
  /** Sessions and rooms. */
  can_edit_sessions: z.boolean(),
  can_seat: z.boolean(),
  can_render_tickets: z.boolean(),
});

export const levelEvaluationDetail = levelEvaluationRow.extend({
  record_no: z.string().nullable(),
  methods: z.array(evaluationMethodRow),
  site: z
    .object({ _id: z.string(), name: z.string(), address: z.string(), region_names: z.array(z.string()) })
    .nullable(),
  examiners: z.array(evaluationPerson),
  supervisors: z.array(evaluationPerson),
  publicity_days: z.number(),
  remark: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** Counts by result (合格 … 违规) and not yet complete. */
  result_counts: z.object({
    pass: z.number(),
    fail: z.number(),
    absent: z.number(),
    discipline: z.number(),
    violation: z.number(),
    pending: z.number(),
  }),
  /** Score change requests waiting for a decision. */
  pending_change_count: z.number(),
  ...planLogistics.shape,
  abilities: evaluationAbilities.extend(logisticsAbilities.shape),
  /** Oldest first. */
  timeline: z.array(evaluationTimelineItem),
});
export type LevelEvaluationDetail = z.infer<typeof levelEvaluationDetail>;

/**
 * `GET /api/levelEvaluations/options`: what a plan may choose, from the company's approved filings: their
 * scope rows (one level each), sites, examiners and supervisors.
 */
export const evaluationOptions = z.object({
  filings: z.array(
    z.object({
      _id: z.string(),
      record_no: z.string(),
      scopes: z.array(
        z.object({
          occupation_code: z.string(),
          occupation_name: z.string(),
          work_type: z.string().nullable(),
          levels: z.array(skillLevelCode),
          /** false: 停用 in 职业目录 since the filing: not offered for a new plan (one that holds it keeps it). */
          enabled: z.boolean(),
          /** Whether levels 2 and 1 of the occupation need 综合评审 (职业目录; the national rule: yes). */
          comprehensive_review: z.boolean(),
        }),
      ),
      sites: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          address: z.string(),
          region_names: z.array(z.string()),
        }),
      ),
      examiners: z.array(evaluationPerson),
      supervisors: z.array(evaluationPerson),
    }),
  ),
});
export type EvaluationOptions = z.infer<typeof evaluationOptions>;

/** `GET /api/evaluationApprovals`: what waits for the caller; counts for the tab titles. */
export const evaluationApprovalQuery = z.object({
  /** plan: 待审批; results: 成绩待审核; changes: plans with score change requests waiting. */
  type: z
    .enum(['plan', 'results', 'changes'], { error: '类型只能是 plan、results 或 changes' })
    .default('plan'),
  keyword: keywordParam,
});
export const evaluationApprovalCounts = z.object({
  plan: z.number(),
  results: z.number(),
  changes: z.number(),
});
/** The answer of `GET /api/evaluationApprovals`: the tab's page and every tab's count. */
export const evaluationApprovalPage = paged(levelEvaluationRow).extend({ counts: evaluationApprovalCounts });
export type EvaluationApprovalPage = z.infer<typeof evaluationApprovalPage>;

// ------------------------------------------------------------------------------------------ candidates

/** 证件类型: 1 居民身份证 (checked, gender and birthday derived), 2 护照, 3 港澳居民来往内地通行证, 4 台湾居民来往大陆通行证, 5 外国人永久居留身份证. */
export const IdType = { RESIDENT: 1, PASSPORT: 2, HK_MACAO: 3, TAIWAN: 4, FOREIGN_PERMANENT: 5 } as const;
export const idTypeCode = z.literal([1, 2, 3, 4, 5], { error: '证件类型不正确' });
export const idTypeText: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: '居民身份证',
  2: '护照',
  3: '港澳居民来往内地通行证',
  4: '台湾居民来往大陆通行证',
  5: '外国人永久居留身份证',
};
/** 考生类型: 1 新考, 2 补考. */
export const CandidateType = { NEW: 1, RETAKE: 2 } as const;
export const candidateTypeText: Record<1 | 2, string> = { 1: '新考', 2: '补考' };
export const EDUCATION_OPTIONS = [
  '初中及以下',
  '高中',
  '中专/中技',
  '大专',
  '本科',
  '硕士研究生',
  '博士研究生',
] as const;

/** An ID number that Excel turned into a number shows as 4.40981E+17: refused with this message. */
export const SCIENTIFIC_NOTATION = /^\d(\.\d+)?[eE]\+?\d+$/;

/** Checks an ID number of its type; null when fine, else the reason (naming the field). */
export function idNumberProblem(idType: number, value: string): string | null {
  const v = value.trim();
  if (!v) return '请输入证件号码';
  if (SCIENTIFIC_NOTATION.test(v)) return '证件号码被 Excel 转成了科学计数法，请将该列设为文本后重新填写';
  if (idType === IdType.RESIDENT) {
    if (/^\d{15}$/.test(v)) return '证件号码为15位旧号码，请改为18位居民身份证号';
    if (!/^\d{17}[\dXx]$/.test(v)) return '证件号码应为18位居民身份证号';
    if (!parseIdCard(v)) return '证件号码校验不通过，请核对';
    return null;
  }
  if (v.length > 30) return '证件号码不能超过30个字符';
  return null;
}

const personShape = {
  /** Required, except for a member: left blank, the server takes the account's name ('' here). */
  name: z
    .string({ error: '请输入姓名' })
    .trim()
    .max(32, '姓名不能超过32个字符')
    .nullish()
    .transform((v) => v ?? ''),
  id_type: idTypeCode.default(IdType.RESIDENT),
  id_number: z
    .string({ error: '请输入证件号码' })
    .trim()
    .transform((v) => v.toUpperCase()),
  /** 1 男, 2 女; from the ID number when the type is 居民身份证 and this is left blank. */
  gender: z
    .literal([1, 2], { error: '性别只能是男或女' })
    .nullish()
    .transform((v) => v ?? null),
  /** For a member left blank, the account's phone. */
  phone: phone.nullish().transform((v) => v ?? null),
  education: optionalText('文化程度', 20),
  work_unit: optionalText('工作单位/部门', 100),
  post: optionalText('岗位', 50),
  work_years: z
    .number({ error: '工作年限应为数字' })
    .min(0, '工作年限不能小于0')
    .max(60, '工作年限不能超过60')
    .nullish()
    .transform((v) => v ?? null),
  /** 申报条件. */
  qualification: optionalText('申报条件', 200),
  candidate_type: z.literal([1, 2], { error: '考生类型只能是新考或补考' }).default(CandidateType.NEW),
};

const personChecks = (
  c: { name: string; id_type: number; id_number: string; user_id?: string | null },
  ctx: z.RefinementCtx,
): void => {
  if (!c.name && !c.user_id) ctx.addIssue({ code: 'custom', path: ['name'], message: '请输入姓名' });
  const problem = idNumberProblem(c.id_type, c.id_number);
  if (problem) ctx.addIssue({ code: 'custom', path: ['id_number'], message: problem });
};

export const candidateInput = z
  .object({
    /** A member picked from the company's staff (员工管理); null for an imported or typed-in person. */
    user_id: uuidOf('员工不存在')
      .nullish()
      .transform((v) => v ?? null),
    ...personShape,
  })
  .superRefine(personChecks);
export type CandidateInput = z.infer<typeof candidateInput>;

/** `POST /api/levelEvaluations/{id}/candidates`: one person, or several members picked from the staff. */
export const candidateAddBody = z.object({
  candidates: z
    .array(candidateInput, { error: '考生格式不正确' })
    .min(1, '请至少添加一名考生')
    .max(500, '一次最多添加500名考生'),
});

/** `GET /api/levelEvaluations/{id}/candidates`. */
export const candidateListQuery = z.object({
  keyword: keywordParam,
  /** 1..5 a result (合格 … 违规), 0 results not yet complete. */
  result: optionalParam(
    z.coerce.number({ error: '结果不正确' }).pipe(z.literal([0, 1, 2, 3, 4, 5], { error: '结果不正确' })),
  ),
});

// -------------------------------------------------------------------------------------------- scores

/** A method's mark instead of a score: 1 缺考, 2 违纪, 3 违规. */
export const ScoreMark = { ABSENT: 1, DISCIPLINE: 2, VIOLATION: 3 } as const;
export const scoreMarkCode = z.literal([1, 2, 3], { error: '成绩标记只能是缺考、违纪或违规' });
export const scoreMarkText: Record<1 | 2 | 3, string> = { 1: '缺考', 2: '违纪', 3: '违规' };

/** A candidate's result: 1 合格, 2 不合格, 3 缺考, 4 违纪, 5 违规. */
export const CandidateResult = { PASS: 1, FAIL: 2, ABSENT: 3, DISCIPLINE: 4, VIOLATION: 5 } as const;
export type CandidateResultValue = (typeof CandidateResult)[keyof typeof CandidateResult];
export const candidateResultText: Record<CandidateResultValue, string> = {
  1: '合格',
  2: '不合格',
  3: '缺考',
  4: '违纪',
  5: '违规',
};

export interface MethodScore {
  method: number;
  score: number | null;
  mark: 1 | 2 | 3 | null;
}

/**
 * The plan's rule: 违纪 in any method → 违纪; else 违规 → 违规; else 缺考 → 缺考; else every
 * method at or above its pass mark → 合格; else 不合格. Null while a method has neither score nor mark.
 */
export function candidateResult(
  methods: readonly { method: number; pass_mark: number }[],
  scores: readonly MethodScore[],
): CandidateResultValue | null {
  const byMethod = new Map(scores.map((s) => [s.method, s]));
  const marks = new Set<number>();
  let allPass = true;
  for (const m of methods) {
    const s = byMethod.get(m.method);
    if (!s || (s.score === null && s.mark === null)) return null;
    if (s.mark !== null) marks.add(s.mark);
    else if ((s.score ?? 0) < m.pass_mark) allPass = false;
  }
  if (marks.has(ScoreMark.DISCIPLINE)) return CandidateResult.DISCIPLINE;
  if (marks.has(ScoreMark.VIOLATION)) return CandidateResult.VIOLATION;
  if (marks.has(ScoreMark.ABSENT)) return CandidateResult.ABSENT;
  return allPass && methods.length > 0 ? CandidateResult.PASS : CandidateResult.FAIL;
}

/** One cell of the score table: a score (one decimal) or a mark, never both. */
const scoreCell = z.object({
  candidate_id: uuidOf('考生不存在'),
  method: evaluationMethodCode,
  score: z
    .number({ error: '成绩应为数字' })
    .min(0, '成绩不能小于0')
    .refine(hasOneDecimal, '成绩最多一位小数')
    .nullable(),
  mark: scoreMarkCode.nullable().default(null),
});
const scoreOrMark = (e: { score: number | null; mark: number | null }) => e.score === null || e.mark === null;
const SCORE_OR_MARK = { message: '有缺考、违纪或违规标记时不能填写成绩', path: ['score'] };

export const scoreEntry = scoreCell.refine(scoreOrMark, SCORE_OR_MARK);
export type ScoreEntry = z.infer<typeof scoreEntry>;

/** `PATCH /api/levelEvaluations/{id}/scores`: many at once (a page of the table, or one cell). */
export const scoresBody = z.object({
  scores: z
    .array(scoreEntry, { error: '成绩格式不正确' })
    .min(1, '没有要保存的成绩')
    .max(2000, '一次最多保存2000个成绩'),
});

/** A candidate's row in the table: identity, scores by method, result. */
export const candidateRow = z.object({
  _id: z.string(),
  user_id: z.string().nullable(),
  name: z.string(),
  id_type: idTypeCode,
  id_type_text: z.string(),
  id_number: z.string(),
  gender: z.literal([1, 2]).nullable(),
  gender_text: z.string().nullable(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
  education: z.string().nullable(),
  work_unit: z.string().nullable(),
  post: z.string().nullable(),
  work_years: z.number().nullable(),
  qualification: z.string().nullable(),
  candidate_type: z.literal([1, 2]),
  candidate_type_text: z.string(),
  /** The 1-inch photo for the certificate. */
  photo: recordFile.nullable(),
  scores: z.array(
    z.object({
      method: evaluationMethodCode,
      score: z.number().nullable(),
      mark: scoreMarkCode.nullable(),
      /** A score handed over by examiners' tasks: who marked it and when (the owner cannot type over it). */
      marked_by: z.string().nullable().optional(),
      marked_time_str: z.string().nullable().optional(),
    }),
  ),
  result: z.literal([1, 2, 3, 4, 5]).nullable(),
  result_text: z.string().nullable(),
  update_time_str: z.string(),
});
export type CandidateRow = z.infer<typeof candidateRow>;

/** Answer of an import (candidates or scores): counts, warnings, and the error report when nothing was imported. */
export const importResult = z.object({
  /** Rows stored (0 when the sheet had errors: a sheet with errors imports nothing). */
  imported: z.number(),
  /** Data rows read. */
  total: z.number(),
  failed: z.number(),
  /** The sheet with a 错误原因 column, to download; null when clean. */
  error_file_url: z.string().nullable(),
  /** Rows imported with a remark, e.g. '第3行：性别与身份证号不一致，已按身份证号记为女'. */
  warnings: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResult>;

/** `POST .../scoreChanges` in 公示中: one score, with its reason; an administrator approves it. */
export const scoreChangeBody = scoreCell
  .extend({ reason: requiredText('修改原因', 500) })
  .refine(scoreOrMark, SCORE_OR_MARK);
export const scoreChangeReviewBody = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      action: z.enum(['approve', 'reject'], { error: '审批操作只能是通过或驳回' }),
      reason: optionalText('审批意见', 500),
    })
    .superRefine((b, ctx) => {
      if (b.action === 'reject' && !b.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: '请输入驳回原因' });
    }),
);
export const scoreChangeRow = z.object({
  _id: z.string(),
  candidate_id: z.string(),
  candidate_name: z.string(),
  id_number: z.string(),
  method: evaluationMethodCode,
  method_text: z.string(),
  before_score: z.number().nullable(),
  before_mark: scoreMarkCode.nullable(),
  after_score: z.number().nullable(),
  after_mark: scoreMarkCode.nullable(),
  reason: z.string(),
  /** 0 待审批, 1 已通过, 2 已驳回. */
  status: z.literal([0, 1, 2]),
  status_text: z.string(),
  request_user_name: z.string(),
  decide_user_name: z.string().nullable(),
  decide_note: z.string().nullable(),
  create_time_str: z.string(),
  decide_time_str: z.string().nullable(),
});
export type ScoreChangeRow = z.infer<typeof scoreChangeRow>;

/** `GET /api/levelEvaluations/{id}/statistics`: what the detail page draws. */
export const evaluationStatistics = z.object({
  candidate_count: z.number(),
  /** Among candidates with a complete result; 0..1. */
  pass_rate: z.number(),
  result_counts: levelEvaluationDetail.shape.result_counts,
  /** Per method: ten buckets of the score as a share of the full mark ([0,10%) … [90%,100%]), and marks. */
  methods: z.array(
    z.object({
      method: evaluationMethodCode,
      method_text: z.string(),
      buckets: z.array(z.object({ label: z.string(), count: z.number() })),
      average: z.number().nullable(),
      passed: z.number(),
      marked: z.number(),
      missing: z.number(),
    }),
  ),
});
export type EvaluationStatistics = z.infer<typeof evaluationStatistics>;

/** `GET /api/levelEvaluations/{id}/examiners`: the plan's examiners and whether each has an examiner account. */
export const evaluationExaminer = z.object({
  person_id: z.string(),
  name: z.string(),
  phone: z.string(),
  /** 1 考评员, 2 质量督导员. */
  kind: z.literal([1, 2]),
  /** The account holding 考评员端 with this phone, which sees the plan in its tasks. */
  user_id: z.string().nullable(),
  has_account: z.boolean(),
});
export type EvaluationExaminer = z.infer<typeof evaluationExaminer>;

/** Columns of the candidate sheet (`GET /api/levelEvaluations/candidateTemplate`), in order. */
export const CANDIDATE_SHEET_COLUMNS = [
  '姓名',
  '证件类型',
  '证件号码',
  '性别',
  '手机号',
  '文化程度',
  '工作单位/部门',
  '岗位',
  '工作年限',
  '申报条件',
  '考生类型',
] as const;
export const CANDIDATE_REQUIRED_COLUMNS = ['姓名', '证件号码'] as const;
/** The error report's extra column. */
export const ERROR_REASON_COLUMN = '错误原因';
/** Rows of one candidate sheet. */
export const CANDIDATE_IMPORT_MAX_ROWS = 10_000;
/** Until the company has an approved filing, every evaluation route answers code 61 with this. */
export const NO_APPROVED_FILING =
  '贵单位尚无审核通过的备案，请先在“备案申请”中提交备案，待平台审核通过后再开展等级评价';
/**
 * The score sheet (`GET .../scores/export`, `POST .../scores/import`): 姓名, 证件号码, then one column per method of
 * the plan named by `evaluationMethodText`, holding a score or 缺考 / 违纪 / 违规; rows keyed by 证件号码. The
 * export adds 结果.
 */
export const SCORE_SHEET_KEY_COLUMNS = ['姓名', '证件号码'] as const;
export const SCORE_SHEET_RESULT_COLUMN = '结果';

/**
 * `POST .../candidates/photos` (a zip of 1-inch photos named by 证件号码 or 姓名-证件号码): the candidates that got a
 * photo, the photos that matched nobody, and the photos that could not be used (their reason).
 */
export const candidatePhotoResult = z.object({
  matched: z.number(),
  /** Names of the candidates that got a photo (the first CANDIDATE_PHOTO_LIST_MAX). */
  matched_names: z.array(z.string()),
  unmatched_count: z.number(),
  /** Paths in the zip of photos no candidate's ID number names (the first CANDIDATE_PHOTO_LIST_MAX). */
  unmatched_photos: z.array(z.string()),
  /** E.g. '张三：照片不是 JPG/PNG 图片：张三-110….jpg'. */
  problems: z.array(z.string()),
  /** Candidates of the plan still without a photo. */
  without_photo: z.number(),
});
export type CandidatePhotoResult = z.infer<typeof candidatePhotoResult>;
export const CANDIDATE_PHOTO_LIST_MAX = 50;

// ============================================================================================ test plans
//
// An institution's test plan (考试计划, DOMAIN.md "Institution") is a level-evaluation plan whose owner is an
// institution (PlanOwner.INSTITUTION): the same scope, methods, marks, staff, candidates (called 考生 / examinees here),
// scores, 公示, result approval, granting and archive, plus exam logistics: a registration window and the review of
// each registration, sessions (场次), rooms (考场), seating and admission tickets (准考证). Routes under /api/testPlans
// (docs/api.md "Test plans"). The logistics are the plan's own tables, so an enterprise plan may use them too.

/** Until the institution holds an approved filing, every test-plan route answers code 61 with this. */
export const NO_APPROVED_INSTITUTION_FILING =
  '贵机构尚无审核通过的备案，请先在“备案中心”提交备案，待平台审核通过后再开展考试';
/** Every test-plan route's answer for a plan that is not the caller institution's (or does not exist). */
export const TEST_PLAN_NOT_FOUND = '考试计划不存在或已删除';
export const EXAMINEE_NOT_FOUND = '考生不存在或已删除';

/** A wall-clock time 'YYYY-MM-DD HH:mm' (China time), e.g. a session's start. */
const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
export const dateTimeText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(DATE_TIME_TEXT, { error: `${label}应为“年-月-日 时:分”格式，如 2026-12-01 09:00`, abort: true })
    .refine((text) => {
      const [, y, mo, d, h, mi] = DATE_TIME_TEXT.exec(text)!.map(Number);
      const t = new Date(Date.UTC(y, mo - 1, d, h, mi));
      return (
        y >= 1900 &&
        y <= 2100 &&
        t.getUTCFullYear() === y &&
        t.getUTCMonth() === mo - 1 &&
        t.getUTCDate() === d &&
        t.getUTCHours() === h &&
        t.getUTCMinutes() === mi
      );
    }, `${label}不是有效的时间`);

// ---------------------------------------------------------------------------------------------- the plan

/**
 * `POST /api/testPlans`, `PATCH /api/testPlans/{id}`: the evaluation plan's fields (start_date and end_date are the
 * exam window) plus the registration window. A draft saves whatever is filled in; `submit` is ignored (a test plan is
 * published with `POST .../publish`, which asks for what `testPlanPublishProblem` lists).
 */
export const testPlanBody = z
  .object({
    ...levelEvaluationShape,
    registration_start_date: draftField(dateText('报名开始日期').nullable(), null),
    registration_end_date: draftField(dateText('报名截止日期').nullable(), null),
  })
  .superRefine((b, ctx) => {
    datesInOrder(b, ctx);
    if (
      b.registration_start_date &&
      b.registration_end_date &&
      b.registration_end_date < b.registration_start_date
    )
      ctx.addIssue({
        code: 'custom',
        path: ['registration_end_date'],
        message: '报名截止日期不能早于报名开始日期',
      });
    if (b.registration_end_date && b.start_date && b.registration_end_date > b.start_date)
      ctx.addIssue({
        code: 'custom',
        path: ['registration_end_date'],
        message: '报名截止日期不能晚于考试开始日期',
      });
  });
export type TestPlanBody = z.infer<typeof testPlanBody>;

/** What publishing (草稿 → 报名中) needs besides a complete plan (evaluationSubmitProblem); null when complete. */
export function testPlanPublishProblem(
  b: Parameters<typeof evaluationSubmitProblem>[0] & {
    registration_start_date: string | null;
    registration_end_date: string | null;
  },
  occupation?: { comprehensive_review: boolean },
): string | null {
  const problem = evaluationSubmitProblem(b, occupation);
  if (problem) return problem.replace('评价名称', '考试计划名称');
  if (!b.registration_start_date) return '请选择报名开始日期';
  if (!b.registration_end_date) return '请选择报名截止日期';
  return null;
}

/** `GET /api/testPlans`: as the evaluation list, the status among TEST_PLAN_STATUSES. */
export const testPlanListQuery = levelEvaluationListQuery.extend({
  status: optionalParam(
    z.coerce.number({ error: '状态不正确' }).pipe(z.literal(TEST_PLAN_STATUSES, { error: '状态不正确' })),
  ),
});

/** A row of `/test-plan`. */
export const testPlanRow = levelEvaluationRow.extend({
  registration_start_date: z.string().nullable(),
  registration_end_date: z.string().nullable(),
  /** Examinees waiting for their registration's review. */
  pending_examinee_count: z.number(),
});
export type TestPlanRow = z.infer<typeof testPlanRow>;

/** What the caller may do now (state and permission keys); the editor shows actions by these, every route checks again. */
export const testPlanAbilities = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_publish: z.boolean(),
  can_cancel: z.boolean(),
  ...logisticsAbilities.shape,
  can_edit_examinees: z.boolean(),
  can_review_examinees: z.boolean(),
  can_start_exam: z.boolean(),
  can_end_exam: z.boolean(),
  can_edit_scores: z.boolean(),
  can_submit_results: z.boolean(),
  can_review_results: z.boolean(),
  can_request_change: z.boolean(),
  can_review_changes: z.boolean(),
  can_grant: z.boolean(),
  can_archive: z.boolean(),
});
export type TestPlanAbilities = z.infer<typeof testPlanAbilities>;

/** 1 顺序 (registration order), 2 按工作单位打乱 (no two of one work unit next to each other where avoidable). */
export const SeatingMode = { ORDER: 1, SCRAMBLE: 2 } as const;
export const seatingModeText: Record<number, string> = { 1: '顺序编排', 2: '按工作单位打乱' };

export const testPlanDetail = testPlanRow.extend({
  owner_kind: z.literal([1, 2]),
  record_no: z.string().nullable(),
  methods: z.array(evaluationMethodRow),
  site: levelEvaluationDetail.shape.site,
  examiners: z.array(evaluationPerson),
  supervisors: z.array(evaluationPerson),
  publicity_days: z.number(),
  remark: z.string().nullable(),
  /** The reason results were last returned (成绩退回). */
  reject_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  ...planLogistics.shape,
  result_counts: levelEvaluationDetail.shape.result_counts,
  pending_change_count: z.number(),
  /** Where national rules vary: warnings, never refusals (fewer than two invigilators in a room, …). */
  warnings: z.array(z.string()),
  abilities: testPlanAbilities,
  /** Oldest first. */
  timeline: z.array(evaluationTimelineItem),
});
export type TestPlanDetail = z.infer<typeof testPlanDetail>;

/** `POST /api/testPlans/{id}/cancel`. */
export const testPlanCancelBody = z.preprocess(
  (v) => v ?? {},
  z.object({ reason: requiredText('取消原因', 500) }),
);

/** `POST /api/testPlans/{id}/reviewResults`: 成绩待审核 → approve (公示中, or 已通过 with 0 days) | return (阅卷中). */
export const resultsReviewBody = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      action: z.enum(['approve', 'return'], { error: '审核操作只能是通过或退回' }),
      reason: optionalText('审核意见', 500),
    })
    .superRefine((b, ctx) => {
      if (b.action === 'return' && !b.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: '请输入退回原因' });
    }),
);

// ------------------------------------------------------------------------------------- sessions and rooms

/** 考场 types: 1 笔试, 2 机考, 3 实操 (dictionary `exam_room_type`). */
export const RoomType = { WRITTEN: 1, COMPUTER: 2, PRACTICAL: 3 } as const;
export const roomTypeText: Record<number, string> = { 1: '笔试', 2: '机考', 3: '实操' };
/** Invigilators a room should have (a warning below it: national rules vary by standard). */
export const MIN_INVIGILATORS = 2;
export const ROOM_SEATS_MAX = 999;
export const ROOMS_PER_SESSION_MAX = 999;
export const SESSIONS_MAX = 99;

/** `POST /api/testPlans/{id}/sessions`, `PATCH .../sessions/{sessionId}`: one 场次 of one method. */
export const examSessionBody = z
  .object({
    method: evaluationMethodCode,
    name: optionalText('场次名称', 50),
    start_time: dateTimeText('开始时间'),
    end_time: dateTimeText('结束时间'),
  })
  .superRefine((b, ctx) => {
    if (b.end_time <= b.start_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: '结束时间应晚于开始时间' });
  });
export type ExamSessionBody = z.infer<typeof examSessionBody>;

const staffNames = (label: string) =>
  z
    .array(requiredText(`${label}姓名`, 32), { error: `${label}格式不正确` })
    .max(20, `${label}最多20名`)
    .default([]);

/** `POST /api/testPlans/{id}/rooms`, `PATCH .../rooms/{roomId}`: one 考场 of one session. */
export const examRoomBody = z.object({
  session_id: uuidOf('请选择场次'),
  name: requiredText('考场名称', 50),
  room_type: z.literal([1, 2, 3], { error: '考场类型只能是笔试、机考或实操' }),
  seats: z
    .number({ error: '座位数应为整数' })
    .int('座位数应为整数')
    .min(1, '座位数至少为1')
    .max(ROOM_SEATS_MAX, `座位数不能超过${ROOM_SEATS_MAX}`),
  address: requiredText('考场地址', 200),
  /** 监考人员: at least MIN_INVIGILATORS, as a warning. */
  invigilators: staffNames('监考人员'),
  /** 考评人员 of a 实操 room. */
  examiners: staffNames('考评人员'),
});
export type ExamRoomBody = z.infer<typeof examRoomBody>;

export const examRoomRow = z.object({
  _id: z.string(),
  session_id: z.string(),
  /** 3 digits in its session (001…): part of the ticket number. */
  code: z.string(),
  name: z.string(),
  room_type: z.literal([1, 2, 3]),
  room_type_text: z.string(),
  seats: z.number(),
  address: z.string(),
  invigilators: z.array(z.string()),
  examiners: z.array(z.string()),
  seated_count: z.number(),
  warnings: z.array(z.string()),
});
export type ExamRoomRow = z.infer<typeof examRoomRow>;

export const examSessionRow = z.object({
  _id: z.string(),
  /** 2 digits in the plan (01…): part of the ticket number. */
  code: z.string(),
  method: evaluationMethodCode,
  method_text: z.string(),
  name: z.string().nullable(),
  start_time_str: z.string(),
  end_time_str: z.string(),
  seat_total: z.number(),
  seated_count: z.number(),
  rooms: z.array(examRoomRow),
});
export type ExamSessionRow = z.infer<typeof examSessionRow>;

/** `GET /api/testPlans/{id}/sessions`: sessions in time order, each with its rooms; the plan's logistic warnings. */
export const examSessionList = z.object({
  sessions: z.array(examSessionRow),
  warnings: z.array(z.string()),
});
export type ExamSessionList = z.infer<typeof examSessionList>;

// ---------------------------------------------------------------------------------------------- examinees

/** A registration's review: 0 待审核, 1 已通过, 2 已驳回 (dictionary `examinee_status`). */
export const ExamineeStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export type ExamineeStatusValue = (typeof ExamineeStatus)[keyof typeof ExamineeStatus];
export const examineeStatusText: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

/** An examinee typed in: a candidate's fields (the candidate rules), never a member of the institution. */
export const examineeInput = z.object(personShape).superRefine(personChecks);
export type ExamineeInput = z.infer<typeof examineeInput>;

/** `POST /api/testPlans/{id}/examinees`. */
export const examineeAddBody = z.object({
  examinees: z
    .array(examineeInput, { error: '考生格式不正确' })
    .min(1, '请至少添加一名考生')
    .max(500, '一次最多添加500名考生'),
});

/** `GET /api/testPlans/{id}/examinees`. */
export const examineeListQuery = candidateListQuery.extend({
  status: optionalParam(
    z.coerce.number({ error: '审核状态不正确' }).pipe(z.literal([0, 1, 2], { error: '审核状态不正确' })),
  ),
  session_id: optionalParam(z.string().uuid('场次不存在')),
  room_id: optionalParam(z.string().uuid('考场不存在')),
});

/** Where an examinee sits in one session. */
export const examineeSeat = z.object({
  session_id: z.string(),
  session_code: z.string(),
  session_name: z.string().nullable(),
  method: evaluationMethodCode,
  method_text: z.string(),
  start_time_str: z.string(),
  end_time_str: z.string(),
  room_id: z.string(),
  room_code: z.string(),
  room_name: z.string(),
  room_type_text: z.string(),
  address: z.string(),
  seat_no: z.number(),
});
export type ExamineeSeat = z.infer<typeof examineeSeat>;

export const examineeRow = candidateRow.omit({ user_id: true }).extend({
  status: z.literal([0, 1, 2]),
  status_text: z.string(),
  /** The reason of a 驳回. */
  review_reason: z.string().nullable(),
  review_time_str: z.string().nullable(),
  /** 准考证号, fixed at first seating (docs/api.md "Admission tickets"); null before. */
  ticket_no: z.string().nullable(),
  seats: z.array(examineeSeat),
});
export type ExamineeRow = z.infer<typeof examineeRow>;

/** `POST /api/testPlans/{id}/examinees/review`: 通过 / 驳回 (with a reason) of registrations 待审核. */
export const examineeReviewBody = z
  .object({
    examinee_ids: z
      .array(uuidOf('考生不存在'), { error: '请选择考生' })
      .min(1, '请选择考生')
      .max(1000, '一次最多审核1000名考生')
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(['approve', 'reject'], { error: '审核操作只能是通过或驳回' }),
    reason: optionalText('驳回原因', 200),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'reject' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '请输入驳回原因' });
  });
export const examineeReviewResult = z.object({ approved: z.number(), rejected: z.number() });

/** `POST /api/testPlans/{id}/examinees/import` answers at once: the sheet is read by a background job. */
export const examineeImportStarted = z.object({ job_id: z.string() });
/** Rows of one examinee sheet (the candidate sheet's columns, `GET /api/testPlans/examineeTemplate`). */
export const EXAMINEE_IMPORT_MAX_ROWS = 20_000;

// ----------------------------------------------------------------------------------------------- seating

/** `POST /api/testPlans/{id}/seating`: seat the approved examinees (报名中 → 已编排, or again in 已编排). */
export const seatingBody = z.object({
  mode: z.literal([1, 2], { error: '编排方式只能是顺序编排或按工作单位打乱' }),
});
export const seatingResult = z.object({
  seated: z.number(),
  /** Pairs of one work unit on seats next to each other that no order could avoid (a unit over half a room). */
  adjacent_pairs: z.number(),
  warnings: z.array(z.string()),
});
export type SeatingResult = z.infer<typeof seatingResult>;

/** `GET /api/testPlans/{id}/seats`: the seating chart, by session, room and seat. */
export const seatListQuery = z.object({
  session_id: optionalParam(z.string().uuid('场次不存在')),
  room_id: optionalParam(z.string().uuid('考场不存在')),
  keyword: keywordParam,
});
export const seatRow = examineeSeat.extend({
  examinee_id: z.string(),
  name: z.string(),
  id_number: z.string(),
  work_unit: z.string().nullable(),
  ticket_no: z.string().nullable(),
});
export type SeatRow = z.infer<typeof seatRow>;

// ------------------------------------------------------------------------------------- admission tickets

/** `GET /api/testPlans/{id}/tickets`: the job's progress and each room's PDF once rendered. */
export const ticketOverview = ticketJob.extend({
  rooms: z.array(
    z.object({
      room_id: z.string(),
      session_code: z.string(),
      room_code: z.string(),
      room_name: z.string(),
      seated_count: z.number(),
      /** The room's tickets, one A4 page each; null until rendered. */
      file: z.object({ file_id: z.string(), webPath: z.string() }).nullable(),
    }),
  ),
});
export type TicketOverview = z.infer<typeof ticketOverview>;

/** Where the QR code of a ticket leads (a public page; any path under /information-link is public, spec §2). */
export const TICKET_CHECK_PATH = '/information-link/ticket';

/** `GET /api/public/admissionTickets/{id}`: what the QR code of a ticket shows anyone (no login). */
export const publicTicket = z.object({
  ticket_no: z.string(),
  name: z.string(),
  /** The ID number masked: 3301**********123X. */
  id_number: z.string(),
  plan_name: z.string(),
  institution_name: z.string(),
  occupation_name: z.string().nullable(),
  work_type: z.string().nullable(),
  level_name: z.string().nullable(),
  seats: z.array(examineeSeat.omit({ session_id: true, room_id: true })),
  /** valid: the registration stands; void: the plan was cancelled or the examinee no longer approved. */
  status: z.enum(['valid', 'void']),
  status_text: z.string(),
});
export type PublicTicket = z.infer<typeof publicTicket>;

/** An ID number as the public check shows it: the first 4 and last 4 characters. */
export const maskIdNumber = (id: string): string =>
  id.length <= 8 ? id : `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;

/**
 * The admission-ticket number (准考证号), 18 digits, fixed at an examinee's first seating and kept by every later one:
 * 2-digit year of the exam (the plan's start date) + the institution's 4-digit code (评价机构代码, given with its
 * approved filing) + the plan's 4-digit serial among the institution's plans of that year (in order of first seating)
 * + the 2-digit session + the 3-digit room in that session + the 3-digit seat, of the examinee's first seat (their
 * earliest session). Unique: the institution code is, and within it the plan, session, room and seat are.
 */
export interface TicketNumberParts {
  year: number;
  institutionCode: string;
  planSerial: number;
  session: number;
  room: number;
  seat: number;
}
export const TICKET_NO = /^\d{18}$/;
export const formatTicketNo = (p: TicketNumberParts): string =>
  `${String(p.year % 100).padStart(2, '0')}${p.institutionCode}${String(p.planSerial).padStart(4, '0')}${String(
    p.session,
  ).padStart(2, '0')}${String(p.room).padStart(3, '0')}${String(p.seat).padStart(3, '0')}`;

/**
 * Whether a filed examiner's qualification (资格, free text such as `电工 二级/技师`) names the plan's occupation or its
 * 工种. One that does not (filed for 焊工, offered for an 电工 plan) is warned about, not refused: the text is free and
 * the platform approved the filing.
 */
export function qualificationFits(
  qualification: string,
  scope: { occupation_name: string | null; work_type: string | null },
): boolean {
  if (!scope.occupation_name) return true;
  const text = qualification.replace(/\s/g, '');
  return [scope.occupation_name, scope.work_type].some(
    (name) => name && text.includes(name.replace(/\s/g, '')),
  );
}

/** The warning beside examiners whose qualification does not name the plan's occupation. */
export const qualificationMismatch = (
  people: { name: string; qualification: string }[],
  occupationName: string,
): string =>
  `${people.map((p) => `${p.name}（${p.qualification || '未填写资格'}）`).join('、')}的备案资格中没有本计划的职业「${occupationName}」，请确认其可以担任本计划考评员`;
