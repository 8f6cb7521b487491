import { describe, expect, it } from 'vitest';
import { defaultQrPlacement, pageAspect, QR_BELOW_PAGE, templateBody } from './custom-certificates.ts';

const body = (qr: unknown, orientation = 'landscape') => ({
  template_name: '模板',
  background_file_id: '0190a000-0000-7000-8000-000000000000',
  orientation,
  blanks: [{ name: 'name', cn_name: '姓名', blank_type: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05 }],
  qr,
});

describe('the QR placement of a template', () => {
  it('must keep the whole square code on the page: y + size × (page width / height) ≤ 1', () => {
    // Landscape A4: 297 / 210 ≈ 1.414, so a code of 0.2 page widths is 0.283 page heights tall.
    expect(pageAspect('A4', 'landscape')).toBeCloseTo(297 / 210);
    expect(templateBody.safeParse(body({ x: 0.7, y: 0.7, size: 0.2 })).success).toBe(true);
    const below = templateBody.safeParse(body({ x: 0.7, y: 0.75, size: 0.2 }));
    expect(below.success).toBe(false);
    expect(below.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['qr', QR_BELOW_PAGE]]);
    // Portrait: 210 / 297, the same code is shorter.
    expect(templateBody.safeParse(body({ x: 0.7, y: 0.85, size: 0.2 }, 'portrait')).success).toBe(true);
    expect(templateBody.safeParse(body({ x: 0.7, y: 0.86, size: 0.2 }, 'portrait')).success).toBe(false);
  });

  it('the default corner fits every page', () => {
    for (const size of ['A4', 'A5', 'B5'] as const)
      for (const orientation of ['portrait', 'landscape'] as const)
        expect(templateBody.safeParse(body(defaultQrPlacement(size, orientation), orientation)).success).toBe(
          true,
        );
  });

  it('still refuses a code past the right edge', () => {
    const right = templateBody.safeParse(body({ x: 0.9, y: 0.1, size: 0.2 }));
    expect(right.error?.issues[0]?.message).toBe('二维码超出页面范围');
  });
});
