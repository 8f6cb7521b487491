import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { RenderBlank, RenderJob } from '../types.ts';

/**
 * A certificate background as a designer would upload it: paper gradient with grain, guilloche lines,
 * a double border and a seal, at 300 dpi A4 landscape by default. Grain makes it as heavy as a scan.
 */
export function makeBackground(width = 3508, height = 2480, format: 'png' | 'jpeg' = 'jpeg'): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, '#fbf6e9');
  g.addColorStop(1, '#f1e4c4');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  ctx.lineWidth = Math.max(1, width / 2000);
  for (let k = 0; k < 60; k++) {
    ctx.strokeStyle = `rgba(${150 + k}, ${110 + k}, 60, 0.35)`;
    ctx.beginPath();
    for (let i = 0; i <= width; i += 4) {
      const y = height / 2 + Math.sin(i / (40 + k) + k) * (height / 3) * Math.cos(i / 300 + k / 7);
      if (i === 0) ctx.moveTo(i, y);
      else ctx.lineTo(i, y);
    }
    ctx.stroke();
  }
  const image = ctx.getImageData(0, 0, width, height);
  const d = image.data;
  let seed = 12345;
  for (let i = 0; i < d.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const n = ((seed >> 16) % 13) - 6;
    d[i] += n;
    d[i + 1] += n;
    d[i + 2] += n;
  }
  ctx.putImageData(image, 0, 0);
  ctx.strokeStyle = '#8a5a12';
  ctx.lineWidth = width / 180;
  ctx.strokeRect(width / 60, width / 60, width - width / 30, height - width / 30);
  ctx.fillStyle = 'rgba(200,20,20,0.7)';
  ctx.beginPath();
  ctx.arc(width * 0.78, height * 0.72, width / 16, 0, Math.PI * 2);
  ctx.fill();
  return format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 92);
}

/** A passport-style photo: one solid colour (easy to find again in a rendering). */
export function makePhoto(
  width: number,
  height: number,
  color = '#0000ff',
  format: 'jpeg' | 'png' = 'jpeg',
): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 90);
}

export function textBlank(over: Partial<RenderBlank> & { text: string }): RenderBlank {
  return {
    blank_type: 1,
    x: 0.1,
    y: 0.1,
    width: 0.5,
    height: 0.08,
    font_size: 16,
    color: '#000000',
    align: 'left',
    bold: 0,
    ...over,
  };
}

/** The certificate's bold, centred heading 职业技能等级证书 across the top of the page. */
export function titleBlank(over: Partial<RenderBlank> = {}): RenderBlank {
  return textBlank({
    x: 0.2,
    y: 0.1,
    width: 0.6,
    height: 0.1,
    text: '职业技能等级证书',
    bold: 1,
    align: 'center',
    ...over,
  });
}

export function imageBlank(over: Partial<RenderBlank> & { imagePath: string }): RenderBlank {
  return {
    blank_type: 2,
    x: 0.7,
    y: 0.2,
    width: 0.15,
    height: 0.25,
    font_size: 12,
    color: '#000000',
    align: 'left',
    bold: 0,
    ...over,
  };
}

/** A temporary folder for one test file. */
export function tempDir(): {
  dir: string;
  file(name: string, bytes: Uint8Array | string): string;
  remove(): void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'cert-render-'));
  return {
    dir,
    file(name, bytes) {
      const p = path.join(dir, name);
      writeFileSync(p, bytes);
      return p;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Inspected {
  pages: number;
  texts: string[];
  title: string | null;
  width: number;
  height: number;
  /** RGBA of the rendering. */
  pixels: Uint8ClampedArray;
}

const INSPECTOR = fileURLToPath(new URL('./inspect-pdf.mjs', import.meta.url));

/**
 * Reads and renders a PDF with pdf.js in a child process that has no system fonts at all (empty
 * fontconfig): only the fonts embedded in the PDF can draw its text.
 */
export async function inspectPdf(pdf: Uint8Array, scale = 1): Promise<Inspected> {
  const tmp = tempDir();
  try {
    const pdfFile = tmp.file('doc.pdf', pdf);
    const pngFile = path.join(tmp.dir, 'page.png');
    const fontsConf = tmp.file(
      'fonts.conf',
      '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n',
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [INSPECTOR, pdfFile, pngFile, String(scale)],
      {
        env: { ...process.env, FONTCONFIG_FILE: fontsConf, FONTCONFIG_PATH: tmp.dir, NODE_OPTIONS: '' },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const result = JSON.parse(stdout) as Omit<Inspected, 'pixels'>;
    const img = await loadImage(pngFile);
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return { ...result, pixels: ctx.getImageData(0, 0, img.width, img.height).data };
  } finally {
    tmp.remove();
  }
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels of a rendering matching `match`, within a rect given in fractions of the page (or the whole page). */
export function countPixels(
  page: Inspected,
  match: (r: number, g: number, b: number) => boolean,
  rect: Rect = { x: 0, y: 0, width: 1, height: 1 },
): { count: number; bbox: { left: number; top: number; right: number; bottom: number } | null } {
  const x0 = Math.floor(rect.x * page.width);
  const y0 = Math.floor(rect.y * page.height);
  const x1 = Math.min(page.width, Math.ceil((rect.x + rect.width) * page.width));
  const y1 = Math.min(page.height, Math.ceil((rect.y + rect.height) * page.height));
  let count = 0;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = -1;
  let bottom = -1;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * page.width + x) * 4;
      if (match(page.pixels[i], page.pixels[i + 1], page.pixels[i + 2])) {
        count++;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  return { count, bbox: count ? { left, top, right, bottom } : null };
}

export const isDark = (r: number, g: number, b: number) => r < 110 && g < 110 && b < 110;
export const isBlue = (r: number, g: number, b: number) => b > 180 && r < 80 && g < 80;

/** The same JPEG with an EXIF block saying how to turn it (as phone cameras write it). */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = payload.length + 2;
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), payload]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

/** A JPEG whose left half is red and right half blue. */
export function makeHalves(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, width / 2, height);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(width / 2, 0, width / 2, height);
  return canvas.encodeSync('jpeg', 92);
}

export const isRed = (r: number, g: number, b: number) => r > 180 && g < 80 && b < 80;

export { pngClaiming } from './png.ts';

const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志文';
/** The `i`-th holder's name of the benchmarks (three characters, varied). */
export const sampleName = (i: number) =>
  `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}${GIVEN[(i * 13) % GIVEN.length]}`;
/** The `i`-th holder's ID number of the benchmarks (not checksummed: the renderer does not care). */
export const sampleIdNumber = (i: number) => `3301061990${String(100000 + (i % 900000)).slice(-6)}12`;

/**
 * The benchmarks' realistic custom-template certificate `i`: the background, eight text fields, a bold title, the
 * holder's photo (one of `photos`) and the QR code to its public page.
 */
export function sampleCustomJob(
  i: number,
  opts: { backgroundPath: string; photos: string[]; createdAt?: Date },
): RenderJob {
  const fields = [
    ['姓名', sampleName(i)],
    ['身份证号', sampleIdNumber(i)],
    ['证书编号', `S33012024${String(i).padStart(8, '0')}`],
    ['职业名称', ['电工', '焊工', '育婴员', '保育师', '中式烹调师'][i % 5]],
    ['技能等级', ['五级/初级工', '四级/中级工', '三级/高级工'][i % 3]],
    ['发证日期', `2024年06月${String((i % 28) + 1).padStart(2, '0')}日`],
    ['发证机构', '浙江省职业技能鉴定指导中心'],
    ['备注', '本证书可通过扫描二维码查验真伪'],
  ];
  return {
    pageSize: 'A4',
    orientation: 'landscape',
    backgroundPath: opts.backgroundPath,
    title: `${sampleName(i)} 职业技能等级证书`,
    ...(opts.createdAt ? { createdAt: opts.createdAt.toISOString() } : {}),
    blanks: [
      titleBlank({ font_size: 32 }),
      ...fields.map(([label, value], k) =>
        textBlank({
          x: 0.12,
          y: 0.26 + k * 0.07,
          width: 0.5,
          height: 0.06,
          text: `${label}：${value}`,
          font_size: 15,
        }),
      ),
      imageBlank({
        x: 0.68,
        y: 0.26,
        width: 0.14,
        height: 0.26,
        imagePath: opts.photos[i % opts.photos.length],
      }),
    ],
    qr: {
      text: `https://cert.example.com/information-link/0192f7a4-1c2b-7d3e-9f00-${String(i).padStart(12, '0')}`,
      x: 0.7,
      y: 0.62,
      size: 0.1,
    },
  };
}
