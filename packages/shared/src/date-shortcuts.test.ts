import { describe, expect, it } from 'vitest';
import { dateRangeShortcuts } from './date-shortcuts.ts';

const DAY = 24 * 60 * 60_000;
const now = new Date(Date.UTC(2024, 5, 15, 4, 0, 0));

describe('dateRangeShortcuts', () => {
  it('offers last week, last month and last three months in that order', () => {
    expect(dateRangeShortcuts(now).map((s) => s.label)).toEqual(['最近一周', '最近一个月', '最近三个月']);
  });

  it('starts each range 7, 30 and 90 days before now and ends at now', () => {
    const ranges = dateRangeShortcuts(now).map((s) => s.range.map((d) => d.getTime()));
    expect(ranges).toEqual([
      [now.getTime() - 7 * DAY, now.getTime()],
      [now.getTime() - 30 * DAY, now.getTime()],
      [now.getTime() - 90 * DAY, now.getTime()],
    ]);
  });

  it('returns fresh Date objects, not the passed-in one', () => {
    const [week, month] = dateRangeShortcuts(now);
    expect(week.range[1]).not.toBe(now);
    expect(week.range[1]).not.toBe(month.range[1]);
    expect(week.range[1]).toBeInstanceOf(Date);
  });

  it('defaults now to the current time', () => {
    const before = Date.now();
    const end = dateRangeShortcuts()[0].range[1].getTime();
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end).toBeLessThanOrEqual(Date.now());
  });
});
