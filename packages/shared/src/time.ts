/**
 * Date-time formatting in the product's zone, Asia/Shanghai (UTC+8, no DST).
 * Done with plain offset arithmetic, not Intl zone data, so the output is the same on every machine.
 */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

export type DateInput = Date | string | number;

/** Zone-less 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (space or T), as the API's *_str fields. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch milliseconds of a date input, or NaN when it is not a valid time.
 * Numbers are epoch milliseconds; zone-less wall-time strings are read as Shanghai time;
 * other strings (ISO with Z or an offset) go through Date.parse.
 */
export function toTimestamp(d: DateInput): number {
  if (d instanceof Date) return d.getTime();
  if (typeof d === 'number') return Number.isFinite(d) ? d : Number.NaN;
  if (typeof d !== 'string') return Number.NaN;
  const s = d.trim();
  const m = WALL_TIME.exec(s);
  if (!m) return s === '' ? Number.NaN : Date.parse(s);
  const [, y, mo, day, h = '0', mi = '0', sec = '0'] = m;
  const year = Number(y);
  const month = Number(mo);
  const date = Number(day);
  const utc = Date.UTC(year, month - 1, date, Number(h), Number(mi), Number(sec));
  const check = new Date(utc);
  // Reject impossible wall times such as 2023-02-30 or 25:00 instead of rolling them over.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== date ||
    check.getUTCHours() !== Number(h) ||
    check.getUTCMinutes() !== Number(mi) ||
    check.getUTCSeconds() !== Number(sec)
  ) {
    return Number.NaN;
  }
  return utc - SHANGHAI_OFFSET_MS;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The Shanghai wall clock of an instant, as a Date whose UTC fields carry it. */
function shanghaiFields(d: DateInput): Date | null {
  const t = toTimestamp(d);
  return Number.isNaN(t) ? null : new Date(t + SHANGHAI_OFFSET_MS);
}

/** 'YYYY-MM-DD' in Asia/Shanghai; '' for an invalid input. */
export function formatDate(d: DateInput): string {
  const s = shanghaiFields(d);
  if (!s) return '';
  return `${pad(s.getUTCFullYear(), 4)}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (the API's *_str fields); '' for an invalid input. */
export function formatDateTime(d: DateInput): string {
  const s = shanghaiFields(d);
  if (!s) return '';
  return `${formatDate(d)} ${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`;
}

/**
 * The years a date field of the API accepts (dates of evaluations and certificates, and the filters over them):
 * nothing this product records happened before 1900 or is planned after 2100, and PostgreSQL's own range
 * (4713 BC to AD 5874897) would let 0099 or 9999 through.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

/** A calendar day as the API writes it: 'YYYY-MM-DD'. */
export const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/**
 * Why a text is not a day the API accepts, or null when it is one: 'format' (not 'YYYY-MM-DD'), 'calendar' (no
 * such day: 2026-02-30, 2026-04-31, 2026-13-01; never rolled over as Date.parse does), 'range' (a year outside
 * DATE_YEAR_MIN..DATE_YEAR_MAX: 0000-01-01, 9999-12-31).
 */
export function dayTextProblem(text: string): 'format' | 'calendar' | 'range' | null {
  if (!DAY_TEXT.test(text)) return 'format';
  const [y, m, d] = text.split('-').map(Number);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return 'calendar';
  if (y < DATE_YEAR_MIN || y > DATE_YEAR_MAX) return 'range';
  return null;
}

/** dayTextProblem as the message that names the field by `label` (every date field's, dateText in fields.ts). */
export function dayTextMessage(label: string, text: string): string | null {
  const problem = dayTextProblem(text);
  if (problem === 'format') return `${label}应为“年-月-日”格式，如 2026-01-31`;
  if (problem === 'calendar') return `${label}不是有效日期：${text} 这一天不存在`;
  if (problem === 'range') return `${label}的年份应在${DATE_YEAR_MIN}至${DATE_YEAR_MAX}之间`;
  return null;
}

/** The day `days` days after the day 'YYYY-MM-DD' (before it when negative), calendar arithmetic without zones. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  t.setUTCFullYear(y, m - 1, d + days);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
