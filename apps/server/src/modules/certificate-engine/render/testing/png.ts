import { crc32, deflateSync } from 'node:zlib';

/**
 * Test helper: a PNG written by hand (no image library, so browser tests can use it too). `header` gives its
 * size and colour type (0 grey, 2 RGB, 8 bits); `pixels` is the filtered scanline data (a 0 before each row),
 * which may be shorter than the header says (an image that claims more than it holds).
 */
export function writePng(
  header: { width: number; height: number; colorType: 0 | 2 },
  pixels: Buffer,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr[8] = 8;
  ihdr[9] = header.colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An RGB PNG of `width` × `height`, each row a ramp from `rgb`: sized like a real scan or photo. */
export function rampPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const line = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) line.set([rgb[0], (rgb[1] + x) & 255, rgb[2]], 1 + x * 3);
  return writePng({ width, height, colorType: 2 }, Buffer.concat(Array.from({ length: height }, () => line)));
}

/**
 * A PNG whose header says `width` × `height` (8-bit grey) around one row of image data: a decompression bomb
 * as the server sees it before decoding (a real one compresses 900 MB of pixels into under 1 MB).
 */
export function pngClaiming(width: number, height: number): Buffer {
  return writePng({ width, height, colorType: 0 }, Buffer.alloc(width + 1));
}
