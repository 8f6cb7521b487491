import { z } from 'zod';

/**
 * 数据看板 (platform): what the platform runs, counted by the database. Months are `YYYY-MM` (China time); the range is
 * inclusive and at most 60 months; without one, the last 12 months up to this one.
 */

export const MAX_DASHBOARD_MONTHS = 60;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const monthParam = (label: string) =>
  z
    .string()
    .trim()
    .regex(MONTH, { error: `${label}格式应为 YYYY-MM` })
    .optional()
    .or(z.literal('').transform(() => undefined));

export const dashboardQuery = z
  .object({ start_month: monthParam('开始月份'), end_month: monthParam('结束月份') })
  .refine((q) => !q.start_month || !q.end_month || q.start_month <= q.end_month, {
    error: '开始月份不能晚于结束月份',
    path: ['end_month'],
  })
  .refine(
    (q) =>
      !q.start_month || !q.end_month || monthsBetween(q.start_month, q.end_month) <= MAX_DASHBOARD_MONTHS,
    {
      error: `时间范围最长 ${MAX_DASHBOARD_MONTHS} 个月`,
      path: ['end_month'],
    },
  );
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** How many months `from`…`to` (both `YYYY-MM`) covers, both counted. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** Every month of the range, in order. */
export function monthsOf(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number);
  return Array.from({ length: Math.max(0, monthsBetween(from, to)) }, (_, i) => {
    const m = fm - 1 + i;
    return `${fy + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
}

/** Companies of one type (1 企业, 2 培训评价机构) by state. */
export const companyStateCounts = z.object({
  type: z.number(),
  type_text: z.string(),
  total: z.number(),
  /** Holding an approved filing. */
  filed: z.number(),
  /** A filing waits for the platform. */
  pending: z.number(),
  frozen: z.number(),
});

export const monthCount = z.object({
  month: z.string(),
  evaluations: z.number(),
  test_plans: z.number(),
  /** Certificates issued that month (valid, revoked or reissued since), and revoked among them. */
  certificates: z.number(),
  revoked: z.number(),
  /** Candidates of plans whose results were approved, by the plan's end month, and those who passed. */
  candidates: z.number(),
  passed: z.number(),
  /** passed / candidates in percent with one decimal; null without candidates. */
  pass_rate: z.number().nullable(),
});
export type MonthCount = z.infer<typeof monthCount>;

export const keyCount = z.object({ key: z.string(), label: z.string(), count: z.number() });
export type KeyCount = z.infer<typeof keyCount>;

export const dashboardData = z.object({
  start_month: z.string(),
  end_month: z.string(),
  companies: z.array(companyStateCounts),
  /** Requests waiting for the platform, by kind. */
  waiting: z.array(keyCount),
  months: z.array(monthCount),
  /** Certificates issued in the range by level (五级 … 一级), occupation (the 10 most, then 其他) and province. */
  by_level: z.array(keyCount),
  by_occupation: z.array(keyCount),
  by_province: z.array(keyCount),
  totals: z.object({
    evaluations: z.number(),
    test_plans: z.number(),
    certificates: z.number(),
    revoked: z.number(),
    candidates: z.number(),
    passed: z.number(),
    pass_rate: z.number().nullable(),
  }),
});
export type DashboardData = z.infer<typeof dashboardData>;

/** Percent with one decimal, or null for 0 of 0. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
