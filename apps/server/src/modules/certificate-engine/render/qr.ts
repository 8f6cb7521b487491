import QRCode from 'qrcode';
import { pdfNumber as num } from './pdf.ts';

/** Modules of white margin drawn around the code, so it scans on a busy background. */
const QUIET_ZONE = 2;

/** Modules of the code of `text` (error correction M, one byte segment), the mask chosen as qrcode chooses it. */
export function qrModules(text: string): { size: number; data: Uint8Array } {
  // One byte segment: skips the segment optimiser (a shortest-path search) for a URL that gains nothing from it.
  // Built once with mask 0 (qrcode's own search of the 8 masks is ~85 % of its time, through a call per module);
  // the mask is then chosen over the bytes by the same penalty rules (`bestMasked`).
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: 0,
  });
  return { size: modules.size, data: bestMasked(modules.size, modules.data, modules.reservedBit) };
}

/** Whether mask `p` flips the module at (row i, column j) (ISO/IEC 18004 table 10, as qrcode writes it). */
function maskAt(p: number, i: number, j: number): boolean {
  switch (p) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

/**
 * Per symbol size: each mask as bytes (1 where it flips a data module), all 8 in one byte per module (bit p: mask p
 * flips it), and where the 15 format bits go.
 */
const layouts = new Map<number, { masks: Uint8Array[]; maskLanes: Uint8Array; format: [number, number][] }>();

function layoutOf(n: number, reserved: Uint8Array) {
  let layout = layouts.get(n);
  if (layout) return layout;
  const masks = Array.from({ length: 8 }, (_, p) => {
    const m = new Uint8Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) if (!reserved[i * n + j] && maskAt(p, i, j)) m[i * n + j] = 1;
    return m;
  });
  const maskLanes = new Uint8Array(n * n);
  masks.forEach((m, p) => {
    for (let i = 0; i < m.length; i++) maskLanes[i] = (maskLanes[i] as number) | ((m[i] as number) << p);
  });
  // qrcode's setupFormatInfo: bit k goes to a vertical and a horizontal position.
  const format: [number, number][] = [];
  for (let k = 0; k < 15; k++) {
    const v = k < 6 ? k * n + 8 : k < 8 ? (k + 1) * n + 8 : (n - 15 + k) * n + 8;
    const h = k < 8 ? 8 * n + (n - k - 1) : k < 9 ? 8 * n + (15 - k) : 8 * n + (15 - k - 1);
    format.push([v, h]);
  }
  layout = { masks, maskLanes, format };
  layouts.set(n, layout);
  return layout;
}

/** Per format bit k: bit p is that bit of mask p's format information. */
const FORMAT_LANES = Array.from({ length: 15 }, (_, k) => {
  let lanes = 0;
  for (let p = 0; p < 8; p++) lanes |= ((formatBits(p) >> k) & 1) << p;
  return lanes;
});

/** The 15 format bits of error correction M (indicator 00) and mask `p`: BCH(15,5), then XOR 101010000010010. */
function formatBits(p: number): number {
  const data = p; // (M's indicator 0 << 3) | p
  let d = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (d & (1 << bit)) d ^= 0x537 << (bit - 10);
  return ((data << 10) | d) ^ 0x5412;
}

/**
 * Packed per-mask counters: bit p of a byte (mask p's module, or mask p's finding at a place) adds 1 to field p of
 * two numbers, four fields of 13 bits each (exact in a double). A line adds at most its length to a field, so the
 * fields are read out (`addCounts`) before 8,191 could be passed.
 */
const FIELD = 2 ** 13;
const LOW = new Float64Array(256);
const HIGH = new Float64Array(256);
for (let b = 0; b < 256; b++)
  for (let p = 0; p < 4; p++) {
    if ((b >> p) & 1) LOW[b] = (LOW[b] as number) + FIELD ** p;
    if ((b >> (p + 4)) & 1) HIGH[b] = (HIGH[b] as number) + FIELD ** p;
  }

/** Adds `weight` × each mask's field of the packed counters `low` and `high` to `points`. */
function addCounts(points: Float64Array, low: number, high: number, weight: number): void {
  for (let p = 0; p < 4; p++) {
    points[p] = (points[p] as number) + weight * (Math.floor(low / FIELD ** p) % FIELD);
    points[p + 4] = (points[p + 4] as number) + weight * (Math.floor(high / FIELD ** p) % FIELD);
  }
}

/**
 * qrcode's N1 (runs of 5 or more of one colour: 3 + the excess) and N3 (1:1:3:1:1 with 4 light modules after or
 * before: 40 each) along the n lines of `lanes` that start at `line × across` and step by `along` (rows: across n,
 * along 1; columns the other way round), for all 8 masks at once: byte i of `lanes` holds module i under mask p in
 * bit p. The last 11 modules of the line are kept in w0 (oldest) … w10. A run of length L ≥ 5 holds L − 4 windows of
 * 5 equal modules, and only its first window follows a change of colour, so it scores (L − 4) + 2 = L − 2, as
 * qrcode counts it.
 */
function linePoints(points: Float64Array, lanes: Uint8Array, n: number, across: number, along: number) {
  // Packed counts of windows of 5, of windows that start a run, and of finder-like patterns, as [low, high] pairs.
  const counts = new Float64Array(6);
  const linesPerRead = Math.max(1, Math.floor((FIELD - 1) / n));
  for (let line = 0; line < n; line++) {
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    let w3 = 0;
    let w4 = 0;
    let w5 = 0;
    let w6 = 0;
    let w7 = 0;
    let w8 = 0;
    let w9 = 0;
    let w10 = 0;
    for (let j = 0, at = line * across; j < n; j++, at += along) {
      w0 = w1;
      w1 = w2;
      w2 = w3;
      w3 = w4;
      w4 = w5;
      w5 = w6;
      w6 = w7;
      w7 = w8;
      w8 = w9;
      w9 = w10;
      w10 = lanes[at] as number;
      if (j < 4) continue;
      const same = ~(w6 ^ w7) & ~(w7 ^ w8) & ~(w8 ^ w9) & ~(w9 ^ w10) & 0xff;
      if (same !== 0) {
        const started = j === 4 ? same : same & (w5 ^ w6);
        counts[0] = (counts[0] as number) + (LOW[same] as number);
        counts[1] = (counts[1] as number) + (HIGH[same] as number);
        counts[2] = (counts[2] as number) + (LOW[started] as number);
        counts[3] = (counts[3] as number) + (HIGH[started] as number);
      }
      if (j < 10) continue;
      // Both patterns have w1 light, w4 dark, w5 light, w6 dark.
      const common = ~w1 & w4 & ~w5 & w6 & 0xff;
      if (common === 0) continue;
      const after = common & w0 & w2 & w3 & ~(w7 | w8 | w9 | w10) & 0xff;
      const before = common & ~(w0 | w2 | w3) & w7 & w8 & ~w9 & w10 & 0xff;
      counts[4] = (counts[4] as number) + (LOW[after] as number) + (LOW[before] as number);
      counts[5] = (counts[5] as number) + (HIGH[after] as number) + (HIGH[before] as number);
    }
    if ((line + 1) % linesPerRead === 0 || line === n - 1) {
      addCounts(points, counts[0] as number, counts[1] as number, 1);
      addCounts(points, counts[2] as number, counts[3] as number, 2);
      addCounts(points, counts[4] as number, counts[5] as number, 40);
      counts.fill(0);
    }
  }
}

/**
 * The symbol with the mask of least penalty, as qrcode's `getBestMask` scores it (the same N1–N4 rules, the first
 * of equal penalties; the format bits of each candidate in place). The 8 candidates are scored together, one bit
 * each in a byte per module (`linePoints`), instead of one after another. `data` was masked with mask 0.
 */
function bestMasked(n: number, data: Uint8Array, reserved: Uint8Array): Uint8Array {
  const { masks, maskLanes, format } = layoutOf(n, reserved);
  const mask0 = masks[0] as Uint8Array;
  const plain = new Uint8Array(n * n);
  const lanes = new Uint8Array(n * n);
  for (let i = 0; i < plain.length; i++) {
    const m = (data[i] as number) ^ (mask0[i] as number);
    plain[i] = m;
    lanes[i] = (0xff * m) ^ (maskLanes[i] as number);
  }
  for (let k = 0; k < 15; k++) {
    const [v, h] = format[k] as [number, number];
    lanes[v] = lanes[h] = FORMAT_LANES[k] as number;
  }
  lanes[(n - 8) * n + 8] = 0xff;

  const points = new Float64Array(8);
  linePoints(points, lanes, n, n, 1);
  linePoints(points, lanes, n, 1, n);
  // N2: 2×2 blocks of one colour, 3 each.
  const rowsPerRead = Math.max(1, Math.floor((FIELD - 1) / n));
  let blocksLow = 0;
  let blocksHigh = 0;
  for (let i = 0; i < n - 1; i++) {
    for (let j = 0; j < n - 1; j++) {
      const at = i * n + j;
      const a = lanes[at] as number;
      const same =
        ~(a ^ (lanes[at + 1] as number)) &
        ~(a ^ (lanes[at + n] as number)) &
        ~(a ^ (lanes[at + n + 1] as number)) &
        0xff;
      blocksLow += LOW[same] as number;
      blocksHigh += HIGH[same] as number;
    }
    if ((i + 1) % rowsPerRead === 0 || i === n - 2) {
      addCounts(points, blocksLow, blocksHigh, 3);
      blocksLow = blocksHigh = 0;
    }
  }
  // N4: the share of dark modules away from 50 %, 10 a 5 %.
  const dark = new Float64Array(8);
  let darkLow = 0;
  let darkHigh = 0;
  for (let row = 0; row < n; row++) {
    for (let i = row * n; i < row * n + n; i++) {
      darkLow += LOW[lanes[i] as number] as number;
      darkHigh += HIGH[lanes[i] as number] as number;
    }
    if ((row + 1) % rowsPerRead === 0 || row === n - 1) {
      addCounts(dark, darkLow, darkHigh, 1);
      darkLow = darkHigh = 0;
    }
  }

  let bestMask = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let p = 0; p < 8; p++) {
    const share = Math.abs(Math.ceil(((dark[p] as number) * 100) / lanes.length / 5) - 10) * 10;
    const score = (points[p] as number) + share;
    if (score < lowest) {
      lowest = score;
      bestMask = p;
    }
  }
  const out = new Uint8Array(n * n);
  applyMask(out, plain, masks[bestMask] as Uint8Array, format, bestMask, n);
  return out;
}

/** `plain` with mask `p` and that mask's format bits (and the dark module), into `out`. */
function applyMask(
  out: Uint8Array,
  plain: Uint8Array,
  mask: Uint8Array,
  format: [number, number][],
  p: number,
  n: number,
): void {
  for (let i = 0; i < out.length; i++) out[i] = (plain[i] as number) ^ (mask[i] as number);
  const bits = formatBits(p);
  for (let k = 0; k < 15; k++) {
    const [v, h] = format[k] as [number, number];
    out[v] = out[h] = (bits >> k) & 1;
  }
  out[(n - 8) * n + 8] = 1;
}

/**
 * The PDF content drawing a QR code of `text` as vector rectangles: a white square, then each row's
 * runs of dark modules merged into one rectangle, all filled as one path. (x, y) is the bottom-left
 * corner of the square in points, `size` its side including the quiet zone. The modules are written
 * in integer module units under one transformation, so the content is short and cheap to write.
 */
export function qrPath(text: string, x: number, y: number, size: number): string {
  const modules = qrModules(text);
  const n = modules.size;
  const unit = size / (n + QUIET_ZONE * 2);
  const parts = [
    `q 1 1 1 rg ${num(x)} ${num(y)} ${num(size)} ${num(size)} re f 0 0 0 rg`,
    // Module space: origin at the top-left module, one unit per module, rows going down.
    `${num(unit)} 0 0 ${num(-unit)} ${num(x + QUIET_ZONE * unit)} ${num(y + size - QUIET_ZONE * unit)} cm`,
  ];
  const data = modules.data;
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!data[row * n + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && data[row * n + col]) col++;
      // A hair of overlap between rows hides the seams some viewers draw between adjacent rectangles.
      parts.push(`${start} ${row} ${col - start} 1.02 re`);
    }
  }
  parts.push('f Q');
  return parts.join('\n');
}
