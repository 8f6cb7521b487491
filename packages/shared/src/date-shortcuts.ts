/** Date-range picker shortcuts (spec §9): last week, last month (30 days), last 3 months (90 days). */
export interface DateRangeShortcut {
  label: string;
  range: [Date, Date];
}

const DAY_MS = 24 * 60 * 60_000;

export const DATE_RANGE_SHORTCUT_DAYS = [
  { label: '最近一周', days: 7 },
  { label: '最近一个月', days: 30 },
  { label: '最近三个月', days: 90 },
] as const;

/** Each range is [now minus N days, now], as fresh Date objects (callers may mutate them). */
export function dateRangeShortcuts(now: Date = new Date()): DateRangeShortcut[] {
  const end = now.getTime();
  return DATE_RANGE_SHORTCUT_DAYS.map(({ label, days }) => ({
    label,
    range: [new Date(end - days * DAY_MS), new Date(end)],
  }));
}
