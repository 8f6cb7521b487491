import { ISSUE_DATE_GRACE_DAYS } from '@skill-cert/shared/certificates';
import { addDays, formatDate } from '@skill-cert/shared/time';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { issueDateRefusal, outsideDateRange } from './forms';

const today = formatDate(new Date());
const end = { day: '2026-03-10', name: '评价结束日期' };

describe('date pickers follow the server’s date rules', () => {
  it('a year outside 1900–2100 is greyed out', () => {
    expect(outsideDateRange(dayjs('1899-12-31'))).toBe(true);
    expect(outsideDateRange(dayjs('2101-01-01'))).toBe(true);
    expect(outsideDateRange(dayjs('1900-01-01'))).toBe(false);
    expect(outsideDateRange(dayjs('2100-12-31'))).toBe(false);
  });

  it('an issue date: from the evaluation’s end to today plus the grace, as the server says it', () => {
    expect(issueDateRefusal(dayjs('2026-03-09'), end)).toBe('发证日期不能早于评价结束日期');
    expect(issueDateRefusal(dayjs('2026-03-10'), end)).toBeNull();
    expect(issueDateRefusal(dayjs(addDays(today, ISSUE_DATE_GRACE_DAYS)), end)).toBeNull();
    const latest = addDays(today, ISSUE_DATE_GRACE_DAYS);
    expect(issueDateRefusal(dayjs(addDays(latest, 1)), end)).toBe(
      `发证日期不能晚于${latest}（今天起${ISSUE_DATE_GRACE_DAYS}天内）`,
    );
    expect(issueDateRefusal(dayjs('1899-06-01'))).toBe('发证日期的年份应在1900至2100之间');
  });
});
