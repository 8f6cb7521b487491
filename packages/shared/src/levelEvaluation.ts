import { z } from 'zod';
import { phone } from './auth.ts';
import { keywordParam, optionalParam, timelineItem } from './fields.ts';
import { parseIdCard } from './idCard.ts';
import { OCCUPATION_CODE, skillLevelCode } from './occupation.ts';
import { paged } from './pagination.ts';
import { isBlank } from './query.ts';
import { draftField, optionalText, recordFile, requiredText } from './recordApplication.ts';

/**
 * Level evaluation (等级评价, DOMAIN.md Enterprise 4, issue 20): a company evaluates its own staff inside what
 * an approved record application (备案) allows. A plan names one scope (occupation, 工种, level), its methods
 * with full and pass marks, dates, a filed site, examiners and quality supervisors of the filing, candidates
 * and a publicity period; its company administrator approves the plan and then its results.
 */

// ---------------------------------------------------------------------------------------------- states

/**
 * 0 草稿 →submit 1 待审批 →approve 2 进行中 | →reject 9 已驳回 →edit, resubmit 1;
 * 2 →submitResults 3 成绩待审核 →return 2 | →approve 4 公示中 (5 已通过 at once with 0 publicity days)
 * →period over 5 已通过. 6 已发证 and 7 已归档 belong to the granting and archive issues.
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
  REJECTED: 9,
} as const;
export type EvaluationStatusValue = (typeof EvaluationStatus)[keyof typeof EvaluationStatus];
export const EVALUATION_STATUSES = Object.values(EvaluationStatus) as [
  EvaluationStatusValue,
  ...EvaluationStatusValue[],
];
export const evaluationStatusText: Record<EvaluationStatusValue, string> = {
  0: '草稿',
  1: '待审批',
  2: '进行中',
  3: '成绩待审核',
  4: '公示中',
  5: '已通过',
  6: '已发证',
  7: '已归档',
  9: '已驳回',
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
  9: 'error',
};
/** The plan itself (basics, methods, staff) can change in 草稿 and 已驳回 only. */
export const isPlanEditable = (status: number): boolean =>
  status === EvaluationStatus.DRAFT || status === EvaluationStatus.REJECTED;
/** Candidates can be added, changed, removed while the plan is 草稿, 已驳回 or 进行中. */
export const areCandidatesEditable = (status: number): boolean =>
  isPlanEditable(status) || status === EvaluationStatus.IN_PROGRESS;
/** Scores are entered directly in 进行中 only; in 公示中 through an approved change request; locked from 已通过. */
export const areScoresEditable = (status: number): boolean => status === EvaluationStatus.IN_PROGRESS;

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
  /** Issue 21: the plan's certificates confirmed (确认发证): 已发证. */
  GRANT: 'grant',
  /** Issue 22: the plan's archive sealed (归档): 已归档. */
  ARCHIVE: 'archive',
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

export const dateText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}不是有效日期`);
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
export const levelEvaluationBody = z
  .object({
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
  })
  .superRefine((b, ctx) => {
    if (b.start_date && b.end_date && b.end_date < b.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: '结束日期不能早于开始日期' });
  });
export type LevelEvaluationBody = z.infer<typeof levelEvaluationBody>;

/**
 * What a draft may lack but a submitted plan must have, in the step form's order; null when complete.
 * The server adds what only it can check (the scope inside an approved filing, site and people of that filing,
 * at least one candidate).
 */
export function evaluationSubmitProblem(b: {
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
}): string | null {
  if (!b.name) return '请输入评价名称';
  if (!b.record_application_id || !b.occupation_code) return '请选择评价职业';
  if (!b.level) return '请选择评价等级';
  if (b.methods.length === 0) return '请至少选择一种评价方式';
  if (
    levelRequiresComprehensive(b.level) &&
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
const dateFilter = (label: string) => optionalParam(dateText(label));

/** `GET /api/levelEvaluations`: keyword on name or plan number; dates overlap [start_date, end_date]. */
export const levelEvaluationListQuery = z.object({
  keyword: keywordParam,
  status: statusFilter,
  occupation_code: z.string().trim().max(20).optional(),
  level: levelFilter,
  start_date: dateFilter('开始日期'),
  end_date: dateFilter('结束日期'),
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
  abilities: evaluationAbilities,
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
    if (!/^\d{17}[\dXx]$/.test(v)) return '证件号码应为18位居民身份证号';
    if (!parseIdCard(v)) return '证件号码校验不通过，请核对';
    return null;
  }
  if (v.length > 30) return '证件号码不能超过30个字符';
  return null;
}

export const candidateInput = z
  .object({
    /** A member picked from the company's staff (员工管理); null for an imported or typed-in person. */
    user_id: uuidOf('员工不存在')
      .nullish()
      .transform((v) => v ?? null),
    name: requiredText('姓名', 32),
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
  })
  .superRefine((c, ctx) => {
    const problem = idNumberProblem(c.id_type, c.id_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['id_number'], message: problem });
  });
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
 * The plan's rule (issue 20 point 3): 违纪 in any method → 违纪; else 违规 → 违规; else 缺考 → 缺考; else every
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
    z.object({ method: evaluationMethodCode, score: z.number().nullable(), mark: scoreMarkCode.nullable() }),
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
