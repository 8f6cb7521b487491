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
