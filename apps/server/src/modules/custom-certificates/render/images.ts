import { readFileSync, statSync } from 'node:fs';
import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import { RenderError } from './types.ts';

export type ImageKind = 'jpg' | 'png';

/** JPEG or PNG by the first bytes (never by the name); null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length > 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return 'png';
  return null;
}

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  /** EXIF orientation, 1 when absent. */
  orientation: number;
}

function exifOrientation(b: Uint8Array, start: number, end: number): number {
  // "Exif\0\0" then a TIFF header.
  if (end - start < 14 || String.fromCharCode(b[start], b[start + 1], b[start + 2], b[start + 3]) !== 'Exif')
    return 1;
  const tiff = start + 6;
  const little = b[tiff] === 0x49;
  const u16 = (o: number) => (little ? b[o] | (b[o + 1] << 8) : (b[o] << 8) | b[o + 1]);
  const u32 = (o: number) => (little ? u16(o) + u16(o + 2) * 65536 : u16(o) * 65536 + u16(o + 2));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) {
      const v = u16(entry + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

/**
 * Reads a JPEG's frame header (and EXIF orientation) by walking its segments; a file that does not
 * hold one, or is cut before its end-of-image marker, is not a usable JPEG.
 */
export function jpegInfo(b: Uint8Array): JpegInfo | null {
  if (sniffImage(b) !== 'jpg') return null;
  let orientation = 1;
  let pos = 2;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return null;
    const marker = b[pos + 1];
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    const len = (b[pos + 2] << 8) | b[pos + 3];
    if (len < 2 || pos + 2 + len > b.length) return null;
    if (marker === 0xe1) orientation = exifOrientation(b, pos + 4, pos + 2 + len);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      const height = (b[pos + 5] << 8) | b[pos + 6];
      const width = (b[pos + 7] << 8) | b[pos + 8];
      const components = b[pos + 9];
      if (!width || !height || ![1, 3, 4].includes(components)) return null;
      // The scan data must be complete: an end-of-image marker near the end (some writers add trailing bytes).
      let eoi = false;
      for (let i = b.length - 2; i >= Math.max(pos, b.length - 4096); i--)
        if (b[i] === 0xff && b[i + 1] === 0xd9) {
          eoi = true;
          break;
        }
      return eoi ? { width, height, components, orientation } : null;
    }
    if (marker === 0xda) return null; // scan before a frame header
    pos += 2 + len;
  }
  return null;
}

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
