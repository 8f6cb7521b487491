import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { applyMask, getBestMask, penalty, qrcodeMaskModule, useFastQrMasks } from './qr-mask.ts';

/** A second copy of qrcode's mask module, never patched: the reference. */
function originalMaskModule(): ReturnType<typeof qrcodeMaskModule> {
  const fromQrcode = createRequire(createRequire(import.meta.url).resolve('qrcode'));
  const path = fromQrcode.resolve('./core/mask-pattern.js');
  const cached = fromQrcode.cache[path];
  delete fromQrcode.cache[path];
  try {
    return fromQrcode(path);
  } finally {
    if (cached) fromQrcode.cache[path] = cached;
  }
}

const original = originalMaskModule();
type Matrix = Parameters<typeof applyMask>[1];
const BitMatrix = createRequire(createRequire(import.meta.url).resolve('qrcode'))(
  './core/bit-matrix.js',
) as new (
  size: number,
) => Matrix;
/** A BitMatrix of qrcode (the class its penalty functions read through get/isReserved) with these bytes. */
function matrixOf(size: number, data: Uint8Array, reservedBit?: Uint8Array): Matrix {
  const m = new BitMatrix(size);
  m.data.set(data);
  if (reservedBit) m.reservedBit.set(reservedBit);
  return m;
}
const texts = [
  'a',
  'http://localhost/information-link/1',
  'https://cert.example.com/information-link/0192f7a4-1c2b-7d3e-9f00-123456789abc',
  ...Array.from(
    { length: 30 },
    (_, i) => `https://证书.example.cn/information-link/${'x'.repeat(i * 13)}${i * 7919}`,
  ),
];
const levels = ['L', 'M', 'Q', 'H'] as const;
const create = (text: string, level: string, maskPattern?: number) =>
  QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: level,
    ...(maskPattern === undefined ? {} : { maskPattern }),
  } as QRCode.QRCodeOptions);

describe('QR mask choice', () => {
  useFastQrMasks();

  it('qrcode uses these functions once installed', () => {
    expect(qrcodeMaskModule().getBestMask).toBe(getBestMask);
    expect(qrcodeMaskModule().applyMask).toBe(applyMask);
    expect(original.getBestMask).not.toBe(getBestMask);
  });

  it('scores a matrix as the sum of the library’s N1 + N2 + N3 + N4 penalties', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (const size of [21, 25, 37, 57, 101]) {
      for (let round = 0; round < 6; round++) {
        const data = new Uint8Array(size * size);
        // Runs and blocks of one colour (round 0 all light) as well as noise.
        for (let k = 0; k < data.length; k++) data[k] = round === 0 ? 0 : (random() >> (round + 3)) & 1;
        const m = matrixOf(size, data);
        const expected =
          original.getPenaltyN1(m) +
          original.getPenaltyN2(m) +
          original.getPenaltyN3(m) +
          original.getPenaltyN4(m);
        expect(penalty(data, size)).toBe(expected);
      }
    }
  });

  it('applies a mask to the modules outside function patterns exactly as the library does', () => {
    for (const text of texts.slice(0, 10)) {
      const { modules } = create(text, 'M', 0);
      for (let p = 0; p < 8; p++) {
        const ours = matrixOf(modules.size, modules.data, modules.reservedBit);
        const theirs = matrixOf(modules.size, modules.data, modules.reservedBit);
        applyMask(p, ours);
        original.applyMask(p, theirs);
        expect(ours.data).toEqual(theirs.data);
      }
    }
    expect(() => applyMask(8, create('a', 'M', 0).modules)).toThrow('bad maskPattern');
  });

  it('chooses the mask whose finished symbol has the lowest penalty, and draws the same modules', () => {
    for (const text of texts) {
      for (const level of levels) {
        const chosen = create(text, level);
        const scores = Array.from({ length: 8 }, (_, p) => {
          const m = create(text, level, p).modules;
          return (
            original.getPenaltyN1(m) +
            original.getPenaltyN2(m) +
            original.getPenaltyN3(m) +
            original.getPenaltyN4(m)
          );
        });
        expect(chosen.maskPattern).toBe(scores.indexOf(Math.min(...scores)));
        expect(chosen.modules.data).toEqual(create(text, level, chosen.maskPattern).modules.data);
      }
    }
  });
});
