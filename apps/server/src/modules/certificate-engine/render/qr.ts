import QRCode from 'qrcode';
import { pdfNumber as num } from './pdf.ts';

/** Modules of white margin drawn around the code, so it scans on a busy background. */
const QUIET_ZONE = 2;

/**
 * The PDF content drawing a QR code of `text` as vector rectangles: a white square, then each row's
 * runs of dark modules merged into one rectangle, all filled as one path. (x, y) is the bottom-left
 * corner of the square in points, `size` its side including the quiet zone. The modules are written
 * in integer module units under one transformation, so the content is short and cheap to write.
 */
export function qrPath(text: string, x: number, y: number, size: number): string {
  // One byte segment: skips the segment optimiser (a shortest-path search) for a URL that gains nothing from it.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
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
