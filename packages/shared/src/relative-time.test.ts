import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = Date.UTC(2024, 5, 15, 4, 0, 0); // 2024-06-15 12:00:00 Shanghai
const ago = (ms: number) => now - ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('relativeTime', () => {
  it("returns '刚刚' under 30 seconds", () => {
    expect(relativeTime(ago(0), now)).toBe('刚刚');
    expect(relativeTime(ago(29_999), now)).toBe('刚刚');
  });

  it("returns '刚刚' for future times", () => {
    expect(relativeTime(now + H, now)).toBe('刚刚');
  });

  it("returns 'N分钟前' under an hour, at least 1", () => {
    expect(relativeTime(ago(30 * S), now)).toBe('1分钟前');
    expect(relativeTime(ago(5 * M + 59 * S), now)).toBe('5分钟前');
    expect(relativeTime(ago(H - 1), now)).toBe('59分钟前');
  });

  it("returns 'N小时前' under 24 hours", () => {
    expect(relativeTime(ago(H), now)).toBe('1小时前');
    expect(relativeTime(ago(24 * H - 1), now)).toBe('23小时前');
  });

  it("returns '1天前' from 24 to 48 hours", () => {
    expect(relativeTime(ago(24 * H), now)).toBe('1天前');
    expect(relativeTime(ago(48 * H - 1), now)).toBe('1天前');
  });

  it('returns the date YYYY-MM-DD (Shanghai) from 48 hours on', () => {
    expect(relativeTime(ago(48 * H), now)).toBe('2024-06-13');
    expect(relativeTime(new Date(Date.UTC(2024, 0, 1, 16, 30)), now)).toBe('2024-01-02');
  });

  it('accepts Date, ISO string, wall-time string and epoch number inputs', () => {
    expect(relativeTime(new Date(ago(2 * H)), now)).toBe('2小时前');
    expect(relativeTime(new Date(ago(3 * H)).toISOString(), now)).toBe('3小时前');
    expect(relativeTime('2024-06-15 11:50:00', now)).toBe('10分钟前');
    expect(relativeTime(ago(10 * M), now)).toBe('10分钟前');
  });

  it('returns an empty string for an invalid time', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
