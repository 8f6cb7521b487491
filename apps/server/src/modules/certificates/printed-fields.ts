import { BlankType, type TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { type SkillLevelCode, skillLevelFromText } from '@skill-cert/shared/occupations';
import { ID_CARD_BLANK, ISSUE_DATE_BLANK, NAME_BLANK } from '../certificate-engine/service.ts';
import type { BlankValue } from '../certificate-engine/types.ts';

/** The library's fields of a certificate whose values are typed by its company (a custom batch's row). */
export interface PrintedFields {
  holderName: string;
  idNumber: string;
  certificateNo: string | null;
  occupationName: string | null;
  workType: string | null;
  level: SkillLevelCode | null;
  institutionName: string | null;
  /** YYYY-MM-DD when the printed 发证日期 is a date; null otherwise (the library then takes the generation day). */
  issueDate: string | null;
  /** Every text value, for the batch list's search. */
  searchText: string;
}

/**
 * What the library lists and searches a custom certificate by: what it prints under the default blank names
 * (姓名, 身份证号, 证书编号, 职业名称, 工种/职业方向, 职业技能等级, 评价机构名称, 发证日期), so the library shows what
 * the certificate shows and finds it by its printed number.
 */
export function printedFields(
  blanks: readonly TemplateBlank[],
  values: readonly BlankValue[],
): PrintedFields {
  const byName = new Map(values.map((v) => [v.name, v.val.trim()]));
  const text = (name: string) => byName.get(name) || null;
  const textBlanks = new Set(blanks.filter((b) => b.blank_type === BlankType.TEXT).map((b) => b.name));
  return {
    holderName: text(NAME_BLANK) ?? '',
    idNumber: text(ID_CARD_BLANK) ?? '',
    certificateNo: text('certificate_no'),
    occupationName: text('occupation'),
    workType: text('work_type'),
    level: skillLevelFromText(text('level') ?? ''),
    institutionName: text('organization'),
    issueDate: dateFromText(text(ISSUE_DATE_BLANK) ?? ''),
    searchText: values
      .filter((v) => textBlanks.has(v.name) && v.val)
      .map((v) => v.val)
      .join(' '),
  };
}

const CHINESE_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
  一: '1',
  二: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};

/** 十二 → 12, 二十一 → 21, 三十 → 30, 九 → 9 (a month or a day written in Chinese numerals). */
function chineseNumber(text: string): string {
  if (/^\d+$/.test(text)) return text;
  const m = /^([一二三])?十([一二三四五六七八九])?$/.exec(text);
  if (m)
    return String((m[1] ? Number(CHINESE_DIGITS[m[1]]) : 1) * 10 + (m[2] ? Number(CHINESE_DIGITS[m[2]]) : 0));
  return [...text].map((c) => CHINESE_DIGITS[c] ?? c).join('');
}

/**
 * A printed date as YYYY-MM-DD: 2026-03-01, 2026/3/1, 2026.3.1, 2026年3月1日, 二〇二六年三月一日. Null unless the date
 * exists in the calendar (no 2月30日) and its year is plausible for a certificate.
 */
export function dateFromText(text: string): string | null {
  const m =
    /^\s*([0-9〇零一二三四五六七八九]{4})\s*[-/.年]\s*([0-9一二三四五六七八九十]{1,3})\s*[-/.月]\s*([0-9一二三四五六七八九十]{1,3})\s*日?\s*$/.exec(
      text,
    );
  if (!m) return null;
  const [year, month, day] = [chineseNumber(m[1]), chineseNumber(m[2]), chineseNumber(m[3])].map(Number);
  if (![year, month, day].every(Number.isInteger) || year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
