import { open } from 'node:fs/promises';
import { IMAGE_LIMIT_TEXT, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@skill-cert/shared/constants';
import { imageSize as measureImage } from 'image-size';
import { detectFileKind } from '../../files/file-type.ts';

/**
 * What an image's first bytes say about it, read without decoding a pixel: its kind (the files module's
 * sniffer), its size in pixels and EXIF orientation (image-size), and whether it is small enough to decode.
 * No native or PDF code here, so the main thread can check uploads with it.
 */

export type ImageKind = 'jpg' | 'png';

/** JPEG or PNG by the first bytes (never by the name), as the files module tells them; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const kind = detectFileKind(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16)));
  return kind === 'jpg' || kind === 'png' ? kind : null;
}

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  /** EXIF orientation, 1 when absent. */
  orientation: number;
}

const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Where a JPEG's frame header ends and how many colour components it declares (1 grey, 3 colour, 4 CMYK), found
 * by walking the segments before it; null without one. image-size does not report the count, and a JPEG embedded
 * as it is (DCTDecode) needs it for its PDF colour space.
 */
function frameHeader(b: Uint8Array): { end: number; components: number } | null {
  let pos = 2;
  while (pos + 10 <= b.length && b[pos] === 0xff) {
    const marker = b[pos + 1];
    const end = pos + 2 + ((b[pos + 2] << 8) | b[pos + 3]);
    // A fill byte; the frame header; the scan or the end of the image before any frame header; a segment.
    if (marker === 0xff) pos++;
    else if (isFrameHeader(marker)) return { end, components: b[pos + 9] };
    else if (marker === 0xda || marker === 0xd9) return null;
    else pos = end;
  }
  return null;
}

/**
 * A whole JPEG's frame (size, components) and EXIF orientation; null when it has no readable frame header or
 * is cut before its end-of-image marker (some writers add bytes after it): not a JPEG to embed as it is.
 */
export function jpegInfo(b: Uint8Array): JpegInfo | null {
  if (sniffImage(b) !== 'jpg') return null;
  const frame = frameHeader(b);
  if (!frame || ![1, 3, 4].includes(frame.components)) return null;
  // image-size reads no further than the frame header, but copies what it is given: only the head, then.
  const size = imageSize(b.subarray(0, frame.end));
  if (!size) return null;
  for (let i = b.length - 2; i >= Math.max(2, b.length - 4096); i--)
    if (b[i] === 0xff && b[i + 1] === 0xd9) return { ...size, components: frame.components };
  return null;
}

/**
 * The size in pixels of a JPEG or PNG, and its EXIF orientation (1 when absent), from its header (the first
 * bytes of the file are enough: the JPEG frame header follows the metadata, rarely past the first 64 KB); null
 * when the header cannot be read.
 */
export function imageSize(head: Uint8Array): { width: number; height: number; orientation: number } | null {
  if (!sniffImage(head)) return null;
  try {
    const { width, height, orientation } = measureImage(head);
    return width > 0 && height > 0 ? { width, height, orientation: orientation ?? 1 } : null;
  } catch {
    return null; // image-size throws when the header is broken or lies beyond the bytes given
  }
}

/** How much of a file imageSize needs at most (a JPEG's EXIF and ICC segments come before its frame header). */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/**
 * Why an image is too big to decode (a Chinese sentence starting with `what`), or null when it is not. A
 * highly compressed 30000 × 30000 PNG is a few hundred KB on disk and 3.6 GB once decoded, a 39.6-megapixel one
 * grew the server by over 1 GB: refused here,
 * before anything decodes it.
 */
export function oversizeProblem(size: { width: number; height: number }, what: string): string | null {
  const { width, height } = size;
  if (width * height <= IMAGE_MAX_PIXELS && Math.max(width, height) <= IMAGE_MAX_SIDE) return null;
  return `${what}尺寸过大（${width}×${height} 像素），请缩小到 ${IMAGE_LIMIT_TEXT}后重新上传`;
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
