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

/** Per symbol size: each mask as bytes (1 where it flips a data module), and where the 15 format bits go. */
const layouts = new Map<number, { masks: Uint8Array[]; format: [number, number][] }>();

function layoutOf(n: number, reserved: Uint8Array) {
  let layout = layouts.get(n);
  if (layout) return layout;
  const masks = Array.from({ length: 8 }, (_, p) => {
    const m = new Uint8Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) if (!reserved[i * n + j] && maskAt(p, i, j)) m[i * n + j] = 1;
    return m;
  });
  // qrcode's setupFormatInfo: bit k goes to a vertical and a horizontal position.
  const format: [number, number][] = [];
  for (let k = 0; k < 15; k++) {
    const v = k < 6 ? k * n + 8 : k < 8 ? (k + 1) * n + 8 : (n - 15 + k) * n + 8;
    const h = k < 8 ? 8 * n + (n - k - 1) : k < 9 ? 8 * n + (15 - k) : 8 * n + (15 - k - 1);
    format.push([v, h]);
  }
  layout = { masks, format };
  layouts.set(n, layout);
  return layout;
}

/** The 15 format bits of error correction M (indicator 00) and mask `p`: BCH(15,5), then XOR 101010000010010. */
function formatBits(p: number): number {
  const data = p; // (M's indicator 0 << 3) | p
  let d = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (d & (1 << bit)) d ^= 0x537 << (bit - 10);
  return ((data << 10) | d) ^ 0x5412;
}

/**
 * The symbol with the mask of least penalty, as qrcode's `getBestMask` scores it (the same N1–N4 rules, the same
 * order, the first of equal penalties; the format bits of each candidate in place), over the bytes of the matrix.
 * `data` was masked with mask 0.
 */
function bestMasked(n: number, data: Uint8Array, reserved: Uint8Array): Uint8Array {
  const { masks, format } = layoutOf(n, reserved);
  const plain = new Uint8Array(n * n);
  const mask0 = masks[0] as Uint8Array;
  for (let i = 0; i < plain.length; i++) plain[i] = (data[i] as number) ^ (mask0[i] as number);
  const candidate = new Uint8Array(n * n);
  const columns = new Uint8Array(n * n);
  let bestMask = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let p = 0; p < 8; p++) {
    applyMask(candidate, plain, masks[p] as Uint8Array, format, p, n);
    // The columns as rows, so both directions are read in order.
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) columns[j * n + i] = candidate[i * n + j] as number;
    const score = linePenalty(candidate, n) + linePenalty(columns, n) + blockPenalty(candidate, n);
    if (score < lowest) {
      lowest = score;
      bestMask = p;
    }
  }
  applyMask(candidate, plain, masks[bestMask] as Uint8Array, format, bestMask, n);
  return candidate;
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
 * qrcode's N1 (runs of 5 or more of one colour: 3 + the excess) and N3 (1:1:3:1:1 with 4 light modules on a side:
 * 40 each) along every row of `d`; called on the rows and on the columns. Written without branches on the modules
 * (which follow no pattern a processor could predict).
 */
function linePenalty(d: Uint8Array, n: number): number {
  let points = 0;
  for (let row = 0; row < n * n; row += n) {
    let last = d[row] as number;
    let run = 1;
    let bits = last;
    for (let b = 1; b < n; b++) {
      const m = d[row + b] as number;
      const same = 1 ^ m ^ last;
      // A run ends where the colour changes: a run of 5 or more scores run − 2.
      points += (1 - same) * (run >= 5 ? run - 2 : 0);
      run = run * same + 1;
      last = m;
      bits = ((bits << 1) & 0x7ff) | m;
      points += b >= 10 && (bits === 0x5d0 || bits === 0x05d) ? 40 : 0;
    }
    points += run >= 5 ? run - 2 : 0;
  }
  return points;
}

/** qrcode's N2 (2×2 blocks of one colour, 3 each) and N4 (the share of dark modules away from 50 %, 10 a 5 %). */
function blockPenalty(d: Uint8Array, n: number): number {
  let points = 0;
  for (let i = 0; i < n - 1; i++)
    for (let j = 0; j < n - 1; j++) {
      const all =
        (d[i * n + j] as number) +
        (d[i * n + j + 1] as number) +
        (d[(i + 1) * n + j] as number) +
        (d[(i + 1) * n + j + 1] as number);
      points += all === 4 || all === 0 ? 3 : 0;
    }
  let dark = 0;
  for (let i = 0; i < d.length; i++) dark += d[i] as number;
  return points + Math.abs(Math.ceil((dark * 100) / d.length / 5) - 10) * 10;
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
