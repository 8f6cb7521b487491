import {
  type EmbeddedFont,
  FontInPdf,
  type FontWeight,
  hex4,
  type LoadedFont,
  loadFont,
  writeEmbeddedFont,
} from './fonts.ts';
import {
  jpegInfo,
  loadBackground,
  placeholderPhoto,
  prepareBackground,
  preparePhoto,
  readPhoto,
} from './images.ts';
import { PdfFile, pdfDate, pdfNumber, pdfTextString } from './pdf.ts';
import { qrPath } from './qr.ts';
import { fitText, LINE_HEIGHT } from './text.ts';
import { PDF_PRODUCER, type RenderBlank, RenderError, type RenderJob } from './types.ts';

export { type RenderBlank, RenderError, type RenderJob } from './types.ts';

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

/** A #rrggbb colour as the operands of `rg` (black for anything else). */
function fillColour(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return '0 0 0';
  return [m[1], m[2], m[3]].map((c) => pdfNumber(Number.parseInt(c, 16) / 255)).join(' ');
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

type PageFonts = Map<FontWeight, { name: string; id: number; font: FontInPdf }>;

/** One page being written: its content operators and the resources they name. */
class Page {
  readonly content: string[] = [];
  readonly images: { name: string; id: number; jpeg: Uint8Array; what: string }[] = [];

  constructor(
    readonly pdf: PdfFile,
    readonly box: { width: number; height: number },
    /** The first letter of its fonts' resource names (a fixed layer's differ from the certificate's own). */
    readonly fontPrefix = 'F',
    /** A fixed layer's fonts: characters they hold already are written with them, not added to the page's own. */
    readonly shared: ReadonlyMap<FontWeight, { name: string; font: FontInPdf }> = new Map(),
    /** Its own fonts: a document of several pages shares one set (one subset per weight for every page). */
    readonly fonts: PageFonts = new Map(),
  ) {}

  /**
   * The operators showing a line at `size`: runs of characters the fixed layer's font of this weight holds are
   * shown with it, the others with the page's own font (the same advances either way, so nothing moves).
   */
  show(weight: FontWeight, loaded: LoadedFont, line: string, size: number): string {
    const shared = this.shared.get(weight);
    if (!shared) {
      const { name, font } = this.font(weight, loaded);
      return `/${name} ${pdfNumber(size)} Tf ${font.encode(line)} Tj`;
    }
    const ops: string[] = [];
    let runName = '';
    let run = '';
    const flush = () => {
      if (run) ops.push(`/${runName} ${pdfNumber(size)} Tf <${run}> Tj`);
      run = '';
    };
    for (const ch of line) {
      const id = shared.font.drawnId(ch.codePointAt(0) as number);
      if (id !== null) {
        if (runName !== shared.name) flush();
        runName = shared.name;
        run += hex4(id);
        continue;
      }
      const f = this.font(weight, loaded);
      const own = f.font.encode(ch).slice(1, -1);
      if (!own) continue; // a character that draws nothing
      if (runName !== f.name) flush();
      runName = f.name;
      run += own;
    }
    flush();
    return ops.join(' ');
  }

  font(weight: FontWeight, loaded: LoadedFont) {
    let f = this.fonts.get(weight);
    if (!f) {
      f = {
        name: `${this.fontPrefix}${this.fonts.size + 1}`,
        id: this.pdf.reserve(),
        font: new FontInPdf(loaded),
      };
      this.fonts.set(weight, f);
    }
    return f;
  }

  /** Draws a JPEG stretched over (x, y, w, h); `what` names it in the error if its header cannot be read. */
  image(jpeg: Uint8Array, what: string, x: number, y: number, w: number, h: number) {
    const name = `Im${this.images.length}`;
    this.images.push({ name, id: this.pdf.reserve(), jpeg, what });
    this.content.push(
      `q ${pdfNumber(w)} 0 0 ${pdfNumber(h)} ${pdfNumber(x)} ${pdfNumber(y)} cm /${name} Do Q`,
    );
  }
}

function drawTextBlank(page: Page, blank: RenderBlank) {
  const text = (blank.text ?? '').replace(/\t/g, ' ').trim();
  if (!text) return;
  const weight: FontWeight = blank.bold ? 'bold' : 'regular';
  const font = loadFont(weight);
  const box = boxOf(blank, page.box);
  const fontSize = blank.font_size > 0 ? blank.font_size : 14;
  const { size, lines } = fitText(text, fontSize, box.width, box.height, font.widthOf);
  const lineHeight = size * LINE_HEIGHT;
  const blockTop = box.y + box.height - (box.height - lines.length * lineHeight) / 2;
  const colour = fillColour(blank.color);
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
    const shown = page.show(weight, font, line, size);
    if (shown) page.content.push(`BT ${colour} rg ${pdfNumber(x)} ${pdfNumber(baseline)} Td ${shown} ET`);
  });
}

async function drawImageBlank(page: Page, blank: RenderBlank) {
  if (!blank.imagePath && !blank.placeholder) return;
  const box = boxOf(blank, page.box);
  if (box.width <= 0 || box.height <= 0) return;
  const photo = blank.imagePath
    ? await preparePhoto(readPhoto(blank.imagePath), box.width, box.height)
    : placeholderPhoto();
  const scale = Math.min(box.width / photo.widthPx, box.height / photo.heightPx);
  const w = photo.widthPx * scale;
  const h = photo.heightPx * scale;
  page.image(photo.jpeg, '照片文件', box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h);
}

const COLOUR_SPACES: Record<number, string> = {
  1: '/ColorSpace /DeviceGray',
  3: '/ColorSpace /DeviceRGB',
  // Adobe's CMYK JPEGs store inverted values.
  4: '/ColorSpace /DeviceCMYK /Decode [1 0 1 0 1 0 1 0]',
};

/**
 * The fixed texts of a template (blanks marked `fixed`: labels, title, the query hint), laid out once per thread:
 * each blank's content operators and their own font subsets, deflated, kept for every certificate that has the same
 * fixed blanks on the same page. Each certificate then lays out and subsets only its own values; the operators go
 * into its content in the blanks' order, so it draws and reads in the same order as without the layer.
 */
interface FixedLayer {
  /** By fixed blank, in the job's order: its operators. */
  ops: string[][];
  fonts: { name: string; weight: FontWeight; font: FontInPdf; embedded: EmbeddedFont }[];
}

const fixedLayers = new Map<string, FixedLayer>();
const FIXED_LAYER_CACHE_SIZE = 8;

function fixedLayer(blanks: RenderBlank[], box: { width: number; height: number }): FixedLayer {
  const key = JSON.stringify([box.width, box.height, blanks]);
  const hit = fixedLayers.get(key);
  if (hit) {
    fixedLayers.delete(key);
    fixedLayers.set(key, hit); // most recently used last
    return hit;
  }
  // Object numbers are not kept: the layer's fonts get their numbers in each certificate's file.
  const page = new Page(new PdfFile(), box, 'S');
  const ops = blanks.map((blank) => {
    const from = page.content.length;
    drawTextBlank(page, blank);
    return page.content.slice(from);
  });
  const layer = {
    ops,
    fonts: [...page.fonts].map(([weight, f]) => ({
      name: f.name,
      weight,
      font: f.font,
      embedded: f.font.embed(),
    })),
  };
  fixedLayers.set(key, layer);
  if (fixedLayers.size > FIXED_LAYER_CACHE_SIZE)
    fixedLayers.delete(fixedLayers.keys().next().value as string);
  return layer;
}

/** The fixed blanks of a job (text blanks marked `fixed`). */
const isFixed = (blank: RenderBlank) => blank.fixed === true && blank.blank_type === 1;

/**
 * Draws a job onto a new page of `pdf` (its content, the images written at once); its fonts go into `fonts`. With
 * `skipBadImages` an image that cannot be read is left out of the page instead of refusing it.
 */
async function drawJob(
  pdf: PdfFile,
  job: RenderJob,
  fonts: PageFonts,
  skipBadImages: boolean,
): Promise<{ page: Page; layer: FixedLayer | null }> {
  const box = pageSizePt(job.pageSize, job.orientation);
  const fixed = job.blanks.filter(isFixed);
  const layer = fixed.length ? fixedLayer(fixed, box) : null;
  const page = new Page(pdf, box, 'F', new Map(layer?.fonts.map((f) => [f.weight, f])), fonts);
  if (job.backgroundPath) {
    const bg = await loadBackground(job.backgroundPath);
    page.image(bg.jpeg, '证书底图', 0, 0, box.width, box.height);
  }
  let nextFixed = 0;
  for (const blank of job.blanks) {
    if (blank.blank_type === 2) {
      const images = page.images.length;
      const content = page.content.length;
      try {
        await drawImageBlank(page, blank);
      } catch (err) {
        if (!(skipBadImages && err instanceof RenderError)) throw err;
        page.images.length = images;
        page.content.length = content;
      }
    } else if (layer && isFixed(blank)) page.content.push(...(layer.ops[nextFixed++] as string[]));
    else drawTextBlank(page, blank);
  }
  if (job.qr?.text) {
    const size = clamp01(job.qr.size) * box.width;
    if (size > 0) {
      const x = clamp01(job.qr.x) * box.width;
      const y = box.height - clamp01(job.qr.y) * box.height - size;
      page.content.push(qrPath(job.qr.text, x, y, size));
    }
  }
  return { page, layer };
}

/** Writes a page's images (JPEGs as they are). */
function writeImages(pdf: PdfFile, page: Page): void {
  for (const im of page.images) {
    const header = jpegInfo(im.jpeg);
    const colourSpace = header && COLOUR_SPACES[header.components];
    if (!header || !colourSpace) throw new RenderError(`${im.what}已损坏，无法读取`);
    pdf.stream(
      im.id,
      `/Type /XObject /Subtype /Image /Width ${header.width} /Height ${header.height} ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode`,
      im.jpeg,
      false,
    );
  }
}

function writeInfo(pdf: PdfFile, info: number, job: Pick<RenderJob, 'title' | 'createdAt'>): void {
  const title = job.title ? ` /Title ${pdfTextString(job.title)}` : '';
  pdf.object(
    info,
    `<< /Producer (${PDF_PRODUCER}) /Creator (${PDF_PRODUCER})${title} /CreationDate ${pdfDate(job.createdAt ? new Date(job.createdAt) : new Date())} >>`,
  );
}

/**
 * One certificate → one PDF (in-process; use the render pool for volume). The background fills the
 * page, text blanks use the embedded subset of Noto Sans SC (regular or bold), photos fit their box
 * keeping proportions, the QR code is vector. Bad input of this certificate → RenderError. Fixed text blanks are
 * written from the thread's layer of them (`fixedLayer`).
 */
export async function renderCertificate(job: RenderJob): Promise<Uint8Array> {
  return renderPages([job], { title: job.title, createdAt: job.createdAt });
}

/**
 * Several jobs → one PDF of as many pages, in order (a room's admission tickets): the same drawing as a certificate,
 * one set of font subsets for every page (each weight's glyphs once), each fixed layer's fonts once. With
 * `skipBadImages` a photo that cannot be read leaves its box empty instead of refusing the whole document.
 */
export async function renderPages(
  jobs: RenderJob[],
  opts: { title?: string; createdAt?: string; skipBadImages?: boolean } = {},
): Promise<Uint8Array> {
  if (jobs.length === 0) throw new RenderError('没有要生成的页面');
  const pdf = new PdfFile();
  const catalog = pdf.reserve();
  const pages = pdf.reserve();
  const info = pdf.reserve();
  const fonts: PageFonts = new Map();
  const drawn: { id: number; contents: number; page: Page; layer: FixedLayer | null }[] = [];
  for (const job of jobs) {
    const { page, layer } = await drawJob(pdf, job, fonts, opts.skipBadImages === true);
    const id = pdf.reserve();
    const contents = pdf.reserve();
    pdf.stream(contents, '', Buffer.from(page.content.join('\n'), 'latin1'), true);
    writeImages(pdf, page);
    drawn.push({ id, contents, page, layer });
  }
  // Each fixed layer's fonts are written once, whatever the number of pages drawing from it.
  const layerFonts = new Map<FixedLayer, (FixedLayer['fonts'][number] & { id: number })[]>();
  for (const { layer } of drawn)
    if (layer && !layerFonts.has(layer))
      layerFonts.set(
        layer,
        layer.fonts.map((f) => ({ ...f, id: pdf.reserve() })),
      );
  pdf.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R /Lang (zh-CN) >>`);
  pdf.object(
    pages,
    `<< /Type /Pages /Kids [${drawn.map((d) => `${d.id} 0 R`).join(' ')}] /Count ${drawn.length} >>`,
  );
  for (const { id, contents, page, layer } of drawn) {
    const own = [...fonts.values(), ...(layer ? (layerFonts.get(layer) ?? []) : [])];
    const fontRefs = own.map((f) => `/${f.name} ${f.id} 0 R`).join(' ');
    const images = page.images.map((im) => `/${im.name} ${im.id} 0 R`).join(' ');
    pdf.object(
      id,
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${pdfNumber(page.box.width)} ${pdfNumber(page.box.height)}] /Resources << /Font << ${fontRefs} >> /XObject << ${images} >> >> /Contents ${contents} 0 R >>`,
    );
  }
  for (const f of fonts.values()) f.font.write(pdf, f.id);
  for (const list of layerFonts.values()) for (const f of list) writeEmbeddedFont(pdf, f.id, f.embedded);
  writeInfo(pdf, info, {
    title: opts.title ?? jobs[0]?.title,
    createdAt: opts.createdAt ?? jobs[0]?.createdAt,
  });
  return pdf.finish(catalog, info);
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
