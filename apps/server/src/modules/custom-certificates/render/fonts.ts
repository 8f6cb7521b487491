import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';
import { TrueTypeSource, TrueTypeSubset } from './subset.ts';

/**
 * The fontkit pdf-lib 1.17 is given. pdf-lib expects @pdf-lib/fontkit (1.x), whose subsets have
 * `encodeStream()`; that package writes broken CJK subsets (blank glyphs), fontkit 2 has no
 * `encodeStream()`. This adapter parses with fontkit 2 and, per font, once per thread:
 * - caches the parsed font (pdf-lib calls `create()` on every embedFont; a 10 MB CJK font costs);
 * - subsets with TrueTypeSubset (glyph bytes copied from the file, ~30× faster than fontkit's), which
 *   has the `encodeStream()` pdf-lib reads;
 * - lays text out one glyph per code point through the cmap. Full OpenType shaping costs ~0.3 ms a
 *   string and changes nothing for Chinese, digits and Latin names but kerning, and the box fitting
 *   measures with the same advances, so alignment is exact.
 */

const require = createRequire(import.meta.url);

export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;
export type FontWeight = keyof typeof FONT_FILES;

interface Emitter {
  on(event: string, listener: (arg?: unknown) => void): Emitter;
}

/** The minimal stream pdf-lib reads a subset from: one 'data' then 'end', after the listeners are set. */
function streamOf(encode: () => Uint8Array): Emitter {
  const listeners: Record<string, ((arg?: unknown) => void)[]> = {};
  const emitter: Emitter = {
    on(event, listener) {
      listeners[event] ??= [];
      listeners[event].push(listener);
      return emitter;
    },
  };
  queueMicrotask(() => {
    let bytes: Uint8Array;
    try {
      bytes = encode();
    } catch (err) {
      for (const l of listeners.error ?? []) l(err);
      return;
    }
    for (const l of listeners.data ?? []) l(bytes);
    for (const l of listeners.end ?? []) l();
  });
  return emitter;
}

type KitFont = fontkit.Font;
type Glyph = fontkit.Glyph;

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

const parsed = new WeakMap<Uint8Array, KitFont>();

function adapt(font: KitFont, bytes: Uint8Array): KitFont {
  const source = new TrueTypeSource(bytes);
  const glyphOf = new Map<number, Glyph>();
  const mutable = font as unknown as {
    createSubset: () => TrueTypeSubset & { encodeStream: () => Emitter };
    layout: (text: string) => { glyphs: Glyph[] };
  };
  mutable.createSubset = () => {
    const subset = new TrueTypeSubset(source) as TrueTypeSubset & { encodeStream: () => Emitter };
    subset.encodeStream = () => streamOf(() => subset.encode());
    return subset;
  };
  mutable.layout = (text: string) => {
    const glyphs: Glyph[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      if (isInvisible(cp)) continue;
      let g = glyphOf.get(cp);
      if (!g) {
        g = font.glyphForCodePoint(cp);
        glyphOf.set(cp, g);
      }
      glyphs.push(g);
    }
    return { glyphs };
  };
  return font;
}

const adapter = {
  create(data: Uint8Array, postscriptName?: string): KitFont {
    const cached = parsed.get(data);
    if (cached) return cached;
    const font = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength), postscriptName);
    if (!('createSubset' in font)) throw new Error('字体文件是字体集合，无法嵌入');
    const adapted = adapt(font, data);
    parsed.set(data, adapted);
    return adapted;
  },
};

/** The object to hand to `PDFDocument.registerFontkit()` (pdf-lib types it after @pdf-lib/fontkit). */
export const fontkitAdapter = adapter as unknown as Parameters<PDFDocument['registerFontkit']>[0];

export interface LoadedFont {
  /** The same bytes every time, so the adapter's cache hits. */
  bytes: Uint8Array;
  font: KitFont;
  /** Width of a string in em, as the adapter lays it out. */
  widthOf(text: string): number;
}

const loaded = new Map<FontWeight, LoadedFont>();

/** The parsed font of a weight, read and parsed once per thread. */
export function loadFont(weight: FontWeight): LoadedFont {
  const hit = loaded.get(weight);
  if (hit) return hit;
  const bytes = new Uint8Array(readFileSync(FONT_FILES[weight]));
  const font = adapter.create(bytes);
  const perEm = font.unitsPerEm;
  const advances = new Map<number, number>();
  const entry: LoadedFont = {
    bytes,
    font,
    widthOf(text) {
      let w = 0;
      for (const ch of text) {
        const cp = ch.codePointAt(0) as number;
        let a = advances.get(cp);
        if (a === undefined) {
          a = isInvisible(cp) ? 0 : font.glyphForCodePoint(cp).advanceWidth / perEm;
          advances.set(cp, a);
        }
        w += a;
      }
      return w;
    },
  };
  loaded.set(weight, entry);
  return entry;
}
