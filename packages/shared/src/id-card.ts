/** 18-character PRC resident ID numbers (GB 11643-1999), spec §5. */

export interface IdCardInfo {
  /** 1 = male (17th digit odd), 2 = female. */
  gender: 1 | 2;
  genderText: '男' | '女';
  /** 'YYYY-MM-DD'. */
  birthday: string;
  /** Whole years at the reference day. */
  age: number;
  /** First 6 digits: the administrative division code. */
  regionCode: string;
}

const FORMAT = /^\d{17}[\dXx]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CODES = '10X98765432';

/** The GB 11643 check character for the first 17 digits. */
function checkDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CODES[sum % 11];
}

/** A valid 18-character ID number from its first 17 digits (demo data, tests). */
export const withCheckDigit = (first17: string): string => `${first17}${checkDigit(first17)}`;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Parses an 18-character ID number; null when the format, the birth date (must be a real calendar date,
 * not after `today`) or the check digit is wrong. Surrounding spaces are ignored; a lower-case x is accepted.
 * Age uses the local calendar date of `today`.
 */
export function parseIdCard(id: string, today: Date = new Date()): IdCardInfo | null {
  if (typeof id !== 'string') return null;
  const value = id.trim().toUpperCase();
  if (!FORMAT.test(value)) return null;
  if (checkDigit(value.slice(0, 17)) !== value[17]) return null;

  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return null;
  }

  const ty = today.getFullYear();
  const tm = today.getMonth() + 1;
  const td = today.getDate();
  if (year > ty || (year === ty && (month > tm || (month === tm && day > td)))) return null;
  const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);

  const gender: 1 | 2 = Number(value[16]) % 2 === 1 ? 1 : 2;
  return {
    gender,
    genderText: gender === 1 ? '男' : '女',
    birthday: `${year}-${pad2(month)}-${pad2(day)}`,
    age,
    regionCode: value.slice(0, 6),
  };
}

/** True when parseIdCard accepts the number. */
export function isValidIdCard(id: string, today: Date = new Date()): boolean {
  return parseIdCard(id, today) !== null;
}

/**
 * Keeps the first 3 and last 4 characters and replaces the rest with '*', keeping the length
 * (110105194912310021 -> 110***********0021). Values of 7 characters or fewer are returned unchanged;
 * null or undefined give ''.
 */
export function maskIdCard(id: string | null | undefined): string {
  if (id === null || id === undefined) return '';
  if (id.length <= 7) return id;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}
