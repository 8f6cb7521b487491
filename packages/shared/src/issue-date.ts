import { addDays } from './time.ts';

// Without zod: the web app's date pickers check it on the signed-in shell's first screens.

/**
 * How many days after today a certificate may be dated: a company prints certificates a few days ahead of the
 * ceremony that hands them out, and a browser's day may run ahead of Shanghai's.
 */
export const ISSUE_DATE_GRACE_DAYS = 7;

/**
 * The one rule of a certificate's issue date (grants, reissues, offline batches, their forms): not before `earliest`
 * (the evaluation's end; for a reissue the replaced certificate's issue date), not after today plus
 * ISSUE_DATE_GRACE_DAYS. Days are 'YYYY-MM-DD' (today in Shanghai: formatDate(new Date())). Null when it may.
 */
export function issueDateProblem(
  issueDate: string,
  today: string,
  earliest: { day: string | null; name: string } = { day: null, name: '' },
): string | null {
  if (earliest.day && issueDate < earliest.day) return `发证日期不能早于${earliest.name}`;
  const latest = addDays(today, ISSUE_DATE_GRACE_DAYS);
  if (issueDate > latest) return `发证日期不能晚于${latest}（今天起${ISSUE_DATE_GRACE_DAYS}天内）`;
  return null;
}

/** The `earliest` of issueDateProblem for a certificate of an evaluation that ended on `endDate`. */
export const evaluationEnd = (endDate: string | null) => ({ day: endDate, name: '评价结束日期' });
