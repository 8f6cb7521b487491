import { createRequire } from 'node:module';

/**
 * qrcode 1.5.4 picks a QR code's mask the way the standard says (each of the 8 masks applied, the one with
 * the lowest penalty N1 + N2 + N3 + N4 kept), through `get(row, col)` calls and a `switch` per module: ~0.5 ms
 * of a ~2 ms certificate. These are the same two functions over the matrix's bytes, with each mask's
 * pattern computed once per symbol size: the same mask is chosen and the same modules come out (a test
 * compares them with the library's own penalty functions), in ~1/10 of the time.
 */

interface BitMatrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

interface MaskPatternModule {
  applyMask(pattern: number, data: BitMatrix): void;
  getBestMask(data: BitMatrix, setupFormatFunc: (pattern: number) => void): number;
  getPenaltyN1(data: BitMatrix): number;
  getPenaltyN2(data: BitMatrix): number;
  getPenaltyN3(data: BitMatrix): number;
  getPenaltyN4(data: BitMatrix): number;
}

/** The module qrcode itself uses (its `MaskPattern.getBestMask(...)` calls go through these exports). */
export function qrcodeMaskModule(): MaskPatternModule {
  const fromQrcode = createRequire(createRequire(import.meta.url).resolve('qrcode'));
  return fromQrcode('./core/mask-pattern.js') as MaskPatternModule;
}

/** Whether the module at (row i, column j) is inverted by mask `pattern` (ISO/IEC 18004 table 10). */
function masks(pattern: number, i: number, j: number): boolean {
  switch (pattern) {
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

/** The 8 masks of a symbol size as 0/1 bytes, row by row; computed once per size. */
const maskTables = new Map<number, Uint8Array[]>();

function maskTablesOf(size: number): Uint8Array[] {
  let tables = maskTables.get(size);
  if (!tables) {
    tables = [];
    for (let p = 0; p < 8; p++) {
      const t = new Uint8Array(size * size);
      for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) t[i * size + j] = masks(p, i, j) ? 1 : 0;
      tables.push(t);
    }
    maskTables.set(size, tables);
  }
  return tables;
}

/** XORs mask `pattern` into every module that is not a function pattern (applying it twice undoes it). */
export function applyMask(pattern: number, matrix: BitMatrix): void {
  const table = maskTablesOf(matrix.size)[pattern];
  if (!table) throw new Error(`bad maskPattern:${pattern}`);
  const { data, reservedBit } = matrix;
  for (let k = 0; k < data.length; k++) if (!reservedBit[k]) data[k] ^= table[k];
}

/**
 * The penalty of a masked symbol, as qrcode computes it: N1 runs of 5+ same-colour modules in a row or column
 * (3 + excess), N2 2×2 blocks of one colour (3 each), N3 1:1:3:1:1 finder-like patterns with 4 light modules on
 * one side (40 each), N4 the dark share's distance from 50 % in 5 % steps (10 each).
 */
export function penalty(data: Uint8Array, size: number): number {
  let n1 = 0;
  let n3 = 0;
  for (let a = 0; a < size; a++) {
    let runRow = 0;
    let runCol = 0;
    let lastRow = -1;
    let lastCol = -1;
    let bitsRow = 0;
    let bitsCol = 0;
    for (let b = 0; b < size; b++) {
      const inRow = data[a * size + b];
      const inCol = data[b * size + a];
      if (inRow === lastRow) runRow++;
      else {
        if (runRow >= 5) n1 += 3 + (runRow - 5);
        lastRow = inRow;
        runRow = 1;
      }
      if (inCol === lastCol) runCol++;
      else {
        if (runCol >= 5) n1 += 3 + (runCol - 5);
        lastCol = inCol;
        runCol = 1;
      }
      bitsRow = ((bitsRow << 1) & 0x7ff) | inRow;
      bitsCol = ((bitsCol << 1) & 0x7ff) | inCol;
      if (b >= 10) {
        if (bitsRow === 0x5d0 || bitsRow === 0x05d) n3++;
        if (bitsCol === 0x5d0 || bitsCol === 0x05d) n3++;
      }
    }
    if (runRow >= 5) n1 += 3 + (runRow - 5);
    if (runCol >= 5) n1 += 3 + (runCol - 5);
  }
  let n2 = 0;
  for (let r = 0; r < size - 1; r++) {
    for (let c = 0; c < size - 1; c++) {
      const k = r * size + c;
      const sum = data[k] + data[k + 1] + data[k + size] + data[k + size + 1];
      if (sum === 4 || sum === 0) n2++;
    }
  }
  let dark = 0;
  for (let k = 0; k < data.length; k++) dark += data[k];
  const n4 = Math.abs(Math.ceil((dark * 100) / data.length / 5) - 10);
  return n1 + n2 * 3 + n3 * 40 + n4 * 10;
}

/** The mask with the lowest penalty (the first of equals), each tried with its own format bits written. */
export function getBestMask(matrix: BitMatrix, setupFormatFunc: (pattern: number) => void): number {
  const { data, reservedBit, size } = matrix;
  const tables = maskTablesOf(size);
  const masked = new Uint8Array(data.length);
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let p = 0; p < 8; p++) {
    setupFormatFunc(p);
    const table = tables[p];
    for (let k = 0; k < data.length; k++) masked[k] = reservedBit[k] ? data[k] : data[k] ^ table[k];
    const score = penalty(masked, size);
    if (score < lowest) {
      lowest = score;
      best = p;
    }
  }
  return best;
}

let installed = false;

/** Puts these two functions in qrcode's place (once per thread). */
export function useFastQrMasks(): void {
  if (installed) return;
  installed = true;
  const mod = qrcodeMaskModule();
  mod.applyMask = applyMask;
  mod.getBestMask = getBestMask;
}
