import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { pageSizesMm } from '@skill-cert/shared/custom-certificates';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  countPixels,
  imageBlank,
  inspectPdf,
  isBlue,
  isDark,
  isRed,
  makeBackground,
  makeHalves,
  makePhoto,
  tempDir,
  textBlank,
  titleBlank,
  withExifOrientation,
} from '../../../../test/fixtures/certificate-engine-render.ts';
import { allowRendering } from '../../../../test/time-limits.ts';
import { jpegInfo, sniffImage } from './images.ts';
import { PAGE_SIZES_MM, pageSizePt, renderCertificate, toRenderBackground } from './index.ts';
import { qrModules, qrPath } from './qr.ts';
import { TrueTypeSource } from './subset.ts';
import { RenderError, type RenderJob } from './types.ts';

// Renders certificates (fonts, images, QR codes): long work (test/time-limits.ts).
allowRendering();

const tmp = tempDir();
afterAll(() => tmp.remove());

const blankPage = (blanks: RenderJob['blanks'], over: Partial<RenderJob> = {}): RenderJob => ({
  pageSize: 'A4',
  orientation: 'landscape',
  backgroundPath: null,
  blanks,
  qr: null,
  ...over,
});

const holderFields = [
  ['姓名', '张三'],
  ['身份证号', '110101199003071234'],
  ['证书编号', 'S3301202406300012'],
  ['职业名称', '电工'],
  ['技能等级', '四级/中级工'],
  ['发证日期', '2024年06月30日'],
  ['发证机构', '浙江省职业技能鉴定指导中心'],
];

describe('certificate rendering', () => {
  it('uses the page sizes of the contract, turned for landscape', () => {
    expect(PAGE_SIZES_MM).toEqual(pageSizesMm);
    const a4 = pageSizePt('A4', 'portrait');
    expect(a4.width).toBeCloseTo(595.28, 1);
    expect(a4.height).toBeCloseTo(841.89, 1);
    expect(pageSizePt('A4', 'landscape')).toEqual({ width: a4.height, height: a4.width });
    expect(pageSizePt('B5', 'portrait').width).toBeCloseTo((176 * 72) / 25.4, 3);
  });

  it('writes the Chinese values in the embedded subset font, drawn with no system font available', async () => {
    const boxes = {
      title: { x: 0.2, y: 0.1, width: 0.6, height: 0.1 },
      name: { x: 0.1, y: 0.3, width: 0.4, height: 0.08 },
      level: { x: 0.1, y: 0.45, width: 0.4, height: 0.08 },
    };
    const pdf = await renderCertificate(
      blankPage(
        [
          textBlank({ ...boxes.title, text: '职业技能等级证书', font_size: 30, bold: 1, align: 'center' }),
          textBlank({ ...boxes.name, text: '张三', font_size: 20 }),
          textBlank({ ...boxes.level, text: '四级/中级工', font_size: 20 }),
        ],
        { title: '张三的证书' },
      ),
    );
    const page = await inspectPdf(pdf);
    expect(page.texts).toEqual(expect.arrayContaining(['职业技能等级证书', '张三', '四级/中级工']));
    expect(page.title).toBe('张三的证书');
    // Text that extracts is not enough (ToUnicode maps survive a broken font): the glyphs must draw.
    for (const box of Object.values(boxes)) expect(countPixels(page, isDark, box).count).toBeGreaterThan(40);
    expect(countPixels(page, isDark).count).toBe(
      Object.values(boxes).reduce((s, box) => s + countPixels(page, isDark, box).count, 0),
    );
  });

  it('a subset with blank glyphs fails the drawing check (the check can catch a broken font)', async () => {
    const spy = vi.spyOn(TrueTypeSource.prototype, 'glyphBytes').mockReturnValue(new Uint8Array(0));
    try {
      const box = { x: 0.1, y: 0.3, width: 0.4, height: 0.08 };
      const pdf = await renderCertificate(blankPage([textBlank({ ...box, text: '张三', font_size: 20 })]));
      const page = await inspectPdf(pdf);
      expect(page.texts).toContain('张三');
      expect(countPixels(page, isDark, box).count).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('a job with its creation date renders the same bytes at any time (a certificate rendered again is the same file)', async () => {
    const job = blankPage(
      holderFields.map(([, text], i) => textBlank({ text, y: 0.1 + i * 0.1 })),
      {
        qr: { text: 'https://example.com/v/1', x: 0.8, y: 0.7, size: 0.1 },
        createdAt: '2026-11-25T08:00:00.000Z',
      },
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
      const first = await renderCertificate(job);
      vi.setSystemTime(new Date('2026-11-25T10:30:07Z'));
      const second = await renderCertificate(job);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
      expect(Buffer.from(first).toString('latin1')).toContain('/CreationDate (D:20261125080000Z)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays under 200 KB with a realistic JPEG background, a photo and a QR code', async () => {
    const background = await toRenderBackground(makeBackground(2480, 1754, 'jpeg'));
    const backgroundPath = tmp.file('background.jpg', background.jpeg);
    const photoPath = tmp.file('photo.jpg', makePhoto(358, 441, '#3366cc'));
    const job = blankPage(
      [
        titleBlank({ font_size: 32 }),
        ...holderFields.map(([label, value], i) =>
          textBlank({
            x: 0.12,
            y: 0.28 + i * 0.07,
            width: 0.5,
            height: 0.06,
            text: `${label}：${value}`,
            font_size: 15,
          }),
        ),
        imageBlank({ x: 0.68, y: 0.26, width: 0.14, height: 0.26, imagePath: photoPath }),
      ],
      {
        backgroundPath,
        qr: {
          text: 'https://cert.example.com/information-link/0192f7a4-1c2b-7d3e-9f00-123456789abc',
          x: 0.7,
          y: 0.62,
          size: 0.1,
        },
        title: '职业技能等级证书',
      },
    );
    const pdf = await renderCertificate(job);
    expect(pdf.length).toBeLessThan(200 * 1024);
    // Only the background is heavy: fonts are subsets, not the 10 MB font.
    expect(pdf.length - background.jpeg.length).toBeLessThan(40 * 1024);
    const page = await inspectPdf(pdf);
    expect(page.texts).toEqual(expect.arrayContaining(holderFields.map(([l, v]) => `${l}：${v}`)));
  });

  it('converts a PNG background to a compact JPEG, scaled to at most 2000 px', async () => {
    const png = makeBackground(2200, 1556, 'png');
    expect(sniffImage(png)).toBe('png');
    const out = await toRenderBackground(png);
    expect(sniffImage(out.jpeg)).toBe('jpg');
    const info = jpegInfo(out.jpeg);
    expect(info).toMatchObject({ width: out.widthPx, height: out.heightPx });
    expect(Math.max(out.widthPx, out.heightPx)).toBeLessThanOrEqual(2000);
    expect(out.widthPx / out.heightPx).toBeCloseTo(2200 / 1556, 2);
    expect(out.jpeg.length).toBeLessThanOrEqual(150 * 1024);
  });

  it('keeps a background that is already a compact JPEG as it is', async () => {
    const small = makePhoto(1200, 848, '#f5ecd5');
    const out = await toRenderBackground(small);
    expect(Buffer.compare(out.jpeg, small)).toBe(0);
    expect([out.widthPx, out.heightPx]).toEqual([1200, 848]);
  });

  it('refuses a background that is not an image with a Chinese RenderError', async () => {
    const err = await toRenderBackground(Buffer.from('<html>not an image</html>')).catch((e) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect(err.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a photo that is not an image fails that certificate with a Chinese RenderError', async () => {
    const cases = {
      text: tmp.file('fake.jpg', 'this is a text file named .jpg'),
      truncated: tmp.file('cut.jpg', makePhoto(300, 400).subarray(0, 600)),
      missing: `${tmp.dir}/no-such-photo.jpg`,
    };
    for (const [kind, imagePath] of Object.entries(cases)) {
      const err = await renderCertificate(
        blankPage([textBlank({ text: '张三' }), imageBlank({ imagePath })]),
      ).catch((e) => e);
      expect(err, kind).toBeInstanceOf(RenderError);
      expect(err.message, kind).toMatch(/^[\u4e00-\u9fff]/);
    }
  });

  it('fits a photo into its box keeping its proportions, centred', async () => {
    // A 1:2 photo in a box that is square on the page: drawn at full height, half the width.
    const pageW = 842;
    const pageH = 595;
    const box = { x: 0.5, y: 0.2, width: 200 / pageW, height: 200 / pageH };
    const tall = tmp.file('tall.png', makePhoto(300, 600, '#0000ff', 'png'));
    const pdf = await renderCertificate(blankPage([imageBlank({ ...box, imagePath: tall })]));
    const page = await inspectPdf(pdf);
    const { bbox } = countPixels(page, isBlue);
    expect(bbox).not.toBeNull();
    const w = (bbox?.right ?? 0) - (bbox?.left ?? 0) + 1;
    const h = (bbox?.bottom ?? 0) - (bbox?.top ?? 0) + 1;
    expect(h).toBeGreaterThan(195);
    expect(h).toBeLessThan(204);
    expect(w / h).toBeCloseTo(0.5, 1);
    const centreX = ((bbox?.left ?? 0) + (bbox?.right ?? 0)) / 2;
    expect(Math.abs(centreX - (box.x + box.width / 2) * page.width)).toBeLessThan(3);
  });

  it('scales a large photo down to what its box needs, so the certificate stays small', async () => {
    // A grainy 8-megapixel photo (a few MB as a JPEG) in a 3.5 × 4.5 cm box.
    const big = makeBackground(2448, 3264, 'jpeg');
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const photo = tmp.file('big.jpg', big);
    const pdf = await renderCertificate(
      blankPage([imageBlank({ x: 0.6, y: 0.2, width: 99 / 842, height: 128 / 595, imagePath: photo })]),
    );
    expect(pdf.length).toBeLessThan(60 * 1024);
  });

  it('turns a phone photo upright by its EXIF orientation (PDF viewers ignore EXIF)', async () => {
    // Stored 200×100, left half red; orientation 6 = turn 90° clockwise: upright 100×200, red on top.
    const photo = tmp.file('rotated.jpg', withExifOrientation(makeHalves(200, 100), 6));
    const box = { x: 0.4, y: 0.2, width: 0.2, height: 0.6 };
    const page = await inspectPdf(
      await renderCertificate(blankPage([imageBlank({ ...box, imagePath: photo })])),
    );
    const red = countPixels(page, isRed).bbox;
    const blue = countPixels(page, isBlue).bbox;
    expect(red && blue).toBeTruthy();
    expect(red?.bottom ?? 0).toBeLessThan(blue?.top ?? 0);
    expect(Math.abs((red?.left ?? 0) - (blue?.left ?? 0))).toBeLessThan(3);
  });

  it('aligns text left, centre and right inside its box', async () => {
    const rows = (['left', 'center', 'right'] as const).map((align, i) => ({
      align,
      box: { x: 0.2, y: 0.2 + i * 0.2, width: 0.6, height: 0.1 },
    }));
    const pdf = await renderCertificate(
      blankPage(rows.map(({ align, box }) => textBlank({ ...box, align, text: '张三', font_size: 24 }))),
    );
    const page = await inspectPdf(pdf);
    const [left, centre, right] = rows.map(({ box }) => countPixels(page, isDark, box).bbox);
    const boxLeft = 0.2 * page.width;
    const boxRight = 0.8 * page.width;
    expect((left?.left ?? 0) - boxLeft).toBeLessThan(6);
    expect(boxRight - (right?.right ?? 0)).toBeLessThan(6);
    expect(Math.abs(((centre?.left ?? 0) + (centre?.right ?? 0)) / 2 - page.width / 2)).toBeLessThan(4);
    // Vertically centred in the box.
    const mid = ((centre?.top ?? 0) + (centre?.bottom ?? 0)) / 2;
    expect(Math.abs(mid - 0.45 * page.height)).toBeLessThan(4);
  });

  it('wraps or shrinks a text too long for its box and keeps it inside the box', async () => {
    const long = '浙江省人力资源和社会保障厅职业技能鉴定指导中心第一分中心';
    const box = { x: 0.3, y: 0.3, width: 0.2, height: 0.12 };
    const pdf = await renderCertificate(blankPage([textBlank({ ...box, text: long, font_size: 18 })]));
    const page = await inspectPdf(pdf);
    expect(page.texts.join('')).toBe(long);
    expect(page.texts.length).toBeGreaterThan(1);
    const inside = countPixels(page, isDark, box).count;
    expect(inside).toBeGreaterThan(100);
    expect(countPixels(page, isDark).count).toBe(inside);
  });

  it('colours text with the blank colour', async () => {
    const box = { x: 0.1, y: 0.1, width: 0.5, height: 0.1 };
    const pdf = await renderCertificate(
      blankPage([textBlank({ ...box, text: '张三', font_size: 30, color: '#ff0000' })]),
    );
    const page = await inspectPdf(pdf);
    const red = countPixels(page, (r, g, b) => r > 200 && g < 60 && b < 60, box).count;
    expect(red).toBeGreaterThan(100);
    expect(countPixels(page, isDark, box).count).toBe(0);
  });

  it('draws the QR code as vector rectangles that reproduce the modules of the code', async () => {
    const text = 'https://cert.example.com/information-link/0192f7a4-1c2b-7d3e-9f00-123456789abc';
    const op = qrPath(text, 100, 100, 120);
    const { modules } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], {
      errorCorrectionLevel: 'M',
    });
    const n = modules.size;
    const drawn = new Uint8Array(n * n);
    for (const m of op.matchAll(/^(\d+) (\d+) (\d+) 1\.02 re$/gm)) {
      const [col, row, len] = [Number(m[1]), Number(m[2]), Number(m[3])];
      for (let c = col; c < col + len; c++) drawn[row * n + c] = 1;
    }
    expect(Array.from(drawn)).toEqual(Array.from(modules.data));
    // In the page: no image, and the code is where the job put it (dark modules in its square).
    const pdf = await renderCertificate(blankPage([], { qr: { text, x: 0.4, y: 0.3, size: 0.2 } }));
    const page = await inspectPdf(pdf);
    const square = { x: 0.4, y: 0.3, width: 0.2, height: (0.2 * page.width) / page.height };
    const dark = countPixels(page, isDark, square).count;
    expect(dark).toBeGreaterThan(0.3 * (0.2 * page.width) ** 2 * 0.6);
    expect(countPixels(page, isDark).count).toBe(dark);
    expect(Buffer.from(pdf).includes('/Subtype /Image')).toBe(false);
  });

  it('chooses the mask qrcode chooses: the same modules as its own search, for every size of code', () => {
    // Public-page addresses, longer texts up to version 10 (version information from 7 on), and a few up to
    // version 40, whose counters are read out several times a direction (qr.ts packs 13 bits a mask).
    const texts = [
      ...Array.from(
        { length: 300 },
        (_, i) => `https://cert.example.com/information-link/${randomUUID()}?${i}`,
      ),
      ...Array.from({ length: 60 }, (_, i) => `证书${'x'.repeat(i * 4)}${randomUUID()}`),
      ...[600, 1200, 1800, 2300].map((length) => randomBytes((length / 4) * 3).toString('base64')),
    ];
    for (const text of texts) {
      const { modules } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], {
        errorCorrectionLevel: 'M',
      });
      const ours = qrModules(text);
      expect(ours.size, text).toBe(modules.size);
      expect(Buffer.from(ours.data).equals(Buffer.from(modules.data)), text).toBe(true);
    }
  });

  it('caches the background per path, and notices when the file changes', async () => {
    const file = tmp.file('bg-change.jpg', makePhoto(800, 566, '#0000ff'));
    const job = blankPage([], { backgroundPath: file });
    const blue = await inspectPdf(await renderCertificate(job));
    expect(countPixels(blue, isBlue).count).toBeGreaterThan(blue.width * blue.height * 0.9);
    tmp.file('bg-change.jpg', makePhoto(800, 566, '#000000'));
    // A later modification time, set rather than waited for: the cache notices the change, not the clock.
    const later = new Date(statSync(file).mtimeMs + 5000);
    utimesSync(file, later, later);
    const black = await inspectPdf(await renderCertificate(job));
    expect(countPixels(black, isDark).count).toBeGreaterThan(black.width * black.height * 0.9);
    expect(readFileSync(file).length).toBeGreaterThan(0);
  });
});
