import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync, type ZlibOptions } from 'node:zlib';
import * as fontkit from 'fontkit';
import { FAST_DEFLATE, type PdfFile, pdfNumber } from './pdf.ts';
import { TrueTypeSource, TrueTypeSubset } from './subset.ts';

/**
 * The certificate fonts (Noto Sans SC regular and bold), parsed once per thread with fontkit for their
 * character map and metrics, and embedded into each PDF as a subset of the glyphs that PDF uses
 * (TrueTypeSubset copies glyph bytes out of the file). Text is laid out one glyph per code point
 * through the character map: full OpenType shaping changes nothing for Chinese, digits and Latin
 * names but kerning, and the box fitting measures with the same advances, so alignment is exact.
 */

const require = createRequire(import.meta.url);

export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;
export type FontWeight = keyof typeof FONT_FILES;

/** Code points that draw nothing and have no glyph: variation selectors, zero-width marks, BOM. */
function isInvisible(cp: number): boolean {
  return (
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    cp === 0xfeff ||
    cp === 0x2060
  );
}

interface GlyphInfo {
  /** Glyph id in the font file (0, .notdef, when the font has no glyph for the character). */
  id: number;
  /** Advance width in em. */
  advance: number;
}

export interface LoadedFont {
  bytes: Uint8Array;
  font: fontkit.Font;
  source: TrueTypeSource;
  postscriptName: string;
  /** The FontDescriptor's entries but its name and font file, in PDF text (per-mille units). */
  descriptor: string;
  /** The glyph drawing a code point (null for one that draws nothing). */
  glyph(cp: number): GlyphInfo | null;
  /** Width of a string in em, as it is drawn. */
  widthOf(text: string): number;
}

const loaded = new Map<FontWeight, LoadedFont>();

/** The font of a weight, read and parsed once per thread. */
export function loadFont(weight: FontWeight): LoadedFont {
  const hit = loaded.get(weight);
  if (hit) return hit;
  const bytes = new Uint8Array(readFileSync(FONT_FILES[weight]));
  const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!('glyphForCodePoint' in font)) throw new Error('字体文件是字体集合，无法嵌入');
  const perMille = 1000 / font.unitsPerEm;
  const n = (v: number) => pdfNumber(Math.round(v * perMille));
  const { minX, minY, maxX, maxY } = font.bbox;
  const glyphs = new Map<number, GlyphInfo>();
  const glyph = (cp: number): GlyphInfo | null => {
    if (isInvisible(cp)) return null;
    let g = glyphs.get(cp);
    if (!g) {
      const kit = font.glyphForCodePoint(cp);
      g = { id: kit.id, advance: kit.advanceWidth / font.unitsPerEm };
      glyphs.set(cp, g);
    }
    return g;
  };
  const entry: LoadedFont = {
    bytes,
    font,
    source: new TrueTypeSource(bytes),
    postscriptName: font.postscriptName.replace(/[^A-Za-z0-9-]/g, '') || `NotoSansSC-${weight}`,
    // Flags 4: symbolic (a CJK font's glyphs are outside the standard Latin set).
    descriptor: `/Flags 4 /FontBBox [${n(minX)} ${n(minY)} ${n(maxX)} ${n(maxY)}] /ItalicAngle ${pdfNumber(font.italicAngle)} /Ascent ${n(font.ascent)} /Descent ${n(font.descent)} /CapHeight ${n(font.capHeight || font.ascent)} /XHeight ${n(font.xHeight || 0)} /StemV 0`,
    glyph,
    widthOf(text) {
      let w = 0;
      for (const ch of text) w += glyph(ch.codePointAt(0) as number)?.advance ?? 0;
      return w;
    },
  };
  loaded.set(weight, entry);
  return entry;
}

export const hex4 = (v: number) => v.toString(16).padStart(4, '0');

/**
 * One font as one PDF uses it: each glyph drawn gets the next id of the subset, text is written as those ids
 * (Identity-H, CID = glyph id of the subset), and `write` embeds the subset with its widths and the map back to
 * Unicode that lets text be searched and copied.
 */
export class FontInPdf {
  private readonly subset: TrueTypeSubset;
  /** By subset glyph id: the advance in per-mille, and the character it was drawn for. */
  private readonly widths: number[] = [];
  private readonly unicode: number[] = [];

  constructor(readonly font: LoadedFont) {
    this.subset = new TrueTypeSubset(font.source);
    this.widths.push(Math.round((font.font.getGlyph(0).advanceWidth * 1000) / font.font.unitsPerEm));
    this.unicode.push(-1);
  }

  /** A line of text as a PDF hex string of subset glyph ids. */
  encode(text: string): string {
    let out = '<';
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      const g = this.font.glyph(cp);
      if (!g) continue;
      const id = this.subset.includeGlyph(g.id);
      if (id === this.widths.length) {
        this.widths.push(Math.round(g.advance * 1000));
        this.unicode.push(g.id === 0 ? -1 : cp);
      }
      out += hex4(id);
    }
    return `${out}>`;
  }

  /**
   * The subset id of a character drawn already with this font (its glyph, width and Unicode in the file), or null:
   * how a certificate writes a character of its own with a fixed layer's font instead of adding it to its own.
   */
  drawnId(cp: number): number | null {
    const g = this.font.glyph(cp);
    if (!g || g.id === 0) return null;
    const id = this.subset.idOf(g.id);
    return id !== undefined && id < this.widths.length && this.unicode[id] === cp ? id : null;
  }

  /** Writes the font as object `id` (Type0) and the four objects it needs. */
  write(pdf: PdfFile, id: number): void {
    writeEmbeddedFont(pdf, id, this.embed(FAST_DEFLATE));
  }

  /**
   * The font's parts as they go into a PDF, its subset and map back to Unicode deflated: what `write` writes, and
   * what a fixed layer keeps for every certificate of its template (render/index.ts; deflated once, at the default
   * level, while a certificate's own subsets are deflated fast).
   */
  embed(deflate: ZlibOptions = {}): EmbeddedFont {
    // The widths are read before encoding: components of composite glyphs join the subset then, undrawn.
    const widths = this.widths.join(' ');
    const name = `/${subsetTag(this.subset.glyphs)}+${this.font.postscriptName}`;
    const ttf = this.subset.encode();
    return {
      name,
      widths,
      descriptor: this.font.descriptor,
      ttfLength: ttf.length,
      ttf: deflateSync(ttf, deflate),
      toUnicode: deflateSync(Buffer.from(this.toUnicodeCMap(), 'latin1'), deflate),
    };
  }

  private toUnicodeCMap(): string {
    const pairs: string[] = [];
    this.unicode.forEach((cp, id) => {
      if (cp < 0) return;
      const utf16 = String.fromCodePoint(cp);
      let dst = '';
      for (let i = 0; i < utf16.length; i++) dst += hex4(utf16.charCodeAt(i));
      pairs.push(`<${hex4(id)}> <${dst}>`);
    });
    const blocks: string[] = [];
    // At most 100 entries per block (PDF 32000 §9.10.3 / Adobe CMap limits).
    for (let i = 0; i < pairs.length; i += 100) {
      const block = pairs.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}

/** A font subset ready to be written into any PDF (`FontInPdf.embed`). */
export interface EmbeddedFont {
  /** The BaseFont, with its subset tag. */
  name: string;
  /** The /W array's widths, from CID 0 on. */
  widths: string;
  descriptor: string;
  /** The subset's length before deflating (/Length1), and its bytes deflated. */
  ttfLength: number;
  ttf: Uint8Array;
  /** The ToUnicode CMap, deflated. */
  toUnicode: Uint8Array;
}

/** Writes an embedded font as object `id` (Type0) and the four objects it needs. */
export function writeEmbeddedFont(pdf: PdfFile, id: number, font: EmbeddedFont): void {
  const cidFont = pdf.reserve();
  const descriptor = pdf.reserve();
  const file = pdf.reserve();
  const toUnicode = pdf.reserve();
  pdf.object(
    id,
    `<< /Type /Font /Subtype /Type0 /BaseFont ${font.name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
  pdf.object(
    cidFont,
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${font.name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /W [0 [${font.widths}]] >>`,
  );
  pdf.object(
    descriptor,
    `<< /Type /FontDescriptor /FontName ${font.name} ${font.descriptor} /FontFile2 ${file} 0 R >>`,
  );
  pdf.deflatedStream(file, `/Length1 ${font.ttfLength}`, font.ttf);
  pdf.deflatedStream(toUnicode, '', font.toUnicode);
}

/** The six capital letters naming a subset (ISO 32000 §9.6.4), derived from its glyphs: same glyphs, same tag. */
function subsetTag(glyphs: readonly number[]): string {
  let h = 0x811c9dc5;
  for (const g of glyphs) h = Math.imul(h ^ g, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26);
  }
  return tag;
}
