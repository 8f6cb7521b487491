import { z } from 'zod';
import { dateText, optionalParam } from './fields.ts';
import { paged, pageQuery } from './pagination.ts';

/**
 * 数据上报 (platform): issued, reissued and revoked certificates exported for the national skill-certificate database,
 * per issue-date period and company; each export holds only what changed since the last (decision 42).
 */

/** What a row of a report tells the national database. */
export const ReportKind = { ISSUED: 1, REISSUED: 2, REVOKED: 3, REPLACED: 4 } as const;
export type ReportKindValue = (typeof ReportKind)[keyof typeof ReportKind];
export const reportKindText: Record<ReportKindValue, string> = {
  1: '发证',
  2: '换发',
  3: '撤销',
  4: '注销（已换发）',
};

/** A certificate's report state as its library shows it; null for a custom certificate (never reported). */
export const ReportState = { NOT_REPORTED: 0, REPORTED: 1, CHANGED: 2 } as const;
export type ReportStateValue = (typeof ReportState)[keyof typeof ReportState];
export const reportStateText: Record<ReportStateValue, string> = {
  0: '未上报',
  1: '已上报',
  2: '变更待上报',
};

/** Every report covers at most this many days of issue dates (a year and a day). */
export const MAX_REPORT_DAYS = 366;

const companyId = z.string().uuid('单位不存在').nullable().optional();

/** What a report takes: one company (or all, null) and the issue dates, both included. */
export const reportScope = z
  .object({
    company_id: companyId.transform((v) => v ?? null),
    start_date: dateText('开始日期'),
    end_date: dateText('结束日期'),
  })
  .refine((s) => s.start_date <= s.end_date, { error: '开始日期不能晚于结束日期', path: ['end_date'] })
  .refine((s) => (Date.parse(s.end_date) - Date.parse(s.start_date)) / 86_400_000 < MAX_REPORT_DAYS, {
    error: `上报时间范围最长 ${MAX_REPORT_DAYS} 天`,
    path: ['end_date'],
  });
export type ReportScope = z.infer<typeof reportScope>;

/** What the next report of a scope would hold, by kind. */
export const reportPending = z.object({
  issued: z.number(),
  reissued: z.number(),
  revoked: z.number(),
  replaced: z.number(),
  total: z.number(),
});
export type ReportPending = z.infer<typeof reportPending>;

export const reportListQuery = pageQuery.extend({
  company_id: optionalParam(z.string().uuid('单位不存在')),
});
export type ReportListQuery = z.infer<typeof reportListQuery>;

export const reportRow = reportPending.extend({
  _id: z.string(),
  company_id: z.string().nullable(),
  /** '全部单位' for a report of every company. */
  company_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  created_by_name: z.string(),
  create_time_str: z.string(),
});
export type ReportRow = z.infer<typeof reportRow>;
export const reportPage = paged(reportRow);

/** The columns of a report's .xlsx, in order (documented in docs/api.md "数据上报"). */
export const REPORT_COLUMNS = [
  '上报类型',
  '证书编号',
  '原证书编号',
  '姓名',
  '证件类型',
  '证件号码',
  '职业编码',
  '职业名称',
  '工种/职业方向',
  '职业技能等级',
  '发证日期',
  '评价机构名称',
  '评价机构代码',
  '证书状态',
  '撤销日期',
  '撤销原因',
] as const;
