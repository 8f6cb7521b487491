import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import {
  evaluationMethodText,
  hasOneDecimal,
  IdType,
  idNumberProblem,
  idTypeText,
} from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import {
  FAIL_TEXT,
  OFFLINE_METHODS,
  OFFLINE_PASS_SCORE,
  OFFLINE_SHEET_KEY_COLUMNS,
  OFFLINE_SHEET_MAX_ROWS,
  PASS_TEXT,
  requiredOfflineMethods,
} from '@skill-cert/shared/offline-certificates';
import type { TableSpec } from '../certificate-engine/service.ts';
import {
  EXAMPLE_ROW_NAME,
  exampleRowProblem,
  isExampleRow,
  VALUE_MAX_LENGTH,
} from '../certificate-engine/service.ts';

/**
 * The draft rules of an offline batch, one function per rule so each has its own test: what a
 * holder's row must hold to be published. The server applies them when the sheet is read and when a draft is fixed.
 */

/** A draft's own fields, as the sheet (or a fix) gave them. */
export interface DraftFields {
  rowNumber: number;
  name: string;
  idType: number;
  /** The sheet's 证件类型 when it named no type (then `idType` is 1), else null. */
  idTypeText: string | null;
  idNumber: string;
  /** Method (as a string key) → the result as written. */
  results: Record<string, string>;
  /** The template's own blanks: name → value. */
  values: Record<string, string>;
  photoProblem: string | null;
}

/** What the rules judge a draft against: the batch's level and occupation, and the template's own blanks. */
export interface BatchRules {
  level: number;
  occupationName: string;
  workType: string | null;
  ownBlanks: TemplateBlank[];
  /** Whether levels 2 and 1 of the occupation need 综合评审 (职业目录; default yes). */
  comprehensiveReview?: boolean;
}

export const NAME_MAX = 32;
const ID_TYPES = new Map(Object.entries(idTypeText).map(([code, text]) => [text, Number(code)]));

/** 姓名 is required, at most 32 characters. */
export function nameProblem(name: string): string | null {
  if (!name.trim()) return '请填写姓名';
  return name.length > NAME_MAX ? `姓名不能超过${NAME_MAX}个字符` : null;
}

/** 证件类型 must be one of the five (blank reads as 居民身份证). */
export function idTypeProblem(idTypeText: string | null): string | null {
  return idTypeText === null
    ? null
    : `证件类型「${idTypeText}」不正确，应为：${[...ID_TYPES.keys()].join('、')}`;
}

/** The sheet's 证件类型 cell as a code, or the text that named none. */
export function idTypeOf(text: string): { idType: number; idTypeText: string | null } {
  if (!text) return { idType: IdType.RESIDENT, idTypeText: null };
  const code = ID_TYPES.get(text);
  return code === undefined
    ? { idType: IdType.RESIDENT, idTypeText: text }
    : { idType: code, idTypeText: null };
}

/** A result as written: true 合格, false not, null unreadable. 合格/不合格, 缺考/违纪/违规, or a score 0–100. */
export function resultPassed(value: string): boolean | null {
  if (value === PASS_TEXT) return true;
  if (value === FAIL_TEXT || value === '缺考' || value === '违纪' || value === '违规') return false;
  if (!/^\d+(\.\d)?$/.test(value)) return null;
  const score = Number(value);
  if (score > 100 || !hasOneDecimal(score)) return null;
  return score >= OFFLINE_PASS_SCORE;
}

/**
 * Each method's result: the level's required methods (理论知识考试 and 技能操作考核; 综合评审 too at levels 2 and 1) must
 * be 合格 or a score of at least 60; any other method may be blank, and when filled must pass too.
 */
export function resultProblems(
  level: number,
  results: Record<string, string>,
  comprehensiveReview = true,
): string[] {
  const required = new Set<number>(
    requiredOfflineMethods(level, { comprehensive_review: comprehensiveReview }),
  );
  const problems: string[] = [];
  for (const method of OFFLINE_METHODS) {
    const text = evaluationMethodText[method];
    const value = (results[String(method)] ?? '').trim();
    if (!value) {
      if (required.has(method)) problems.push(`请填写${text}结果`);
      continue;
    }
    const passed = resultPassed(value);
    if (passed === null) problems.push(`${text}结果「${value}」不正确，应为合格、不合格或0到100的成绩`);
    else if (!passed) problems.push(`${text}结果为「${value}」，未达到合格，不能发证`);
  }
  return problems;
}

/** The template's own blanks: required ones filled, none longer than 200 characters. */
export function blankProblems(ownBlanks: TemplateBlank[], values: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const b of ownBlanks) {
    const v = (values[b.name] ?? '').trim();
    if (b.required && !v) problems.push(`请填写${b.cn_name}`);
    else if (v.length > VALUE_MAX_LENGTH) problems.push(`${b.cn_name}不能超过${VALUE_MAX_LENGTH}个字符`);
  }
  return problems;
}

/** The same ID number twice in one batch: every later row is a problem, naming the first. */
export const duplicateInSheet = (idNumber: string, firstRow: number) =>
  `证件号码 ${idNumber} 与第 ${firstRow} 行重复`;

/** The holder already holds a valid certificate of the batch's occupation, 工种 and level from this company. */
export function holderProblem(rules: BatchRules): string {
  const scope = `${rules.occupationName}${rules.workType ? `（${rules.workType}）` : ''}${skillLevelName(rules.level)}`;
  return `已持有本单位${scope}的有效证书，不能重复发证`;
}

/**
 * A draft's problems from its own fields (the duplicates are the caller's: they need the other rows). The sheet
 * template's example row left in has that one problem: it must not be published.
 */
export function fieldProblems(d: DraftFields, rules: BatchRules): string[] {
  if (isExampleRow(d.name)) return [exampleRowProblem(d.rowNumber)];
  const idProblem = idTypeProblem(d.idTypeText) ?? idNumberProblem(d.idType, d.idNumber);
  return [
    nameProblem(d.name),
    idProblem,
    ...resultProblems(rules.level, d.results, rules.comprehensiveReview),
    ...blankProblems(rules.ownBlanks, d.values),
    d.photoProblem,
  ].filter((p): p is string => p !== null);
}

/** The sheet's columns for a template: 姓名, 证件类型, 证件号码, a result column per method, the own blanks. */
export function sheetColumns(ownBlanks: TemplateBlank[]): string[] {
  return [
    ...OFFLINE_SHEET_KEY_COLUMNS,
    ...OFFLINE_METHODS.map((m) => evaluationMethodText[m]),
    ...ownBlanks.map((b) => b.cn_name),
  ];
}

/** What the rules say of one draft: its problems and whether its holder already holds the certificate. */
export interface Judgement {
  problems: string[];
  duplicateHolder: boolean;
}

/**
 * Judges drafts of one batch together: each one's own fields, a duplicate ID number among `drafts` (the later rows;
 * `drafts` must hold every draft of the batch with the ID numbers concerned), and the holders of a valid certificate
 * of the batch's scope (`holders`, by ID number). Answers by row number.
 */
export function judgeDrafts(
  drafts: readonly DraftFields[],
  rules: BatchRules,
  holders: ReadonlySet<string>,
): Map<number, Judgement> {
  const firstRowOf = new Map<string, number>();
  for (const d of [...drafts].sort((a, b) => a.rowNumber - b.rowNumber))
    if (d.idNumber && !firstRowOf.has(d.idNumber)) firstRowOf.set(d.idNumber, d.rowNumber);
  const out = new Map<number, Judgement>();
  for (const d of drafts) {
    const problems = fieldProblems(d, rules);
    const first = firstRowOf.get(d.idNumber);
    if (first !== undefined && first !== d.rowNumber) problems.push(duplicateInSheet(d.idNumber, first));
    const duplicateHolder = holders.has(d.idNumber);
    if (duplicateHolder) problems.push(holderProblem(rules));
    out.set(d.rowNumber, { problems, duplicateHolder });
  }
  return out;
}

/**
 * `GET .../sheetTemplate`: the sheet to fill (sheetColumns; 姓名 and 证件号码 required and red, the template's required
 * blanks too), every column text, a drop-down of 证件类型, and an example row to overwrite.
 */
export function sheetTemplate(ownBlanks: TemplateBlank[]): TableSpec {
  const required = new Set([
    '姓名',
    '证件号码',
    ...ownBlanks.filter((b) => b.required).map((b) => b.cn_name),
  ]);
  // Left in, this row is refused (fieldProblems).
  const example: Record<string, string> = {
    姓名: EXAMPLE_ROW_NAME,
    证件类型: idTypeText[IdType.RESIDENT],
    证件号码: '11010519491231002X',
    [evaluationMethodText[1]]: '85',
    [evaluationMethodText[2]]: PASS_TEXT,
  };
  const columns = sheetColumns(ownBlanks);
  return {
    sheetName: '证书信息',
    columns: columns.map((c) => ({
      header: required.has(c) ? `*${c}` : c,
      required: required.has(c),
      list: c === '证件类型' ? Object.values(idTypeText) : undefined,
      width: c === '证件号码' ? 22 : c === '证件类型' ? 30 : undefined,
    })),
    rows: [columns.map((c) => example[c] ?? '')],
    listRows: OFFLINE_SHEET_MAX_ROWS,
  };
}
