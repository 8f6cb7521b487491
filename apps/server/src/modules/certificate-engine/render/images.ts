import { readFileSync, statSync } from 'node:fs';
import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import { imageSize, jpegInfo, oversizeProblem, sniffImage } from './image-header.ts';
import { RenderError } from './types.ts';

export { type ImageKind, type JpegInfo, jpegInfo, sniffImage } from './image-header.ts';

/** Decodes a JPEG/PNG with skia (the pixels arrive asynchronously even for a buffer); null when it cannot. */
export async function decodeImage(bytes: Uint8Array): Promise<Image | null> {
  try {
    const img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return img.width > 0 && img.height > 0 ? img : null;
  } catch {
    return null;
  }
}

/**
 * Draws an image at (width × height) px on white (transparent PNGs stay white, not black) and encodes
 * it as JPEG. Skia's decoder has already turned a JPEG upright by its EXIF orientation.
 */
export function reencodeJpeg(img: Image, width: number, height: number, quality: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return canvas.encodeSync('jpeg', quality);
}

/** A picture ready for the PDF: JPEG bytes and their upright size in pixels. */
export interface PreparedImage {
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** Refuses, before decoding, an image whose header cannot be read or that would decode too big. */
function assertDecodable(bytes: Uint8Array, what: string): void {
  const size = imageSize(bytes);
  if (!size) throw new RenderError(`${what}已损坏，无法读取`);
  const problem = oversizeProblem(size, what);
  if (problem) throw new RenderError(problem);
}

/** Long side of a rendering background: A4 at ~170 dpi. */
export const BACKGROUND_MAX_SIDE = 2000;
/** Backgrounds above this are re-encoded smaller, so a certificate stays under 200 KB. */
export const BACKGROUND_MAX_BYTES = 150 * 1024;

/**
 * An uploaded background (PNG or JPEG) → a compact JPEG for rendering. A JPEG already small enough
 * and upright is kept as it is (no second loss); anything else is scaled to BACKGROUND_MAX_SIDE at
 * most and encoded at q80, lower only when the result is still too heavy.
 */
export async function prepareBackground(bytes: Uint8Array): Promise<PreparedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new RenderError('证书底图不是有效的图片，仅支持 JPG、PNG 格式');
  const info = kind === 'jpg' ? jpegInfo(bytes) : null;
  if (kind === 'jpg' && !info) throw new RenderError('证书底图已损坏，无法读取');
  assertDecodable(bytes, '证书底图');
  if (
    info &&
    info.orientation === 1 &&
    info.components !== 4 &&
    bytes.length <= BACKGROUND_MAX_BYTES &&
    Math.max(info.width, info.height) <= BACKGROUND_MAX_SIDE
  )
    return { jpeg: bytes, widthPx: info.width, heightPx: info.height };
  const img = await decodeImage(bytes);
  if (!img) throw new RenderError('证书底图已损坏，无法读取');
  // Decoded upright (EXIF orientation applied), so a PDF viewer, which ignores EXIF, shows it right.
  const uprightW = img.width;
  const uprightH = img.height;
  // q80 at the largest size; if too heavy, q70; then smaller by the square root of the excess
  // (bytes grow with the pixel count), down to 1000 px, then lower quality.
  let scale = Math.min(1, BACKGROUND_MAX_SIDE / Math.max(uprightW, uprightH));
  let quality = 80;
  for (let attempt = 0; ; attempt++) {
    const w = Math.max(1, Math.round(uprightW * scale));
    const h = Math.max(1, Math.round(uprightH * scale));
    const jpeg = reencodeJpeg(img, w, h, quality);
    if (jpeg.length <= BACKGROUND_MAX_BYTES || attempt >= 8) return { jpeg, widthPx: w, heightPx: h };
    if (quality > 70) {
      quality = 70;
      continue;
    }
    const minScale = Math.min(scale, 1000 / Math.max(uprightW, uprightH));
    const next = Math.max(minScale, scale * Math.sqrt(BACKGROUND_MAX_BYTES / jpeg.length) * 0.95);
    if (next < scale - 1e-6) scale = next;
    else quality = Math.max(40, quality - 10);
  }
}

/** Pixels per point an embedded photo keeps at most (≈ 200 dpi); bigger photos are scaled down. */
const PHOTO_PX_PER_PT = 200 / 72;
/** A JPEG photo up to this many times the pixels it needs, and this small, is embedded unchanged. */
const PHOTO_KEEP_FACTOR = 3;
const PHOTO_KEEP_BYTES = 60 * 1024;

/**
 * A photo for a box of boxW × boxH points: its bytes checked, then embedded unchanged when it is a
 * modest upright JPEG, else decoded and re-encoded to about 200 dpi at the size it is drawn.
 */
export async function preparePhoto(bytes: Uint8Array, boxW: number, boxH: number): Promise<PreparedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new RenderError('照片不是有效的图片，仅支持 JPG、PNG 格式');
  const info = kind === 'jpg' ? jpegInfo(bytes) : null;
  if (kind === 'jpg' && !info) throw new RenderError('照片文件已损坏，无法读取');
  assertDecodable(bytes, '照片');
  if (info && info.orientation === 1 && info.components !== 4 && bytes.length <= PHOTO_KEEP_BYTES) {
    const scale = Math.min(boxW / info.width, boxH / info.height);
    const needW = info.width * scale * PHOTO_PX_PER_PT;
    if (info.width <= needW * PHOTO_KEEP_FACTOR)
      return { jpeg: bytes, widthPx: info.width, heightPx: info.height };
  }
  const img = await decodeImage(bytes);
  if (!img) throw new RenderError('照片文件已损坏，无法读取');
  // Decoded upright (EXIF orientation applied), so a PDF viewer, which ignores EXIF, shows it right.
  const uprightW = img.width;
  const uprightH = img.height;
  const fit = Math.min(boxW / uprightW, boxH / uprightH) * PHOTO_PX_PER_PT;
  const scale = Math.min(1, fit);
  const w = Math.max(1, Math.round(uprightW * scale));
  const h = Math.max(1, Math.round(uprightH * scale));
  return { jpeg: reencodeJpeg(img, w, h, 82), widthPx: w, heightPx: h };
}

let placeholder: PreparedImage | null = null;

/** The photo a preview shows in image blanks: a grey head-and-shoulders outline, drawn once per thread. */
export function placeholderPhoto(): PreparedImage {
  if (placeholder) return placeholder;
  const w = 330;
  const h = 450;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#e8ecf3';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#b8c2d3';
  ctx.beginPath();
  ctx.arc(w / 2, h * 0.38, w * 0.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(w / 2, h * 0.95, w * 0.38, h * 0.3, 0, Math.PI, 0);
  ctx.fill();
  placeholder = { jpeg: new Uint8Array(canvas.encodeSync('jpeg', 85)), widthPx: w, heightPx: h };
  return placeholder;
}

/** Reads a photo from disk; a missing or unreadable file is the certificate's fault, not the system's. */
export function readPhoto(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch {
    throw new RenderError('照片文件不存在或无法读取');
  }
}

interface CachedBackground extends PreparedImage {
  mtimeMs: number;
  size: number;
}

const backgrounds = new Map<string, CachedBackground>();
const BACKGROUND_CACHE_SIZE = 8;

/** The background of a path, read (and converted, if it is not a rendering JPEG yet) once per thread. */
export async function loadBackground(file: string): Promise<PreparedImage> {
  let st: { mtimeMs: number; size: number };
  try {
    st = statSync(file);
  } catch {
    throw new RenderError('证书底图文件不存在');
  }
  const hit = backgrounds.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) {
    backgrounds.delete(file);
    backgrounds.set(file, hit); // most recently used last
    return hit;
  }
  const prepared = await prepareBackground(readFileSync(file));
  // Kept for many certificates: its own buffer, not a view into a larger one.
  const cached = { ...prepared, jpeg: new Uint8Array(prepared.jpeg), mtimeMs: st.mtimeMs, size: st.size };
  backgrounds.set(file, cached);
  if (backgrounds.size > BACKGROUND_CACHE_SIZE) backgrounds.delete(backgrounds.keys().next().value as string);
  return cached;
}
