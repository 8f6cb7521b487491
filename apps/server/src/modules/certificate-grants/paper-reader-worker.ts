import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Canvas, createCanvas, type Image, ImageData } from '@napi-rs/canvas';
import type { ReaderOptions } from 'zxing-wasm/reader';
import { imageSize, oversizeProblem } from '../certificate-engine/render/image-header.ts';
import { decodeImage } from '../certificate-engine/render/images.ts';
import {
  IMAGE_BROKEN,
  NO_QR,
  PAGE_BROKEN,
  PDF_BROKEN,
  PDF_ENCRYPTED,
  SCAN_MISSING,
} from './paper-problems.ts';

/**
 * The scan reader's tasks (paper-reader.ts runs them in their own threads): a scanned page or phone photo → the text
 * of the QR code on it. The QR decoding is ZXing-C++ compiled to WebAssembly (zxing-wasm), loaded from the package
 * (never fetched); PDF pages are rasterised with pdf.js onto @napi-rs/canvas, one page at a time.
 */

/** One image, or some pages of a PDF: from a file on disk or bytes (an entry of a zip). */
export interface ScanInput {
  kind: 'jpg' | 'png' | 'pdf';
  path?: string;
  bytes?: Uint8Array;
  /** PDF only: the first and last page to read (1-based, inclusive); all pages when absent. */
  from?: number;
  to?: number;
}

/** One page read: the QR code's text, or null with why nothing could be read. */
export interface PageRead {
  page: number;
  text: string | null;
  problem?: string;
}

export interface ScanOutput {
  /** Pages of the whole PDF (1 for an image). */
  pageCount: number;
  pages: PageRead[];
}

/**
 * The sizes (long side, px) a page is tried at, in turn: a QR code a few degrees askew and turned by 90° reads at the
 * first in most scans (ZXing finds a QR code's finder patterns at any angle; 1200 px keeps a code of a tenth of an
 * A4 page at 3 px a module, and is cheap); the second catches a code printed smaller, the third one whose
 * binarisation missed at both.
 */
const ATTEMPTS: { longSide: number; options: ReaderOptions }[] = [
  { longSide: 1200, options: { tryHarder: true, tryRotate: false } },
  { longSide: 1800, options: { tryHarder: true, tryRotate: true } },
  { longSide: 900, options: { tryHarder: true, tryRotate: true, tryDownscale: true } },
];
/** A PDF page is rasterised once, at the largest size an attempt needs. */
const PDF_LONG_SIDE = 1800;
const BASE_OPTIONS: ReaderOptions = { formats: ['QRCode'], tryInvert: false, maxNumberOfSymbols: 1 };

let zxing: Promise<typeof import('zxing-wasm/reader')> | null = null;
/** zxing-wasm with its WebAssembly read from the installed package: by default it would download it. */
function reader() {
  zxing ??= (async () => {
    const module = await import('zxing-wasm/reader');
    const wasm = await readFile(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    );
    await module.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    return module;
  })();
  return zxing;
}

/** The picture drawn at most `longSide` px on its long side (never enlarged), as RGBA pixels. */
function pixels(source: Image | Canvas, longSide: number) {
  const scale = Math.min(1, longSide / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(source as Image, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

/** The text of the first QR code found on the picture, trying the attempts in turn; null when none reads. */
export async function readQr(source: Image | Canvas): Promise<string | null> {
  const { readBarcodes } = await reader();
  const longest = Math.max(source.width, source.height);
  let lastSide = 0;
  for (const { longSide, options } of ATTEMPTS) {
    const side = Math.min(longSide, longest);
    // The picture is smaller than this attempt's size: the same pixels as an attempt already made.
    if (side === lastSide && !options.tryRotate) continue;
    lastSide = side;
    const [found] = await readBarcodes(pixels(source, side) as unknown as ImageData, {
      ...BASE_OPTIONS,
      ...options,
    });
    if (found?.isValid && found.text) return found.text;
  }
  return null;
}

async function bytesOf(input: ScanInput): Promise<Uint8Array> {
  if (input.bytes) return input.bytes;
  if (!input.path) throw new Error('scan input without path or bytes');
  return readFile(input.path);
}

async function readImage(bytes: Uint8Array): Promise<PageRead> {
  const size = imageSize(bytes);
  const tooBig = size && oversizeProblem(size, '图片');
  if (!size || tooBig) return { page: 1, text: null, problem: tooBig || IMAGE_BROKEN };
  const image = await decodeImage(bytes);
  if (!image) return { page: 1, text: null, problem: IMAGE_BROKEN };
  const text = await readQr(image);
  return text ? { page: 1, text } : { page: 1, text: null, problem: NO_QR };
}

/** pdf.js's canvas factory in Node (typed as Object by pdf.js): canvases of its own @napi-rs/canvas. */
interface PdfCanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { width: number; height: number };
    context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  };
  destroy(drawn: unknown): void;
}

type PdfDocument = Awaited<
  ReturnType<typeof import('pdfjs-dist/legacy/build/pdf.mjs')['getDocument']>['promise']
>;

/** Page `n` of a PDF drawn with its long side `longSide` px, on white. */
export async function rasterisePage(doc: PdfDocument, n: number, longSide: number): Promise<Canvas> {
  const page = await doc.getPage(n);
  const unit = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: longSide / Math.max(unit.width, unit.height) });
  // pdf.js draws on its own @napi-rs/canvas (another instance of the module than ours under tsx): handing its
  // canvas to ours crashed the process, so only its pixels cross, onto a canvas of ours.
  const factory = doc.canvasFactory as PdfCanvasFactory;
  const drawn = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({ canvasContext: drawn.context as never, viewport }).promise;
    const canvas = createCanvas(drawn.canvas.width, drawn.canvas.height);
    const theirs = drawn.context.getImageData(0, 0, canvas.width, canvas.height);
    canvas.getContext('2d').putImageData(new ImageData(theirs.data, canvas.width, canvas.height), 0, 0);
    return canvas;
  } finally {
    factory.destroy(drawn);
    page.cleanup();
  }
}

/** Opens a PDF with pdf.js as the reader does (no fonts of the system, no eval). */
export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/** The pages `from`–`to` of a PDF, one at a time: each rasterised, read, and its memory let go before the next. */
async function readPdf(bytes: Uint8Array, from = 1, to = Number.POSITIVE_INFINITY): Promise<ScanOutput> {
  let doc: PdfDocument;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    // pdf.js refuses a PDF that needs a password with its PasswordException.
    const problem =
      (err as { name?: string } | null)?.name === 'PasswordException' ? PDF_ENCRYPTED : PDF_BROKEN;
    return { pageCount: 1, pages: [{ page: 1, text: null, problem }] };
  }
  const pages: PageRead[] = [];
  try {
    const last = Math.min(to, doc.numPages);
    for (let n = from; n <= last; n++) {
      try {
        const canvas = await rasterisePage(doc, n, PDF_LONG_SIDE);
        const text = await readQr(canvas);
        pages.push(text ? { page: n, text } : { page: n, text: null, problem: NO_QR });
      } catch {
        pages.push({ page: n, text: null, problem: PAGE_BROKEN });
      }
    }
    return { pageCount: doc.numPages, pages };
  } finally {
    await doc.destroy();
  }
}

/** The task: an image, or some pages of a PDF. */
export default async function readScanTask(input: ScanInput): Promise<ScanOutput> {
  let bytes: Uint8Array;
  try {
    bytes = await bytesOf(input);
  } catch {
    return { pageCount: 1, pages: [{ page: 1, text: null, problem: SCAN_MISSING }] };
  }
  if (input.kind === 'pdf') return readPdf(bytes, input.from, input.to);
  return { pageCount: 1, pages: [await readImage(bytes)] };
}

/** Loads the decoder before the first task, so the first page does not pay for it. */
export async function warmUp(): Promise<void> {
  await reader();
}
