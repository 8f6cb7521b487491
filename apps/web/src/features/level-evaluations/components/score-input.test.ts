import { describe, expect, it } from 'vitest';
import { formatCell, parseCell } from './score-input';

describe('a typed score cell', () => {
  it('takes a score of at most one decimal up to the full mark', () => {
    expect(parseCell(' 85.5 ', 100, '理论知识考试')).toEqual({ score: 85.5, mark: null });
    expect(parseCell('100', 100, '理论知识考试')).toEqual({ score: 100, mark: null });
  });
  it('refuses more than one decimal, more than the full mark and other text, naming the method', () => {
    expect(parseCell('85.55', 100, '理论知识考试')).toEqual({ error: '理论知识考试成绩最多一位小数' });
    expect(parseCell('100.5', 100, '技能操作考核')).toEqual({ error: '技能操作考核成绩不能超过满分100' });
    expect(parseCell('abc', 100, '综合评审')).toEqual({ error: '综合评审成绩应为数字，或 缺考、违纪、违规' });
    expect(parseCell('-1', 100, '综合评审')).toHaveProperty('error');
  });
  it('takes 缺考 / 违纪 / 违规 by name or short key, and blank clears', () => {
    expect(parseCell('缺考', 100, 'x')).toEqual({ score: null, mark: 1 });
    expect(parseCell('Q', 100, 'x')).toEqual({ score: null, mark: 1 });
    expect(parseCell('j', 100, 'x')).toEqual({ score: null, mark: 2 });
    expect(parseCell('违规', 100, 'x')).toEqual({ score: null, mark: 3 });
    expect(parseCell('', 100, 'x')).toEqual({ score: null, mark: null });
  });
  it('shows a stored mark by its name', () => {
    expect(formatCell({ score: null, mark: 2 })).toBe('违纪');
    expect(formatCell({ score: 60, mark: null })).toBe('60');
    expect(formatCell(undefined)).toBe('');
  });
});
