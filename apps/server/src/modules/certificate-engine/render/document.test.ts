import { describe, expect, it } from 'vitest';
import { countPixels, inspectPdf, isDark } from '../../../../test/fixtures/certificate-engine-render.ts';
import { renderDocument } from './document.ts';

describe('renderDocument (an archive document)', () => {
  it('lays out a title, key/value lines and a table running across numbered A4 pages, in the embedded Chinese font', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      String(i + 1),
      `考生${i + 1}`,
      `11010819900101${String(i).padStart(4, '0')}`,
      '合格',
    ]);
    const pdf = renderDocument({
      title: '电工四级评价 评价计划与备案',
      subtitle: '计划编号 P0001',
      sections: [
        {
          heading: '一、评价计划',
          lines: [
            ['计划名称', '电工四级评价'],
            ['评价日期', '2026-12-01 至 2026-12-05'],
          ],
        },
        {
          heading: '二、考生',
          columns: [
            { header: '序号', width: 1 },
            { header: '姓名', width: 2 },
            { header: '证件号码', width: 4 },
            { header: '结果', width: 1 },
          ],
          rows,
        },
      ],
    });
    const page = await inspectPdf(pdf);
    expect(page.pages).toBeGreaterThan(2);
    expect(page.title).toBe('电工四级评价 评价计划与备案');
    for (const text of [
      '计划编号 P0001',
      '一、评价计划',
      '计划名称',
      '电工四级评价',
      '二、考生',
      '证件号码',
      '考生1',
    ])
      expect(page.texts.join('|')).toContain(text);
    expect(page.texts).toContain(`第 1 页 / 共 ${page.pages} 页`);
    // Drawn from the embedded subset only (no system font in the inspector): the glyphs make dark pixels.
    expect(countPixels(page, isDark, { x: 0, y: 0, width: 1, height: 0.25 }).count).toBeGreaterThan(500);
  });
});
