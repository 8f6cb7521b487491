import { z } from 'zod';
import { dateText, keywordParam, optionalParam } from './fields.ts';
import { evaluationMethodCode } from './level-evaluations.ts';
import { OCCUPATION_CODE, skillLevelName } from './occupations.ts';
import { paged, pageQuery } from './pagination.ts';
import { optionalText, requiredText } from './records.ts';

/**
 * The examiner portal (考评员端, DOMAIN.md "Examiner"): a task assigns one examiner to a plan's method (and, for a
 * test plan, a room) in one marking round; the examiner scores each examinee (a card, shown by its masked code 密号)
 * item by item; submitting hands the totals to the plan's scores. Scores travel as numbers in steps of 0.5 and are
 * stored in tenths.
 */

// ---------------------------------------------------------------------------------------------- states

/** 1 阅卷, 2 实操评分, 3 业绩评审, 4 综合评审: the kind follows the method (理论, 技能, 业绩, 综合). */
export const ExamTaskKind = { WRITTEN: 1, PRACTICAL: 2, PERFORMANCE: 3, COMPREHENSIVE: 4 } as const;
export const examTaskKindText: Record<number, string> = {
  1: '阅卷',
  2: '实操评分',
  3: '业绩评审',
  4: '综合评审',
};
export const taskKindOf = (method: number): number => method;

/** 0 待开始 →first score 1 进行中 →submit 2 已提交 →the plan's results submitted 4 已完成; 2 →return 3 已退回 →submit 2. */
export const ExamTaskStatus = { WAITING: 0, SCORING: 1, SUBMITTED: 2, RETURNED: 3, DONE: 4 } as const;
export const examTaskStatusText: Record<number, string> = {
  0: '待开始',
  1: '进行中',
  2: '已提交',
  3: '已退回',
  4: '已完成',
};
export const examTaskStatusCode = z.literal([0, 1, 2, 3, 4], { error: '任务状态不正确' });

/** 1 一评, 2 二评 (double marking), 3 三评 (past the tolerance), 4 组长裁定 (the third past both). */
export const MarkingRound = { FIRST: 1, SECOND: 2, THIRD: 3, LEADER: 4 } as const;
export const markingRoundText: Record<number, string> = { 1: '一评', 2: '二评', 3: '三评', 4: '组长裁定' };

/** How a mean of two marks is rounded: 1 保留一位小数, 2 保留到0.5分, 3 取整 (half up each). */
export const MarkingRounding = { TENTH: 1, HALF: 2, WHOLE: 3 } as const;
export const markingRoundingText: Record<number, string> = { 1: '保留一位小数', 2: '保留到0.5分', 3: '取整' };
const ROUNDING_UNIT_TENTHS: Record<number, number> = { 1: 1, 2: 5, 3: 10 };

/** Where a candidate's double marking stands. */
export const MarkingState = {
  /** Not every needed mark is in yet. */
  WAITING: 0,
  /** One marker: their total stands. */
  SINGLE: 1,
  /** Two marks within the tolerance: their mean. */
  AGREED: 2,
  /** Two marks past the tolerance: waits for the third marker. */
  THIRD: 3,
  /** The third within the tolerance of at least one: the mean of the third and the nearer. */
  THIRD_AGREED: 4,
  /** The third past the tolerance of both: waits for the group leader. */
  LEADER: 5,
  /** The group leader's total stands. */
  DECIDED: 6,
} as const;
export const markingStateText: Record<number, string> = {
  0: '评分中',
  1: '单评',
  2: '双评一致，取平均分',
  3: '超出最大差值，待三评',
  4: '三评取相近分的平均分',
  5: '三评仍超差，待组长裁定',
  6: '组长已裁定',
};

/** A mean of two totals (tenths), rounded as the method says. */
export function meanOf(a: number, b: number, rounding: number): number {
  const unit = ROUNDING_UNIT_TENTHS[rounding] ?? 1;
  return Math.round((a + b) / 2 / unit) * unit;
}

/**
 * The double-marking rule (DOMAIN.md "Examiner", totals in tenths). One marker: their total. Two: within the
 * tolerance (a difference equal to it included) their mean; past it a third marker. The third within the tolerance of
 * one or both: the mean of the third and the nearer of the two (equally near: the higher, in the examinee's favour);
 * past both: the group leader's total.
 */
export function resolveMarking(m: {
  double: boolean;
  toleranceTenths: number;
  rounding: number;
  first: number | null;
  second?: number | null;
  third?: number | null;
  leader?: number | null;
}): { state: number; final: number | null } {
  const { first, second = null, third = null, leader = null } = m;
  if (!m.double) return first === null ? { state: 0, final: null } : { state: 1, final: first };
  if (first === null || second === null) return { state: MarkingState.WAITING, final: null };
  if (Math.abs(first - second) <= m.toleranceTenths)
    return { state: MarkingState.AGREED, final: meanOf(first, second, m.rounding) };
  if (third === null) return { state: MarkingState.THIRD, final: null };
  const d1 = Math.abs(third - first);
  const d2 = Math.abs(third - second);
  if (Math.min(d1, d2) <= m.toleranceTenths) {
    const partner = d1 < d2 ? first : d2 < d1 ? second : Math.max(first, second);
    return { state: MarkingState.THIRD_AGREED, final: meanOf(third, partner, m.rounding) };
  }
  if (leader === null) return { state: MarkingState.LEADER, final: null };
  return { state: MarkingState.DECIDED, final: leader };
}

// ---------------------------------------------------------------------------------------------- messages

export const EXAM_TASK_NOT_FOUND = '考评任务不存在或已删除';
export const EXAM_CARD_NOT_FOUND = '考生答卷不存在';
export const STALE_SCORE = '该题分数已在其他页面修改，本次保存未生效，请刷新后再评';

// ---------------------------------------------------------------------------------------------- owner side

/** A score in steps of 0.5 (half points), 0 or more. */
const halfPoints = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能小于0`)
    .max(1000, `${label}不能超过1000`)
    .refine((n) => Number.isInteger(n * 2), `${label}须为0.5的整数倍`);

/** One item (题目 / 考核项目) of a method: a name and a maximum (steps of 0.5). */
export const markingItemInput = z.object({
  name: requiredText('题目名称', 50),
  max: halfPoints('题目满分').refine((n) => n > 0, '题目满分应大于0'),
});

/**
 * `PUT /api/levelEvaluations/{id}/marking/{method}` (and the test plan's): the method's items (their maxima add up to
 * its full mark), double marking with its tolerance (最大差值) and rounding, and the group leader (组长).
 */
export const methodMarkingBody = z
  .object({
    items: z
      .array(markingItemInput, { error: '题目格式不正确' })
      .min(1, '至少设置一道题目')
      .max(50, '题目最多50道'),
    double_marking: z.boolean({ error: '请选择是否双评' }).default(false),
    tolerance: halfPoints('最大差值').nullable().default(null),
    rounding: z.literal([1, 2, 3], { error: '平均分取舍方式不正确' }).default(1),
    /** A person of the plan's examiners (their staff `person_id`), or null. */
    leader_person_id: z.string({ error: '组长不正确' }).uuid('组长不正确').nullable().default(null),
  })
  .refine((b) => !b.double_marking || b.tolerance !== null, {
    message: '双评须设置最大差值',
    path: ['tolerance'],
  });
export type MethodMarkingBody = z.infer<typeof methodMarkingBody>;

export const markingItem = z.object({ item_no: z.number(), name: z.string(), max: z.number() });
export type MarkingItem = z.infer<typeof markingItem>;

/** `GET .../marking`: a method's items and double-marking settings; `locked` once scoring has started. */
export const methodMarkingRow = z.object({
  method: evaluationMethodCode,
  method_text: z.string(),
  full_mark: z.number(),
  items: z.array(markingItem),
  double_marking: z.boolean(),
  tolerance: z.number().nullable(),
  rounding: z.literal([1, 2, 3]),
  rounding_text: z.string(),
  leader: z.object({ person_id: z.string(), name: z.string() }).nullable(),
  locked: z.boolean(),
});
export type MethodMarkingRow = z.infer<typeof methodMarkingRow>;

/** `POST /api/levelEvaluations/{id}/examTasks` (and the test plan's): an examiner of the plan to a method and round. */
export const examTaskAssignBody = z.object({
  person_id: z.string({ error: '请选择考评员' }).uuid('请选择考评员'),
  method: evaluationMethodCode,
  round: z.literal([1, 2, 3], { error: '评分轮次只能是一评、二评或三评' }).default(1),
  /** A room of the method's sessions (test plans): the examinees seated there. Null: every examinee. */
  room_id: z.string({ error: '考场不正确' }).uuid('考场不正确').nullable().default(null),
  deadline: dateText('截止日期').nullable().default(null),
});
export type ExamTaskAssignBody = z.infer<typeof examTaskAssignBody>;

const taskFields = {
  _id: z.string(),
  kind: z.number(),
  kind_text: z.string(),
  method: evaluationMethodCode,
  method_text: z.string(),
  round: z.number(),
  round_text: z.string(),
  room_name: z.string().nullable(),
  deadline: z.string().nullable(),
  status: examTaskStatusCode,
  status_text: z.string(),
  return_reason: z.string().nullable(),
  /** Examinees scored completely / in the task. */
  done: z.number(),
  total: z.number(),
  submit_time_str: z.string().nullable(),
  update_time_str: z.string(),
};

/** A task as the plan's owner sees it. `warnings`: what the examiner's qualification does not cover. */
export const planExamTaskRow = z.object({
  ...taskFields,
  examiner_name: z.string(),
  examiner_phone: z.string(),
  person_id: z.string(),
  room_id: z.string().nullable(),
  create_time_str: z.string(),
  warnings: z.array(z.string()),
});
export type PlanExamTaskRow = z.infer<typeof planExamTaskRow>;

/** `POST .../examTasks/{taskId}/return`: the whole task (no ids) or these examinees, with a reason. */
export const examTaskReturnBody = z.object({
  candidate_ids: z
    .array(z.string({ error: '考生不存在' }).uuid('考生不存在'), { error: '考生格式不正确' })
    .max(2000, '一次最多退回2000名考生')
    .default([]),
  reason: requiredText('退回原因', 200),
});
export type ExamTaskReturnBody = z.infer<typeof examTaskReturnBody>;

/** `GET .../markings?method=`: every round of every examinee (of one method, or all), as the owner sees them. */
export const markingsQuery = z.object({
  method: optionalParam(z.coerce.number().pipe(evaluationMethodCode)),
});

export const candidateMarking = z.object({
  method: evaluationMethodCode,
  method_text: z.string(),
  candidate_id: z.string(),
  name: z.string(),
  rounds: z.array(
    z.object({
      /** The task the round was marked in (return this examinee with it). */
      task_id: z.string(),
      round: z.number(),
      round_text: z.string(),
      examiner_name: z.string(),
      masked_code: z.string(),
      total: z.number().nullable(),
      submit_time_str: z.string().nullable(),
      return_reason: z.string().nullable(),
    }),
  ),
  state: z.number(),
  state_text: z.string(),
  /** The score handed to the plan (null until the rule gives one). */
  score: z.number().nullable(),
});
export type CandidateMarking = z.infer<typeof candidateMarking>;

// ---------------------------------------------------------------------------------------------- examiner side

/** `GET /api/examTasks`: the signed-in examiner's tasks. */
export const examTaskListQuery = pageQuery.extend({
  keyword: keywordParam,
  status: optionalParam(z.coerce.number().pipe(examTaskStatusCode)),
  kind: optionalParam(z.coerce.number().pipe(z.literal([1, 2, 3, 4], { error: '任务类型不正确' }))),
});
export type ExamTaskListQuery = z.infer<typeof examTaskListQuery>;

/** A task as its examiner sees it: the plan and its owner, never an examinee. */
export const examTaskRow = z.object({
  ...taskFields,
  plan_id: z.string(),
  plan_name: z.string(),
  /** 1 an enterprise's evaluation, 2 an institution's test plan. */
  owner_kind: z.literal([1, 2]),
  owner_name: z.string(),
  occupation_name: z.string().nullable(),
  level_text: z.string().nullable(),
});
export type ExamTaskRow = z.infer<typeof examTaskRow>;
export const examTaskPage = paged(examTaskRow);
export type ExamTaskPage = z.infer<typeof examTaskPage>;

/** `GET /api/examTasks/{id}`: the task with its items and whether its cards can be scored now. */
export const examTaskDetail = examTaskRow.extend({
  items: z.array(markingItem),
  can_score: z.boolean(),
  /** Why not, when not (submitted, the plan's results submitted). */
  score_problem: z.string().nullable(),
});
export type ExamTaskDetail = z.infer<typeof examTaskDetail>;

/** `GET /api/examTasks/{id}/cards`: the task's examinees by masked code, in code order. */
export const examCardQuery = pageQuery.extend({
  /** 0 未评完, 1 已评完, 2 已退回. */
  state: optionalParam(z.coerce.number().pipe(z.literal([0, 1, 2], { error: '评分状态不正确' }))),
  per_page: pageQuery.shape.per_page.unwrap().default(50),
});

/** An examinee of a task as its examiner scores it: the masked code only (anonymous). */
export const examCardRow = z.object({
  _id: z.string(),
  masked_code: z.string(),
  items: z.array(
    z.object({
      item_no: z.number(),
      score: z.number().nullable(),
      remark: z.string().nullable(),
      /** Send it back with the next save of this item: a save from a stale page is refused (409). */
      version: z.number(),
    }),
  ),
  total: z.number().nullable(),
  complete: z.boolean(),
  return_reason: z.string().nullable(),
  editable: z.boolean(),
  /** For a third marker and the leader: the earlier rounds' totals (never who marked them). */
  earlier: z.array(z.object({ round: z.number(), round_text: z.string(), total: z.number() })),
});
export type ExamCardRow = z.infer<typeof examCardRow>;
export const examCardPage = paged(examCardRow);
export type ExamCardPage = z.infer<typeof examCardPage>;

/** `PUT /api/examTasks/{id}/cards/{cardId}/items/{itemNo}`: one item's score (null clears it) and remark. */
export const itemScoreBody = z.object({
  score: halfPoints('分数').nullable(),
  remark: optionalText('评语', 200),
  version: z.number({ error: '版本号应为整数' }).int('版本号应为整数').min(0, '版本号应为整数'),
});
export type ItemScoreBody = z.infer<typeof itemScoreBody>;

/** The answer of a save: the card as now stored and the task's progress. */
export const itemScoreSaved = z.object({ card: examCardRow, done: z.number(), total: z.number() });
export type ItemScoreSaved = z.infer<typeof itemScoreSaved>;

/** `GET /api/examTasks/{id}/cards/{cardId}/identity`: who the masked code is (permission key; logged). */
export const examCardIdentity = z.object({
  masked_code: z.string(),
  name: z.string(),
  id_type_text: z.string(),
  id_number: z.string(),
});

// ---------------------------------------------------------------------------------------------- qualifications

/** `POST /api/examinerQualifications`, `PATCH .../{id}`: one qualification of the signed-in examiner. */
export const examinerQualificationBody = z
  .object({
    occupation_code: z
      .string({ error: '请选择职业' })
      .trim()
      .min(1, '请选择职业')
      .regex(OCCUPATION_CODE, '职业不正确'),
    /** The lowest level covered (5 五级 …) and the highest (… 1 一级). */
    level_low: z.literal([1, 2, 3, 4, 5], { error: '最低等级不正确' }),
    level_high: z.literal([1, 2, 3, 4, 5], { error: '最高等级不正确' }),
    certificate_no: requiredText('考评员证书编号', 50),
    valid_until: dateText('有效期至'),
  })
  .refine((b) => b.level_high <= b.level_low, {
    message: '最高等级不能低于最低等级',
    path: ['level_high'],
  });
export type ExaminerQualificationBody = z.infer<typeof examinerQualificationBody>;

export const examinerQualificationRow = z.object({
  _id: z.string(),
  occupation_code: z.string(),
  occupation_name: z.string(),
  level_low: z.number(),
  level_high: z.number(),
  level_text: z.string(),
  certificate_no: z.string(),
  valid_until: z.string(),
  expired: z.boolean(),
  create_time_str: z.string(),
});
export type ExaminerQualificationRow = z.infer<typeof examinerQualificationRow>;

export const levelRangeText = (low: number, high: number): string =>
  low === high ? skillLevelName(low) : `${skillLevelName(low)} 至 ${skillLevelName(high)}`;

export interface QualificationFacts {
  occupationCode: string;
  occupationName: string;
  levelLow: number;
  levelHigh: number;
  certificateNo: string;
  validUntil: string;
}

/**
 * What an examiner's qualifications do not cover of a plan (occupation, level, valid on the exam day): a refusal
 * when they have none at all, else warnings naming what is missing (empty when one covers everything).
 */
export function qualificationCheck(
  examinerName: string,
  quals: readonly QualificationFacts[],
  plan: {
    occupationCode: string | null;
    occupationName: string | null;
    level: number | null;
    examDate: string | null;
  },
): { refusal: string | null; warnings: string[] } {
  if (quals.length === 0)
    return { refusal: `${examinerName}没有登记考评员资格，不能分配考评任务`, warnings: [] };
  if (!plan.occupationCode) return { refusal: null, warnings: [] };
  const ofOccupation = quals.filter((q) => q.occupationCode === plan.occupationCode);
  if (ofOccupation.length === 0)
    return {
      refusal: null,
      warnings: [`${examinerName}的考评员资格不含职业「${plan.occupationName ?? plan.occupationCode}」`],
    };
  const level = plan.level;
  const ofLevel =
    level === null ? ofOccupation : ofOccupation.filter((q) => q.levelHigh <= level && level <= q.levelLow);
  if (ofLevel.length === 0)
    return {
      refusal: null,
      warnings: [`${examinerName}的「${plan.occupationName}」考评员资格不含${skillLevelName(level ?? 0)}`],
    };
  const date = plan.examDate;
  if (date && ofLevel.every((q) => q.validUntil < date)) {
    const q = [...ofLevel].sort((a, b) => (a.validUntil < b.validUntil ? 1 : -1))[0];
    return {
      refusal: null,
      warnings: [
        `${examinerName}的考评员资格（证书编号 ${q.certificateNo}）${q.validUntil}到期，早于考试日期 ${date}`,
      ],
    };
  }
  return { refusal: null, warnings: [] };
}
