import { describe, expect, it } from 'vitest';
import { skillLevelFromText } from './occupations.ts';

describe('skillLevelFromText: the level a certificate prints', () => {
  it.each([
    ['四级/中级工', 4],
    ['中级工', 4],
    ['四级', 4],
    ['4级', 4],
    ['一级/高级技师', 1],
    ['高级技师', 1],
    ['二级/技师', 2],
    ['技师', 2],
    ['三级/高级工', 3],
    ['五级（初级工）', 5],
  ])('%s → %i', (text, level) => {
    expect(skillLevelFromText(text)).toBe(level);
  });

  it.each(['', 'A级', '四级/高级工', '合格'])('%s names no single level → null', (text) => {
    expect(skillLevelFromText(text)).toBeNull();
  });
});
