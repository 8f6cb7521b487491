import { describe, expect, it } from 'vitest';
import { loadFont } from './fonts.ts';
import { fitText, LINE_HEIGHT, MIN_FONT_SIZE, wrapText } from './text.ts';

/** Every character one em wide, a space half: easy arithmetic. */
const em = (s: string) => [...s].reduce((w, ch) => w + (ch === ' ' ? 0.5 : 1), 0);

describe('fitting text into a box', () => {
  it('keeps a text that fits on one line at the set size', () => {
    expect(fitText('张三', 20, 100, 30, em)).toEqual({ size: 20, lines: ['张三'] });
  });

  it('wraps a long text over the lines the box holds, at the set size', () => {
    // 10 characters of 10 pt in a 50 pt wide, 3-line-high box: two lines of five.
    const fitted = fitText('一二三四五六七八九十', 10, 50, 10 * LINE_HEIGHT * 3, em);
    expect(fitted).toEqual({ size: 10, lines: ['一二三四五', '六七八九十'] });
  });

  it('shrinks the size when wrapping alone does not fit the box', () => {
    // One line high and too narrow: the size goes down until the text fits on one line.
    const fitted = fitText('一二三四五六七八九十', 20, 150, 25, em);
    expect(fitted.lines).toEqual(['一二三四五六七八九十']);
    expect(fitted.size).toBeLessThanOrEqual(15);
    expect(fitted.size).toBeGreaterThan(13);
  });

  it('never goes below the minimum size while anything fits, then scales one line to the width', () => {
    const fitted = fitText('一二三四五六七八九十'.repeat(10), 12, 50, 10, em);
    expect(fitted.size).toBeLessThan(MIN_FONT_SIZE);
    expect(fitted.size * em('一二三四五六七八九十'.repeat(10))).toBeLessThanOrEqual(50 + 1e-6);
  });

  it('keeps Latin words and numbers whole when wrapping', () => {
    expect(wrapText('Zhang San 110101199003071234', 12, em)).toEqual([
      'Zhang San',
      '110101199003071234'.slice(0, 12),
      '110101199003071234'.slice(12),
    ]);
    expect(wrapText('发证机构 Zhejiang', 9, em)).toEqual(['发证机构', 'Zhejiang']);
  });

  it('keeps the line breaks written in the value', () => {
    expect(fitText('第一行\n第二行', 10, 100, 40, em)).toEqual({ size: 10, lines: ['第一行', '第二行'] });
  });

  it('measures with the advance widths of the embedded font (CJK one em, digits narrower)', () => {
    const font = loadFont('regular');
    expect(font.widthOf('张')).toBeCloseTo(1, 5);
    expect(font.widthOf('1')).toBeLessThan(0.7);
    expect(font.widthOf('张三')).toBeCloseTo(2, 5);
    expect(font.widthOf('张\u200b三\ufe0f')).toBeCloseTo(2, 5);
  });
});
