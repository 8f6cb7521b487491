import { companyTypeText } from '@skill-cert/shared/companies';
import {
  type DashboardData,
  type DashboardQuery,
  type KeyCount,
  type MonthCount,
  monthsOf,
  percentOf,
} from '@skill-cert/shared/dashboard';
import { skillLevelName } from '@skill-cert/shared/occupations';
import { ReviewKind } from '@skill-cert/shared/reviews';
import { formatDate } from '@skill-cert/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { regionNames } from '../area/service.ts';
import { certificateMonthCounts } from '../certificates/service.ts';
import { companyTypeCounts } from '../companies/service.ts';
import { planMonthCounts } from '../level-evaluations/service.ts';
import { occupationsByCode } from '../occupations/service.ts';
import { filingStateCounts } from '../records/service.ts';

/** How many occupations the chart names; the rest are one slice, 其他. */
export const TOP_OCCUPATIONS = 10;
const NONE = '未填写';
/** The key of the 其他 slice (no occupation code looks like it). */
export const OTHER = 'other';

/** The last 12 months up to this one (China time), when the query names no range; one end alone spans 12 months. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const to = formatDate(now).slice(0, 7);
  return { from: monthsBack(to, 11), to };
}

function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const i = y * 12 + (m - 1) - n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * 数据看板: four aggregate queries run side by side, each its module's own (companies, filings, plans, certificates);
 * the certificates' from the counts their triggers keep. Nothing here reads a row per certificate or candidate.
 */
export async function dashboard(db: DbOrTx, query: DashboardQuery, now = new Date()): Promise<DashboardData> {
  const range = defaultRange(now);
  const from = query.start_month ?? (query.end_month ? monthsBack(query.end_month, 11) : range.from);
  const to = query.end_month ?? (query.start_month ? monthsBack(query.start_month, -11) : range.to);

  const [types, filings, plans, certificates] = await Promise.all([
    companyTypeCounts(db),
    filingStateCounts(db),
    planMonthCounts(db, from, to),
    certificateMonthCounts(db, from, to),
  ]);

  const companies = [1, 2].map((type) => ({
    type,
    type_text: companyTypeText[type],
    total: types.get(type)?.total ?? 0,
    frozen: types.get(type)?.frozen ?? 0,
    filed: filings.get(type)?.filed ?? 0,
    pending: filings.get(type)?.pending ?? 0,
  }));

  const months: MonthCount[] = monthsOf(from, to).map((month) => {
    const p = plans.get(month);
    const c = certificates.months.get(month);
    const candidates = p?.candidates ?? 0;
    const passed = p?.passed ?? 0;
    return {
      month,
      evaluations: p?.evaluations ?? 0,
      test_plans: p?.testPlans ?? 0,
      certificates: c?.issued ?? 0,
      revoked: c?.revoked ?? 0,
      candidates,
      passed,
      pass_rate: percentOf(passed, candidates),
    };
  });
  const sum = (pick: (m: MonthCount) => number) => months.reduce((n, m) => n + pick(m), 0);
  const candidates = sum((m) => m.candidates);
  const passed = sum((m) => m.passed);

  const labelled = (rows: { key: string; count: number }[], label: (key: string) => string): KeyCount[] =>
    rows.map((r) => ({ key: r.key, label: r.key ? label(r.key) : NONE, count: r.count }));
  // Names from 职业目录 (one read for every code shown).
  const catalogue = await occupationsByCode(db, certificates.byOccupation.map((r) => r.key).filter(Boolean));
  const occupations = labelled(certificates.byOccupation, (code) => catalogue.get(code)?.name ?? code);
  const byOccupation =
    occupations.length > TOP_OCCUPATIONS + 1
      ? [
          ...occupations.slice(0, TOP_OCCUPATIONS),
          {
            key: OTHER,
            label: '其他',
            count: occupations.slice(TOP_OCCUPATIONS).reduce((n, o) => n + o.count, 0),
          },
        ]
      : occupations;

  return {
    start_month: from,
    end_month: to,
    companies,
    waiting: [
      { key: ReviewKind.ENTERPRISE_FILING, label: '企业备案待审核', count: companies[0].pending },
      { key: ReviewKind.INSTITUTION_FILING, label: '机构备案待审核', count: companies[1].pending },
    ],
    months,
    by_level: labelled(
      [...certificates.byLevel].sort((a, b) => Number(b.key || 0) - Number(a.key || 0)),
      (key) => skillLevelName(Number(key)),
    ),
    by_occupation: byOccupation,
    by_province: labelled(certificates.byProvince, (code) => regionNames(`${code}0000`)[0] ?? code),
    totals: {
      evaluations: sum((m) => m.evaluations),
      test_plans: sum((m) => m.test_plans),
      certificates: sum((m) => m.certificates),
      revoked: sum((m) => m.revoked),
      candidates,
      passed,
      pass_rate: percentOf(passed, candidates),
    },
  };
}
