import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { type FontWeight, fontkitAdapter, type LoadedFont, loadFont } from './fonts.ts';
import { loadBackground, placeholderPhoto, prepareBackground, preparePhoto, readPhoto } from './images.ts';
import { applyPdfLibPatches } from './pdfLibPatches.ts';
import { qrOperator } from './qr.ts';
import { fitText, LINE_HEIGHT } from './text.ts';
import { type RenderBlank, RenderError, type RenderJob } from './types.ts';

export { type RenderBlank, RenderError, type RenderJob } from './types.ts';

applyPdfLibPatches();

const PT_PER_MM = 72 / 25.4;
/**
 * Portrait page sizes in mm: the contract's `pageSizesMm` (@skill-cert/shared/customCertificate),
 * repeated here so a worker thread does not load zod with the contract (a test keeps them equal).
 */
export const PAGE_SIZES_MM: Record<RenderJob['pageSize'], { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  B5: { width: 176, height: 250 },
};
/** Where the centre of a line of CJK text sits above its baseline, in em (the ideographic em box is -0.12..0.88). */
const TEXT_CENTRE_EM = 0.38;

/** The page in points for a page size and orientation. */
export function pageSizePt(pageSize: RenderJob['pageSize'], orientation: RenderJob['orientation']) {
  const mm = PAGE_SIZES_MM[pageSize];
  if (!mm) throw new RenderError('纸张大小应为 A4、A5 或 B5');
  const w = mm.width * PT_PER_MM;
  const h = mm.height * PT_PER_MM;
  return orientation === 'landscape' ? { width: h, height: w } : { width: w, height: h };
}

function parseColor(hex: string) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return rgb(0, 0, 0);
  return rgb(
    Number.parseInt(m[1], 16) / 255,
    Number.parseInt(m[2], 16) / 255,
    Number.parseInt(m[3], 16) / 255,
  );
}

/**
 * pdf-lib reads images through `new DataView(bytes.buffer)`, ignoring the view's offset: small Buffers
 * (readFileSync of a few KB) are slices of a shared pool and would read as garbage. Give it its own copy.
 */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** A blank's box in PDF points (bottom-left origin). */
function boxOf(blank: RenderBlank, page: { width: number; height: number }) {
  const x = clamp01(blank.x) * page.width;
  const top = clamp01(blank.y) * page.height;
  const w = clamp01(blank.width) * page.width;
  const h = clamp01(blank.height) * page.height;
  return { x, y: page.height - top - h, width: w, height: h };
}

function drawTextBlank(
  page: PDFPage,
  blank: RenderBlank,
  pdfFont: PDFFont,
  font: LoadedFont,
  pageBox: { width: number; height: number },
) {
  const text = (blank.text ?? '').replace(/\t/g, ' ').trim();
  if (!text) return;
  const box = boxOf(blank, pageBox);
  const fontSize = blank.font_size > 0 ? blank.font_size : 14;
  const fitted = fitText(text, fontSize, box.width, box.height, font.widthOf);
  const { size, lines } = fitted;
  const lineHeight = size * LINE_HEIGHT;
  const blockTop = box.y + box.height - (box.height - lines.length * lineHeight) / 2;
  const color = parseColor(blank.color);
  lines.forEach((line, i) => {
    if (!line) return;
    const width = font.widthOf(line) * size;
    const x =
      blank.align === 'center'
        ? box.x + (box.width - width) / 2
        : blank.align === 'right'
          ? box.x + box.width - width
          : box.x;
    const baseline = blockTop - (i + 0.5) * lineHeight - TEXT_CENTRE_EM * size;
    page.drawText(line, { x, y: baseline, size, font: pdfFont, color });
  });
}

async function drawImageBlank(
  doc: PDFDocument,
  page: PDFPage,
  blank: RenderBlank,
  pageBox: { width: number; height: number },
) {
  if (!blank.imagePath && !blank.placeholder) return;
  const box = boxOf(blank, pageBox);
  if (box.width <= 0 || box.height <= 0) return;
  const photo = blank.imagePath
    ? await preparePhoto(readPhoto(blank.imagePath), box.width, box.height)
    : placeholderPhoto();
  let image: PDFImage;
  try {
    image = await doc.embedJpg(ownBytes(photo.jpeg));
  } catch {
    throw new RenderError('照片文件已损坏，无法读取');
  }
  const scale = Math.min(box.width / photo.widthPx, box.height / photo.heightPx);
  const w = photo.widthPx * scale;
  const h = photo.heightPx * scale;
  page.drawImage(image, {
    x: box.x + (box.width - w) / 2,
    y: box.y + (box.height - h) / 2,
    width: w,
    height: h,
  });
}

/**
 * One certificate → one PDF (in-process; use the render pool for volume). The background fills the
 * page, text blanks use the embedded subset of Noto Sans SC (regular or bold), photos fit their box
 * keeping proportions, the QR code is vector. Bad input of this certificate → RenderError.
 */
export async function renderCertificate(job: RenderJob): Promise<Uint8Array> {
  const pageBox = pageSizePt(job.pageSize, job.orientation);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkitAdapter);
  doc.setProducer('skill-cert');
  doc.setCreator('skill-cert');
  doc.setLanguage('zh-CN');
  if (job.title) doc.setTitle(job.title);
  doc.setCreationDate(new Date());
  const page = doc.addPage([pageBox.width, pageBox.height]);

  if (job.backgroundPath) {
    const bg = await loadBackground(job.backgroundPath);
    const image = await doc.embedJpg(ownBytes(bg.jpeg));
    page.drawImage(image, { x: 0, y: 0, width: pageBox.width, height: pageBox.height });
  }

  const embedded = new Map<FontWeight, PDFFont>();
  for (const blank of job.blanks) {
    if (blank.blank_type === 2) {
      await drawImageBlank(doc, page, blank, pageBox);
      continue;
    }
    if (!blank.text?.trim()) continue;
    const weight: FontWeight = blank.bold ? 'bold' : 'regular';
    const font = loadFont(weight);
    let pdfFont = embedded.get(weight);
    if (!pdfFont) {
      pdfFont = await doc.embedFont(font.bytes, { subset: true });
      embedded.set(weight, pdfFont);
    }
    drawTextBlank(page, blank, pdfFont, font, pageBox);
  }

  if (job.qr?.text) {
    const size = clamp01(job.qr.size) * pageBox.width;
    if (size > 0) {
      const x = clamp01(job.qr.x) * pageBox.width;
      const y = pageBox.height - clamp01(job.qr.y) * pageBox.height - size;
      page.pushOperators(qrOperator(job.qr.text, x, y, size));
    }
  }

  return doc.save({ useObjectStreams: false });
}

/**
 * An uploaded background (PNG or JPEG) → the compact JPEG certificates are rendered on, once per
 * template: at most 2000 px on the long side, q80 (lower only if still over 150 KB), upright, no alpha.
 * Not an image, a broken one or one too big to decode → RenderError. The render pool runs it in a worker
 * (`renderPool.background(path)`): decoding a large PNG takes up to a second.
 */
export async function toRenderBackground(
  bytes: Uint8Array,
): Promise<{ jpeg: Buffer; widthPx: number; heightPx: number }> {
  const prepared = await prepareBackground(bytes);
  const jpeg = Buffer.isBuffer(prepared.jpeg)
    ? prepared.jpeg
    : Buffer.from(prepared.jpeg.buffer, prepared.jpeg.byteOffset, prepared.jpeg.byteLength);
  return { jpeg, widthPx: prepared.widthPx, heightPx: prepared.heightPx };
}

/** Loads the fonts and runs one render, so a fresh worker's first real certificate is not the slow one. */
export async function warmUp(): Promise<void> {
  await renderCertificate({
    pageSize: 'A5',
    orientation: 'portrait',
    backgroundPath: null,
    blanks: [
      {
        blank_type: 1,
        x: 0.1,
        y: 0.1,
        width: 0.8,
        height: 0.1,
        font_size: 14,
        color: '#000000',
        align: 'left',
        bold: 0,
        text: '证书 Ab1',
      },
      {
        blank_type: 1,
        x: 0.1,
        y: 0.3,
        width: 0.8,
        height: 0.1,
        font_size: 14,
        color: '#000000',
        align: 'left',
        bold: 1,
        text: '证书 Ab1',
      },
    ],
    qr: { text: 'warm-up', x: 0.1, y: 0.5, size: 0.2 },
  });
}
