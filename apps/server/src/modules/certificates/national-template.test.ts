import { pageAspect } from '@skill-cert/shared/custom-certificates';
import { afterAll, describe, expect, it } from 'vitest';
import {
  countPixels,
  inspectPdf,
  isDark,
  makePhoto,
  tempDir,
} from '../../../test/fixtures/certificate-engine-render.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { renderCertificate } from '../certificate-engine/render/index.ts';
import { buildRenderJob } from '../certificate-engine/render-job.ts';
import {
  BATCH_FIXED_BLANKS,
  type CertificateFields,
  certificateValues,
  FIXED_BLANKS,
  NATIONAL_TEMPLATE,
} from './national-template.ts';

// Renders certificates of the national template: long work (test/time-limits.ts).
allowRendering();

const tmp = tempDir();
afterAll(() => tmp.remove());

const fields = (over: Partial<CertificateFields> = {}): CertificateFields => ({
  holderName: '张三',
  idType: 1,
  idNumber: '110105199001010012',
  occupationName: '电工',
  workType: null,
  level: 4,
  institutionName: '示例智能制造有限公司',
  issueDate: '2026-11-20',
  certificateNo: 'Y000111000001264000001',
  photoFileId: 'photo-1',
  ...over,
});

describe('the national template 职业技能等级证书', () => {
  it('renders on A4 with the national fields in Chinese, the photo, the QR code to the public page and the query address', async () => {
    const values = certificateValues(NATIONAL_TEMPLATE, fields(), 'https://cert.example.com');
    const photo = tmp.file('photo.jpg', makePhoto(295, 413, '#203040'));
    const qrText = 'https://cert.example.com/information-link/0192f7a4-1c2b-7d3e-9f00-123456789abc';
    const job = buildRenderJob(NATIONAL_TEMPLATE, values, {
      backgroundPath: null,
      imagePathOf: (id) => (id === 'photo-1' ? photo : undefined),
      qrText,
      fixedBlanks: FIXED_BLANKS,
    });
    expect(job.qr).toMatchObject({ text: qrText });
    const page = await inspectPdf(await renderCertificate(job));
    expect(page.width / page.height).toBeCloseTo(210 / 297, 2);
    const text = page.texts.join('');
    for (const expected of [
      '职业技能等级证书',
      '姓',
      '张三',
      '证件类型：',
      '居民身份证',
      '证件号码：',
      '110105199001010012',
      '职业名称：',
      '电工',
      '工种/职业方向：',
      '职业技能等级：',
      '四级/中级工',
      '评价机构名称：',
      '示例智能制造有限公司',
      '发证日期：',
      '2026年11月20日',
      '证书编号：',
      'Y000111000001264000001',
      '查询网址：https://cert.example.com/information-link',
    ])
      expect(text).toContain(expected);
    // 工种 without one reads "--".
    expect(values.find((v) => v.name === 'work_type')?.val).toBe('--');
    // The photo is drawn in its 1-inch blank, the QR code in its square.
    const photoBlank = NATIONAL_TEMPLATE.blanks.find((b) => b.name === 'photo')!;
    const photoDark = countPixels(page, isDark, photoBlank).count;
    expect(photoDark).toBeGreaterThan(photoBlank.width * page.width * photoBlank.height * page.height * 0.8);
    const { qr } = NATIONAL_TEMPLATE;
    const square = { x: qr.x, y: qr.y, width: qr.size, height: qr.size * pageAspect('A4', 'portrait') };
    const qrDark = countPixels(page, isDark, square).count;
    expect(qrDark).toBeGreaterThan((qr.size * page.width) ** 2 * 0.25);
  });

  it.each([
    ['labels', FIXED_BLANKS],
    ["labels and the batch's shared fields", BATCH_FIXED_BLANKS],
  ])(
    '%s laid out once per render thread (fixed blanks) look the same, pixel for pixel, and read the same',
    async (_, set) => {
      const render = (fixedBlanks?: ReadonlySet<string>, over: Partial<CertificateFields> = {}) =>
        renderCertificate(
          buildRenderJob(
            NATIONAL_TEMPLATE,
            certificateValues(NATIONAL_TEMPLATE, fields(over), 'https://cert.example.com'),
            {
              backgroundPath: null,
              imagePathOf: () => undefined,
              qrText: 'https://cert.example.com/information-link/1',
              createdAt: new Date('2026-11-26T00:00:00Z'),
              fixedBlanks,
            },
          ),
        );
      const fixedPdf = await render(set);
      // The cached layer gives the same file every time (a certificate rendered again is the same stored file).
      expect(Buffer.from(await render(set)).equals(Buffer.from(fixedPdf))).toBe(true);
      const [fixed, plain] = await Promise.all([inspectPdf(fixedPdf, 1.5), inspectPdf(await render(), 1.5)]);
      expect(Buffer.from(fixed.pixels).equals(Buffer.from(plain.pixels))).toBe(true);
      expect(fixed.texts.join('')).toBe(plain.texts.join(''));
      // A certificate of the same thread with other values in fixed blanks (a reissue's date, a passport) shows its own.
      const other = { issueDate: '2027-01-05', idType: 3, occupationName: '焊工', level: 2 };
      const [otherFixed, otherPlain] = await Promise.all([
        inspectPdf(await render(set, other), 1.5),
        inspectPdf(await render(undefined, other), 1.5),
      ]);
      expect(otherFixed.texts.join('')).toContain('2027年1月5日');
      expect(otherFixed.texts.join('')).toContain('焊工');
      expect(otherFixed.texts.join('')).toBe(otherPlain.texts.join(''));
      expect(Buffer.from(otherFixed.pixels).equals(Buffer.from(otherPlain.pixels))).toBe(true);
    },
  );

  it('fills a company template made of the default blanks with the same values (no labels there)', () => {
    const template = {
      ...NATIONAL_TEMPLATE,
      blanks: NATIONAL_TEMPLATE.blanks.filter((b) =>
        ['name', 'work_type', 'level', 'custom_x'].includes(b.name),
      ),
    };
    expect(certificateValues(template, fields({ workType: '维修电工', level: 3 }), 'https://x')).toEqual([
      { name: 'name', val: '张三' },
      { name: 'work_type', val: '维修电工' },
      { name: 'level', val: '三级/高级工' },
    ]);
  });
});
