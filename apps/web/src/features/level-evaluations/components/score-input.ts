import { hasOneDecimal, scoreMarkText } from '@skill-cert/shared/level-evaluations';

export type ScoreMarkValue = 1 | 2 | 3;
export interface CellValue {
  score: number | null;
  mark: ScoreMarkValue | null;
}

/** What can be typed for a mark: its name, or a short key (缺考 q, 违纪 j, 违规 g). */
const MARK_WORDS: Record<string, ScoreMarkValue> = {
  缺考: 1,
  q: 1,
  qk: 1,
  违纪: 2,
  j: 2,
  wj: 2,
  违规: 3,
  g: 3,
  wg: 3,
};
export const SCORE_INPUT_HINT = '输入分数（最多一位小数），或 缺考(q) / 违纪(j) / 违规(g)，留空为未录入';

/** The cell's text of a stored value: '85.5', '缺考', or ''. */
export function formatCell(value: CellValue | undefined): string {
  if (!value) return '';
  if (value.mark !== null) return scoreMarkText[value.mark];
  return value.score === null ? '' : String(value.score);
}

/**
 * A typed cell as a score or a mark, or the Chinese reason it cannot be saved (naming the method):
 * blank clears the cell; a number is 0 … full mark with one decimal at most; 缺考/违纪/违规 or q/j/g a mark.
 */
export function parseCell(text: string, fullMark: number, methodName: string): CellValue | { error: string } {
  const t = text.trim();
  if (t === '') return { score: null, mark: null };
  const mark = MARK_WORDS[t.toLowerCase()];
  if (mark) return { score: null, mark };
  if (!/^\d+(\.\d+)?$/.test(t)) return { error: `${methodName}成绩应为数字，或 缺考、违纪、违规` };
  const n = Number(t);
  if (!hasOneDecimal(n)) return { error: `${methodName}成绩最多一位小数` };
  if (n > fullMark) return { error: `${methodName}成绩不能超过满分${fullMark}` };
  return { score: n, mark: null };
}

export const sameCell = (a: CellValue | undefined, b: CellValue): boolean =>
  (a?.score ?? null) === b.score && (a?.mark ?? null) === b.mark;
