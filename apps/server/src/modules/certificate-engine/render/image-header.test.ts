import { afterAll, describe, expect, it } from 'vitest';
import { jpegClaiming, jpegFrameHeaderAt } from '../../../../test/fixtures/certificate-engine.ts';
import {
  makeBackground,
  makePhoto,
  tempDir,
  withExifOrientation,
} from '../../../../test/fixtures/certificate-engine-render.ts';
import { pngClaiming } from '../../../../test/fixtures/render/png.ts';
import { detectFileKind } from '../../files/file-type.ts';
import {
  IMAGE_HEADER_BYTES,
  imageFileProblem,
  imageSize,
  jpegInfo,
  oversizeProblem,
  sniffImage,
} from './image-header.ts';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** The same JPEG with its frame header's component count changed (1 grey, 4 CMYK). */
function withComponents(jpeg: Buffer, components: number): Buffer {
  const bytes = Buffer.from(jpeg);
  bytes[jpegFrameHeaderAt(bytes) + 9] = components;
  return bytes;
}

describe('image headers', () => {
  it('tells JPEG and PNG apart by their first bytes, as the files module does, and nothing else', () => {
    const samples = {
      jpg: makePhoto(30, 20),
      png: makePhoto(30, 20, '#ff0000', 'png'),
      gif: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      pdf: Buffer.from('%PDF-1.7\n', 'latin1'),
      text: Buffer.from('this is a text file named .jpg'),
      short: Buffer.from([0xff, 0xd8]),
    };
    for (const [name, bytes] of Object.entries(samples)) {
      const kind = detectFileKind(bytes);
      expect(sniffImage(bytes), name).toBe(kind === 'jpg' || kind === 'png' ? kind : null);
    }
    expect(sniffImage(samples.jpg)).toBe('jpg');
    expect(sniffImage(samples.png)).toBe('png');
    // A view into a larger buffer is read from its own start.
    expect(sniffImage(Buffer.concat([samples.text, samples.png]).subarray(samples.text.length))).toBe('png');
  });

  it('reads the size and EXIF orientation of a JPEG or PNG from the head of the file', () => {
    expect(imageSize(makePhoto(300, 400))).toEqual({ width: 300, height: 400, orientation: 1 });
    expect(imageSize(withExifOrientation(makePhoto(200, 100), 6))).toEqual({
      width: 200,
      height: 100,
      orientation: 6,
    });
    expect(imageSize(makePhoto(120, 90, '#ff0000', 'png'))).toMatchObject({ width: 120, height: 90 });
    // Decompression bombs are measured, not decoded.
    expect(imageSize(pngClaiming(30000, 30000))).toMatchObject({ width: 30000, height: 30000 });
    expect(imageSize(jpegClaiming(12000, 800))).toMatchObject({ width: 12000, height: 800 });
    // The head of a heavy JPEG is enough; one cut before its frame header, or not an image, has no size.
    const big = makeBackground(2448, 3264, 'jpeg');
    expect(big.length).toBeGreaterThan(IMAGE_HEADER_BYTES);
    expect(imageSize(big.subarray(0, IMAGE_HEADER_BYTES))).toMatchObject({ width: 2448, height: 3264 });
    expect(imageSize(makePhoto(300, 400).subarray(0, 30))).toBeNull();
    expect(imageSize(Buffer.from('<html>not an image</html>'))).toBeNull();
  });

  it('reads a whole JPEG’s frame for embedding it as it is: components, size, orientation', () => {
    const photo = makePhoto(300, 400);
    expect(jpegInfo(photo)).toEqual({ width: 300, height: 400, components: 3, orientation: 1 });
    expect(jpegInfo(withComponents(photo, 1))?.components).toBe(1);
    expect(jpegInfo(withComponents(photo, 4))?.components).toBe(4);
    expect(jpegInfo(withExifOrientation(photo, 8))?.orientation).toBe(8);
    // A component count no JPEG has, a file cut before its end-of-image marker, a PNG: nothing to embed.
    expect(jpegInfo(withComponents(photo, 2))).toBeNull();
    expect(jpegInfo(photo.subarray(0, 600))).toBeNull();
    expect(jpegInfo(makePhoto(30, 20, '#ff0000', 'png'))).toBeNull();
  });

  it('refuses images over 25 megapixels or 10000 px a side, from the first bytes of the file', async () => {
    expect(oversizeProblem({ width: 10000, height: 2500 }, '照片')).toBeNull();
    expect(oversizeProblem({ width: 6000, height: 4000 }, '照片')).toBeNull();
    expect(oversizeProblem({ width: 10001, height: 10 }, '照片')).toContain('照片尺寸过大（10001×10 像素）');
    expect(oversizeProblem({ width: 7000, height: 6000 }, '照片')).toContain(
      '照片尺寸过大（7000×6000 像素）',
    );
    expect(await imageFileProblem(tmp.file('bomb.png', pngClaiming(30000, 30000)), '证书底图')).toBe(
      '证书底图尺寸过大（30000×30000 像素），请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传',
    );
    expect(await imageFileProblem(tmp.file('ok.jpg', makePhoto(300, 400)), '证书底图')).toBeNull();
  });

  it('a 39.6-megapixel background (7680×5160, which grew the server by over 1 GB) is refused from its header', async () => {
    expect(await imageFileProblem(tmp.file('big.png', pngClaiming(7680, 5160)), '证书底图')).toBe(
      '证书底图尺寸过大（7680×5160 像素），请缩小到 2500 万像素以内、每边不超过 10000 像素后重新上传',
    );
  });
});
