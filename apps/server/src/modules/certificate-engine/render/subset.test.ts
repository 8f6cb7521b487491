import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { loadFont } from './fonts.ts';
import { componentIdPositions, TrueTypeSource, TrueTypeSubset } from './subset.ts';

describe('TrueType subset', () => {
  const { bytes, font } = loadFont('regular');
  const source = new TrueTypeSource(bytes);
  const text = '张三职业技能等级证书四级/中级工2024年';

  it('holds only the glyphs used, drawn exactly as in the full font', () => {
    const subset = new TrueTypeSubset(source);
    const glyphs = font.layout(text).glyphs;
    const ids = glyphs.map((g) => subset.includeGlyph(g));
    const encoded = subset.encode();
    expect(encoded.length).toBeLessThan(20 * 1024);
    const parsed = fontkit.create(Buffer.from(encoded)) as fontkit.Font;
    expect(parsed.numGlyphs).toBe(subset.glyphs.length);
    glyphs.forEach((g, i) => {
      const copy = parsed.getGlyph(ids[i]);
      expect(copy.path.toSVG()).toBe(g.path.toSVG());
      expect(copy.advanceWidth).toBe(g.advanceWidth);
    });
    expect(parsed.unitsPerEm).toBe(font.unitsPerEm);
  });

  it('numbers glyphs in the order they were included, .notdef first, each once', () => {
    const subset = new TrueTypeSubset(source);
    const a = font.glyphForCodePoint('张'.codePointAt(0) as number);
    const b = font.glyphForCodePoint('三'.codePointAt(0) as number);
    expect(subset.includeGlyph(a)).toBe(1);
    expect(subset.includeGlyph(b)).toBe(2);
    expect(subset.includeGlyph(a)).toBe(1);
    expect(subset.glyphs).toEqual([0, a.id, b.id]);
  });

  it('writes valid table checksums and the whole-font checksum adjustment', () => {
    const subset = new TrueTypeSubset(source);
    for (const g of font.layout(text).glyphs) subset.includeGlyph(g);
    const out = subset.encode();
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    const sum = (from: number, length: number) => {
      let s = 0;
      for (let i = from; i < from + ((length + 3) & ~3); i += 4) s = (s + view.getUint32(i)) >>> 0;
      return s;
    };
    const numTables = view.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + i * 16;
      const tag = String.fromCharCode(...out.subarray(rec, rec + 4));
      const offset = view.getUint32(rec + 8);
      const length = view.getUint32(rec + 12);
      const expected =
        tag === 'head' ? (sum(offset, length) - view.getUint32(offset + 8)) >>> 0 : sum(offset, length);
      expect(view.getUint32(rec + 4), tag).toBe(expected);
    }
    expect(sum(0, out.length)).toBe(0xb1b0afba);
  });

  it('finds the component glyph ids of a composite glyph (to renumber them in the subset)', () => {
    // numberOfContours -1, bbox, then: [flags ARGS_ARE_WORDS|WE_HAVE_A_SCALE|MORE_COMPONENTS, gid 7, 2 words, scale]
    // and [flags WE_HAVE_A_TWO_BY_TWO (last), gid 9, 2 bytes, 2×2 matrix].
    const glyph = new Uint8Array([
      0xff, 0xff, 0, 0, 0, 0, 0, 10, 0, 10, 0x00, 0x29, 0, 7, 0, 1, 0, 2, 0x40, 0, 0x00, 0x80, 0, 9, 1, 2,
      0x40, 0, 0, 0, 0, 0, 0x40, 0,
    ]);
    expect(componentIdPositions(glyph)).toEqual([12, 22]);
    expect(componentIdPositions(new Uint8Array([0, 1, 0, 0, 0, 0, 0, 10, 0, 10, 0, 0]))).toBeNull();
  });
});
