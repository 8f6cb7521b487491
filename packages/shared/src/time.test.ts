import { describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  dayTextProblem,
  formatDate,
  formatDateTime,
  toTimestamp,
} from './time.ts';

describe('formatDateTime', () => {
  it('formats as YYYY-MM-DD HH:mm:ss in Asia/Shanghai (UTC+8)', () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02 11:04:05');
  });

  it('rolls over to the next Shanghai day after 16:00 UTC', () => {
    expect(formatDateTime(Date.UTC(2023, 11, 31, 16, 0, 0))).toBe('2024-01-01 00:00:00');
  });

  it('has no daylight saving time', () => {
    expect(formatDateTime(Date.UTC(2024, 6, 1, 0, 0, 0))).toBe('2024-07-01 08:00:00');
  });

  it('accepts Date, epoch-millisecond number and ISO string inputs', () => {
    const t = Date.UTC(2024, 5, 15, 4, 30, 0);
    expect(formatDateTime(new Date(t))).toBe('2024-06-15 12:30:00');
    expect(formatDateTime(t)).toBe('2024-06-15 12:30:00');
    expect(formatDateTime('2024-06-15T04:30:00Z')).toBe('2024-06-15 12:30:00');
    expect(formatDateTime('2024-06-15T12:30:00+08:00')).toBe('2024-06-15 12:30:00');
  });

  it('reads zone-less wall-time strings as Shanghai time (round trip)', () => {
    expect(formatDateTime('2024-06-15 12:30:45')).toBe('2024-06-15 12:30:45');
    expect(toTimestamp('2024-06-15 12:30:45')).toBe(Date.UTC(2024, 5, 15, 4, 30, 45));
    expect(formatDateTime('2024-06-15')).toBe('2024-06-15 00:00:00');
  });

  it('returns an empty string for an invalid input', () => {
    expect(formatDateTime('nope')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('2023-02-30 10:00:00')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDate', () => {
  it('formats as YYYY-MM-DD in Asia/Shanghai', () => {
    expect(formatDate(Date.UTC(2024, 1, 29, 16, 0, 0))).toBe('2024-03-01');
  });
});

describe('dayTextProblem: one rule for every date the API accepts', () => {
  it('a day that exists, in 1900–2100, is accepted (leap days of leap years too)', () => {
    for (const day of ['2026-02-28', '2024-02-29', '2000-02-29', '1900-01-01', '2100-12-31', '2026-04-30'])
      expect(dayTextProblem(day), day).toBeNull();
  });

  it('a day the calendar does not have is refused, never rolled over (2026-02-30 is not 2026-03-02)', () => {
    for (const day of [
      '2026-02-30',
      '2026-04-31',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
    ])
      expect(dayTextProblem(day), day).toBe('calendar');
  });

  it(`a year outside ${DATE_YEAR_MIN}–${DATE_YEAR_MAX} is refused (0000-01-01, 0099-06-01, 9999-12-31)`, () => {
    for (const day of ['0000-01-01', '0099-06-01', '1899-12-31', '2101-01-01', '9999-12-31'])
      expect(dayTextProblem(day), day).toBe('range');
  });

  it('anything but YYYY-MM-DD is a format problem', () => {
    for (const text of ['2026/01/01', '2026-1-1', '20260101', '2026-01-01T00:00:00Z', ' 2026-01-01', ''])
      expect(dayTextProblem(text), text).toBe('format');
  });
});

describe('addDays', () => {
  it('counts calendar days across months, leap days and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('0099-06-01', 0)).toBe('0099-06-01');
  });
});
