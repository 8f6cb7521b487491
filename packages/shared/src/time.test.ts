import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toTimestamp } from './time.ts';

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
