import { type DateInput, formatDate, toTimestamp } from './time.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time for message lists (spec §9): '刚刚' under 30 s (and for future times), 'N分钟前' under an hour
 * (at least 1), 'N小时前' under 24 h, '1天前' for 24–48 h.
 * Chosen for 48 h and older: the date 'YYYY-MM-DD' (Asia/Shanghai), not 'N天前'.
 * Returns '' for an invalid time.
 */
export function relativeTime(time: DateInput, now: number = Date.now()): string {
  const t = toTimestamp(time);
  if (Number.isNaN(t)) return '';
  const diff = now - t;
  if (diff < 30 * SECOND) return '刚刚';
  if (diff < HOUR) return `${Math.max(1, Math.floor(diff / MINUTE))}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return formatDate(t);
}
