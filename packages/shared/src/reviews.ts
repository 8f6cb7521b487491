import { z } from 'zod';
import { dateParam, keywordParam, optionalParam } from './fields.ts';
import { paged, pageQuery } from './pagination.ts';

/**
 * 审核中心 (platform): every request that waits for the platform, in one queue. A kind is one source of such requests;
 * a later issue adds its kind here and a source on the server (modules/reviews).
 */
export const ReviewKind = {
  ENTERPRISE_FILING: 'enterprise-filing',
  INSTITUTION_FILING: 'institution-filing',
} as const;
export type ReviewKindValue = (typeof ReviewKind)[keyof typeof ReviewKind];
export const reviewKinds = Object.values(ReviewKind) as [ReviewKindValue, ...ReviewKindValue[]];
export const reviewKindNames: Record<ReviewKindValue, string> = {
  'enterprise-filing': '企业备案',
  'institution-filing': '机构备案',
};

const KIND_MESSAGE = `审核类型只能是${Object.values(reviewKindNames).join('、')}`;
export const reviewKind = z.enum(reviewKinds, { error: KIND_MESSAGE });

/**
 * Where an item stands: `single` 待审核 (one step), `first` 待初审 and `second` 待复审 (two steps on for its kind).
 * The filter `step=first` finds what nobody has reviewed yet (待审核 and 待初审), `step=second` what waits for 复审.
 */
export const ReviewStep = { SINGLE: 'single', FIRST: 'first', SECOND: 'second' } as const;
export type ReviewStepValue = (typeof ReviewStep)[keyof typeof ReviewStep];
export const reviewStepNames: Record<ReviewStepValue, string> = {
  single: '待审核',
  first: '待初审',
  second: '待复审',
};

export const reviewFilters = z.object({
  kind: optionalParam(reviewKind),
  /** The title (a filing's record number) or the submitting company's name. */
  keyword: keywordParam,
  /** Submitted on or after / on or before (days in China). */
  start_date: dateParam('提交开始日期'),
  end_date: dateParam('提交结束日期'),
  step: optionalParam(z.enum(['first', 'second'], { error: '审核步骤只能是待初审或待复审' })),
});
export type ReviewFilters = z.infer<typeof reviewFilters>;
export const reviewListQuery = reviewFilters.extend(pageQuery.shape);
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const reviewParams = z.object({
  kind: reviewKind,
  id: z.string({ error: '审核事项不存在' }).uuid('审核事项不存在'),
});

/** A row of the queue. */
export const reviewRow = z.object({
  _id: z.string(),
  kind: reviewKind,
  kind_text: z.string(),
  title: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  submitted_at_str: z.string(),
  step: z.enum(['single', 'first', 'second']),
  step_text: z.string(),
  /** Who made the 初审 (step `second`), else null. */
  first_reviewer_name: z.string().nullable(),
  /** The item's own page in the web app (its full detail), e.g. the company page of a filing. */
  link: z.string(),
});
export type ReviewRow = z.infer<typeof reviewRow>;
export const reviewPage = paged(reviewRow);

/** `GET /api/reviews/counts`: what waits, by kind (the menu badge shows `total`). */
export const reviewCounts = z.object({
  total: z.number(),
  kinds: z.array(z.object({ kind: reviewKind, kind_text: z.string(), count: z.number() })),
});
export type ReviewCounts = z.infer<typeof reviewCounts>;

/** One item of the queue with what a reviewer reads before deciding, and its timeline (oldest first). */
export const reviewDetail = reviewRow.extend({
  /** Still waiting for the platform: the decision buttons show. */
  waiting: z.boolean(),
  /** Where it stands once decided, or 待审核. */
  status_text: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  timeline: z.array(
    z.object({
      _id: z.string(),
      action: z.string(),
      action_text: z.string(),
      user_name: z.string(),
      note: z.string().nullable(),
      create_time_str: z.string(),
    }),
  ),
});
export type ReviewDetail = z.infer<typeof reviewDetail>;

/** `POST /api/reviews/{kind}/{id}/decision`: 通过, or 驳回 with its reason (the company reads it). */
export const reviewDecisionBody = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      decision: z.enum(['approve', 'reject'], { error: '请选择审核结果：通过或驳回' }),
      reason: z
        .string({ error: '驳回原因格式不正确' })
        .trim()
        .max(500, '驳回原因不能超过500个字符')
        .nullish()
        .transform((v) => v || null),
    })
    .superRefine((body, ctx) => {
      if (body.decision === 'reject' && !body.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: '请输入驳回原因' });
    }),
);
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;

/** What a decision did: 初审通过 (the item waits for 复审), or the final 通过 / 驳回. */
export const ReviewOutcome = {
  FIRST_APPROVED: 'first-approved',
  APPROVED: 'approved',
  REJECTED: 'rejected',
} as const;
export type ReviewOutcomeValue = (typeof ReviewOutcome)[keyof typeof ReviewOutcome];
export const reviewOutcomeMessages: Record<ReviewOutcomeValue, string> = {
  'first-approved': '初审通过，等待复审',
  approved: '已通过',
  rejected: '已驳回',
};
export const reviewDecisionResult = z.object({
  kind: reviewKind,
  _id: z.string(),
  outcome: z.enum(['first-approved', 'approved', 'rejected']),
});
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResult>;

/** `GET/PUT /api/reviews/settings`: the two-step review (初审 / 复审) of each kind, off unless turned on. */
export const reviewSettings = z.object({
  kinds: z.array(z.object({ kind: reviewKind, kind_text: z.string(), two_step: z.boolean() })),
});
export type ReviewSettings = z.infer<typeof reviewSettings>;
export const reviewSettingsBody = z.object({
  kinds: z
    .array(z.object({ kind: reviewKind, two_step: z.boolean({ error: '请选择是否开启两级审核' }) }), {
      error: '请提交各审核类型的设置',
    })
    .min(1, '请提交各审核类型的设置'),
});
export type ReviewSettingsBody = z.infer<typeof reviewSettingsBody>;
