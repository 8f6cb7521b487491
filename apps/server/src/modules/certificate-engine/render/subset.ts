/**
 * A TrueType (glyf) subsetter for PDF embedding, working on the font file's bytes. It writes what
 * fontkit's TTFSubset writes (head, hhea, maxp, hmtx, loca, glyf and the hinting tables cvt, fpgm,
 * prep when present), glyphs renumbered in the order they were included, composite glyphs with their
 * components, but it copies glyph bytes straight out of the font instead of decoding each glyph and
 * re-encoding tables through fontkit's structures, which cost far more than the rest of a certificate.
 */

interface TableRecord {
  offset: number;
  length: number;
}

/** The parts of a TrueType font a subset needs, read once per font. */
export class TrueTypeSource {
  readonly tables = new Map<string, TableRecord>();
  private readonly view: DataView;
  private readonly longLoca: boolean;
  private readonly numHMetrics: number;
  readonly numGlyphs: number;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const numTables = this.view.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + i * 16;
      const tag = String.fromCharCode(bytes[rec], bytes[rec + 1], bytes[rec + 2], bytes[rec + 3]);
      this.tables.set(tag, { offset: this.view.getUint32(rec + 8), length: this.view.getUint32(rec + 12) });
    }
    for (const tag of ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf'])
      if (!this.tables.has(tag)) throw new Error(`字体缺少 ${tag} 表，无法嵌入`);
    this.longLoca = this.view.getInt16(this.table('head').offset + 50) === 1;
    this.numHMetrics = this.view.getUint16(this.table('hhea').offset + 34);
    this.numGlyphs = this.view.getUint16(this.table('maxp').offset + 4);
  }

  table(tag: string): TableRecord {
    return this.tables.get(tag) as TableRecord;
  }

  tableBytes(tag: string): Uint8Array | null {
    const t = this.tables.get(tag);
    return t ? this.bytes.subarray(t.offset, t.offset + t.length) : null;
  }

  /** The glyph's bytes in the glyf table (empty for a glyph without outline). */
  glyphBytes(gid: number): Uint8Array {
    if (gid < 0 || gid >= this.numGlyphs) return new Uint8Array(0);
    const loca = this.table('loca').offset;
    const start = this.longLoca
      ? this.view.getUint32(loca + gid * 4)
      : this.view.getUint16(loca + gid * 2) * 2;
    const end = this.longLoca
      ? this.view.getUint32(loca + gid * 4 + 4)
      : this.view.getUint16(loca + gid * 2 + 2) * 2;
    const glyf = this.table('glyf').offset;
    return this.bytes.subarray(glyf + start, glyf + Math.max(start, end));
  }

  /** [advance width, left side bearing] from hmtx. */
  metrics(gid: number): [number, number] {
    const hmtx = this.table('hmtx').offset;
    if (gid < this.numHMetrics)
      return [this.view.getUint16(hmtx + gid * 4), this.view.getInt16(hmtx + gid * 4 + 2)];
    const advance = this.view.getUint16(hmtx + (this.numHMetrics - 1) * 4);
    const lsbAt = hmtx + this.numHMetrics * 4 + (gid - this.numHMetrics) * 2;
    return [advance, lsbAt + 2 <= hmtx + this.table('hmtx').length ? this.view.getInt16(lsbAt) : 0];
  }
}

// Composite glyph component flags (OpenType glyf).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** Positions of the component glyph ids in a composite glyph; null for a simple glyph. */
export function componentIdPositions(glyph: Uint8Array): number[] | null {
  if (glyph.length < 10) return null;
  const view = new DataView(glyph.buffer, glyph.byteOffset, glyph.byteLength);
  if (view.getInt16(0) >= 0) return null;
  const positions: number[] = [];
  let pos = 10;
  for (;;) {
    if (pos + 4 > glyph.length) break;
    const flags = view.getUint16(pos);
    positions.push(pos + 2);
    pos += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) pos += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) pos += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) pos += 8;
    if (!(flags & MORE_COMPONENTS)) break;
  }
  return positions;
}

const pad4 = (n: number) => (n + 3) & ~3;

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = pad4(data.length);
  for (let i = 0; i < padded; i += 4)
    sum =
      (sum +
        (((data[i] ?? 0) << 24) |
          ((data[i + 1] ?? 0) << 16) |
          ((data[i + 2] ?? 0) << 8) |
          (data[i + 3] ?? 0))) >>>
      0;
  return sum;
}

/** One subset: glyphs included as text is written (new ids in order), then the font file of just those (`encode`). */
export class TrueTypeSubset {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: TrueTypeSource) {
    this.includeGlyph(0); // .notdef is always glyph 0
  }

  /** The glyph's id in the subset, if it is in it. */
  idOf(gid: number): number | undefined {
    return this.mapping.get(gid);
  }

  /** The glyph's id in the subset, adding it if new. */
  includeGlyph(glyph: number | { id: number }): number {
    const gid = typeof glyph === 'number' ? glyph : glyph.id;
    let id = this.mapping.get(gid);
    if (id === undefined) {
      id = this.glyphs.length;
      this.glyphs.push(gid);
      this.mapping.set(gid, id);
    }
    return id;
  }

  encode(): Uint8Array {
    const src = this.source;
    const glyphData: Uint8Array[] = [];
    // Components join the list as they are found, so the loop runs over a growing array.
    for (let i = 0; i < this.glyphs.length; i++) {
      let data = src.glyphBytes(this.glyphs[i]);
      const positions = componentIdPositions(data);
      if (positions) {
        data = data.slice();
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        for (const p of positions) view.setUint16(p, this.includeGlyph(view.getUint16(p)));
      }
      glyphData.push(data);
    }
    const n = glyphData.length;

    const glyfLength = glyphData.reduce((s, g) => s + pad4(g.length), 0);
    const glyf = new Uint8Array(glyfLength);
    const loca = new Uint8Array((n + 1) * 4);
    const locaView = new DataView(loca.buffer);
    const hmtx = new Uint8Array(n * 4);
    const hmtxView = new DataView(hmtx.buffer);
    let offset = 0;
    for (let i = 0; i < n; i++) {
      locaView.setUint32(i * 4, offset);
      glyf.set(glyphData[i], offset);
      offset += pad4(glyphData[i].length);
      const [advance, lsb] = src.metrics(this.glyphs[i]);
      hmtxView.setUint16(i * 4, advance);
      hmtxView.setInt16(i * 4 + 2, lsb);
    }
    locaView.setUint32(n * 4, offset);

    const head = (src.tableBytes('head') as Uint8Array).slice();
    const headView = new DataView(head.buffer);
    headView.setUint32(8, 0); // checkSumAdjustment, set below
    headView.setInt16(50, 1); // long loca offsets
    const hhea = (src.tableBytes('hhea') as Uint8Array).slice();
    new DataView(hhea.buffer).setUint16(34, n);
    const maxp = (src.tableBytes('maxp') as Uint8Array).slice();
    new DataView(maxp.buffer).setUint16(4, n);

    const tables: [string, Uint8Array][] = [
      ['glyf', glyf],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', hmtx],
      ['loca', loca],
      ['maxp', maxp],
    ];
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const t = src.tableBytes(tag);
      if (t) tables.push([tag, t]);
    }
    tables.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

    const numTables = tables.length;
    const headerLength = 12 + numTables * 16;
    const total = headerLength + tables.reduce((s, [, t]) => s + pad4(t.length), 0);
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    const entrySelector = Math.floor(Math.log2(numTables));
    const searchRange = 2 ** entrySelector * 16;
    view.setUint32(0, 0x00010000);
    view.setUint16(4, numTables);
    view.setUint16(6, searchRange);
    view.setUint16(8, entrySelector);
    view.setUint16(10, numTables * 16 - searchRange);
    let tableOffset = headerLength;
    let headOffset = 0;
    tables.forEach(([tag, data], i) => {
      const rec = 12 + i * 16;
      for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
      view.setUint32(rec + 4, checksum(data));
      view.setUint32(rec + 8, tableOffset);
      view.setUint32(rec + 12, data.length);
      out.set(data, tableOffset);
      if (tag === 'head') headOffset = tableOffset;
      tableOffset += pad4(data.length);
    });
    view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
    return out;
  }
}
