import { open } from 'node:fs/promises';

/**
 * What an image's first bytes say about it, read without decoding a pixel: its kind (JPEG or PNG by the
 * magic bytes), its size in pixels (PNG IHDR, JPEG frame header) and whether it is small enough to decode.
 * No native or PDF code here, so the main thread can check uploads with it.
 */

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

interface JpegSegment {
  marker: number;
  /** Where its marker is. */
  pos: number;
  /** Its length field (the bytes after the marker, this field included). */
  len: number;
  /** Whether all of it lies within the bytes given (a prefix of the file may cut the last one). */
  whole: boolean;
}

/**
 * The segments of a JPEG up to its frame header: each marker with a length, the standalone ones skipped. Stops
 * after the frame header, at the scan, after a segment cut by the end of the bytes, or at broken structure.
 */
function* jpegSegments(b: Uint8Array): Generator<JpegSegment> {
  let pos = 2;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return;
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
    if (len < 2) return;
    const whole = pos + 2 + len <= b.length;
    yield { marker, pos, len, whole };
    if (!whole || marker === 0xda || isFrameHeader(marker)) return;
    pos += 2 + len;
  }
}

const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Height and width of a frame header segment at `pos` (null when zero or cut off). */
function frameSize(b: Uint8Array, pos: number): { width: number; height: number } | null {
  if (pos + 9 > b.length) return null;
  const height = (b[pos + 5] << 8) | b[pos + 6];
  const width = (b[pos + 7] << 8) | b[pos + 8];
  return width && height ? { width, height } : null;
}

/**
 * Reads a JPEG's frame header (and EXIF orientation) by walking its segments; a file that does not
 * hold one, or is cut before its end-of-image marker, is not a usable JPEG.
 */
export function jpegInfo(b: Uint8Array): JpegInfo | null {
  if (sniffImage(b) !== 'jpg') return null;
  let orientation = 1;
  for (const { marker, pos, len, whole } of jpegSegments(b)) {
    if (!whole) return null;
    if (marker === 0xe1) orientation = exifOrientation(b, pos + 4, pos + 2 + len);
    if (!isFrameHeader(marker)) continue;
    const size = frameSize(b, pos);
    const components = b[pos + 9];
    if (!size || ![1, 3, 4].includes(components)) return null;
    // The scan data must be complete: an end-of-image marker near the end (some writers add trailing bytes).
    for (let i = b.length - 2; i >= Math.max(pos, b.length - 4096); i--)
      if (b[i] === 0xff && b[i + 1] === 0xd9) return { ...size, components, orientation };
    return null;
  }
  return null;
}

/** The largest image decoded: a 10000 × 4000 scan, 40 megapixels (~160 MB of pixels once decoded). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 10_000;

/** A PNG's size from its IHDR chunk (always the first, at byte 8). */
function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (sniffImage(b) !== 'png' || b.length < 24) return null;
  if (String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return null;
  const u32 = (o: number) => ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3];
  const width = u32(16);
  const height = u32(20);
  return width && height ? { width, height } : null;
}

/** A JPEG's size from its frame header, walking the segments of a prefix of the file (no end-of-image needed). */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  if (sniffImage(b) !== 'jpg') return null;
  for (const { marker, pos } of jpegSegments(b)) if (isFrameHeader(marker)) return frameSize(b, pos);
  return null;
}

/**
 * The size in pixels of a JPEG or PNG from its header (the first bytes of the file are enough: the JPEG
 * frame header follows the metadata, rarely past the first 64 KB); null when the header cannot be read.
 */
export function imageSize(head: Uint8Array): { width: number; height: number } | null {
  return pngSize(head) ?? jpegSize(head);
}

/** How much of a file imageSize needs at most (a JPEG's EXIF and ICC segments come before its frame header). */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/**
 * Why an image is too big to decode (a Chinese sentence starting with `what`), or null when it is not. A
 * highly compressed 30000 × 30000 PNG is a few hundred KB on disk and 3.6 GB once decoded: refused here,
 * before anything decodes it.
 */
export function oversizeProblem(size: { width: number; height: number }, what: string): string | null {
  const { width, height } = size;
  if (width * height <= IMAGE_MAX_PIXELS && Math.max(width, height) <= IMAGE_MAX_SIDE) return null;
  return `${what}尺寸过大（${width}×${height} 像素），请缩小到 4000 万像素以内、每边不超过 ${IMAGE_MAX_SIDE} 像素后重新上传`;
}

/**
 * Why the JPG/PNG file at `path` is too big to decode (see oversizeProblem), read from its first bytes only;
 * null when it is not, or when its header lies beyond them (the worker, which reads the whole file, judges then).
 */
export async function imageFileProblem(path: string, what: string): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(IMAGE_HEADER_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const size = imageSize(head.subarray(0, bytesRead));
    return size ? oversizeProblem(size, what) : null;
  } finally {
    await handle.close();
  }
}
