import { defaultQrPlacement, templateBody } from '@skill-cert/shared/custom-certificates';
import { describe, expect, it } from 'vitest';
import {
  backgroundMismatch,
  blankFromDefault,
  bodyOf,
  customBlank,
  type DesignerBlank,
  designOf,
  emptyDesign,
  fontSizeCqw,
  MIN_BLANK_SIZE,
  moveBlank,
  moveQr,
  pageMm,
  qrBox,
  qrOf,
  resizeBlank,
  resizeQr,
} from './designer-model';

const box = { x: 0.1, y: 0.2, width: 0.3, height: 0.1 };

describe('designer model', () => {
  it('a page turns for landscape: A4 landscape is 297 × 210 mm, A5 portrait 148 × 210', () => {
    expect(pageMm('A4', 'landscape')).toEqual({ width: 297, height: 210 });
    expect(pageMm('A5', 'portrait')).toEqual({ width: 148, height: 210 });
    expect(pageMm('B5', 'landscape')).toEqual({ width: 250, height: 176 });
  });

  it('moving keeps the box wholly on the page', () => {
    expect(moveBlank(box, 0.05, 0.1)).toEqual({ ...box, x: 0.15, y: 0.3 });
    expect(moveBlank(box, -1, -1)).toEqual({ ...box, x: 0, y: 0 });
    expect(moveBlank(box, 2, 2)).toEqual({ ...box, x: 0.7, y: 0.9 });
  });

  it('resizing keeps a minimum size and stops at the page edge', () => {
    expect(resizeBlank(box, 0.1, 0.05)).toEqual({ ...box, width: 0.4, height: 0.15 });
    expect(resizeBlank(box, -1, -1)).toEqual({ ...box, width: MIN_BLANK_SIZE, height: MIN_BLANK_SIZE });
    expect(resizeBlank(box, 5, 5)).toEqual({ ...box, width: 0.9, height: 0.8 });
  });

  it('a text size in points is the same share of the page on screen as on paper', () => {
    // 72 pt = 25.4 mm: a tenth of a 254 mm wide page.
    expect(fontSizeCqw(72, 254)).toBe('10cqw');
  });

  it('the QR code stays square on paper: its height is its width times the page aspect', () => {
    const aspect = 297 / 210;
    const qr = { x: 0.8, y: 0.7, size: 0.1 };
    expect(qrBox(qr, aspect).height).toBeCloseTo(0.1414, 4);
    expect(moveQr(qr, 1, 1, aspect)).toEqual({ x: 0.9, y: 0.8586, size: 0.1 });
    // Resizing cannot push it off the page.
    expect(resizeQr({ x: 0.5, y: 0.5, size: 0.1 }, 1, 0, aspect).size).toBeCloseTo(0.5 / aspect, 3);
    expect(resizeQr(qr, -1, 0, aspect).size).toBe(0.04);
  });

  it('without a QR placement the default corner is used and nothing is sent', () => {
    const design = emptyDesign();
    expect(qrOf(design)).toEqual(defaultQrPlacement('A4', 'landscape'));
    expect(bodyOf(design).qr).toBeNull();
  });

  it('custom fields get free machine names and Chinese labels', () => {
    const first = customBlank([]);
    expect(first).toMatchObject({ name: 'field_1', cn_name: '自定义字段1', blank_type: 1, required: 0 });
    expect(customBlank([first]).name).toBe('field_2');
  });

  it('a default field is added once', () => {
    const name = { ...customBlank([]), name: 'name', cn_name: '姓名' };
    const { key: _key, ...defaults } = name;
    expect(blankFromDefault(defaults, [])).toMatchObject({ name: 'name', cn_name: '姓名' });
    expect(blankFromDefault(defaults, [name as DesignerBlank])).toBeNull();
  });

  it('the body for the server drops the designer keys, keeps saved ids and passes the contract', () => {
    const design = designOf({
      _id: 't1',
      template_name: '职业技能等级证书',
      company_name: '示例公司',
      background_file_id: '00000000-0000-4000-8000-000000000001',
      background_web_path: '/api/files/bg',
      page_size: 'A4',
      orientation: 'landscape',
      blanks: [{ ...customBlank([]), _id: 'b1', name: 'name', cn_name: '姓名' }],
      qr: { x: 0.85, y: 0.75, size: 0.1 },
      create_time_str: '',
      update_time_str: '',
    });
    design.blanks.push(customBlank(design.blanks));
    const body = bodyOf(design);
    expect(body.blanks[0]).toMatchObject({ _id: 'b1', name: 'name' });
    expect(body.blanks[1]).not.toHaveProperty('_id');
    expect(body.blanks[1]).not.toHaveProperty('key');
    expect(body.qr).toEqual({ x: 0.85, y: 0.75, size: 0.1 });
    expect(templateBody.safeParse(body).success).toBe(true);
  });

  it('a background whose proportions differ from the page by more than 5 % is flagged, with the orientation it fits', () => {
    const landscape = { page_size: 'A4', orientation: 'landscape' } as const;
    expect(backgroundMismatch({ width: 2970, height: 2100 }, landscape)).toBeNull();
    expect(backgroundMismatch({ width: 3000, height: 2080 }, landscape)).toBeNull(); // 2 % off
    expect(backgroundMismatch(null, landscape)).toBeNull();
    const portraitScan = backgroundMismatch({ width: 2100, height: 2970 }, landscape)!;
    expect(portraitScan.better).toBe('portrait');
    expect(portraitScan.imageAspect).toBeCloseTo(Math.SQRT1_2, 2);
    expect(portraitScan.pageAspect).toBeCloseTo(Math.SQRT2, 2);
    // 16:9 is wrong for both orientations, but landscape is still the nearer one.
    expect(backgroundMismatch({ width: 1920, height: 1080 }, landscape)?.better).toBeNull();
    expect(
      backgroundMismatch({ width: 1920, height: 1080 }, { page_size: 'B5', orientation: 'portrait' })?.better,
    ).toBe('landscape');
  });
});
