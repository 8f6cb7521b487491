/**
 * Fitting a text into its box: one line at the set size when it fits; else wrapped over as many lines
 * as the box holds; else the size shrinks (wrapping again) down to MIN_FONT_SIZE; at worst one line
 * scaled down to the box width. Widths come from the font's advance widths (em), so no layout runs
 * while measuring.
 */

export const LINE_HEIGHT = 1.25;
export const MIN_FONT_SIZE = 6;

export interface FittedText {
  size: number;
  lines: string[];
}

/** Units that stay together on a line: runs of Latin letters/digits (words), any other character alone. */
function tokens(line: string): string[] {
  return line.match(/[A-Za-z0-9@._\-/:#+]+|\s+|./gsu) ?? [];
}

/** Greedy wrap of one paragraph into lines no wider than maxEm (em units at size 1). */
function wrapParagraph(paragraph: string, maxEm: number, widthOf: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineW = 0;
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
    lineW = 0;
  };
  for (const tok of tokens(paragraph)) {
    const w = widthOf(tok);
    if (lineW + w <= maxEm || line === '') {
      if (w > maxEm && line === '' && tok.length > 1) {
        // A word longer than the line: break it by characters.
        for (const ch of tok) {
          const cw = widthOf(ch);
          if (lineW + cw > maxEm && line !== '') push();
          line += ch;
          lineW += cw;
        }
        continue;
      }
      if (line === '' && /^\s+$/.test(tok)) continue;
      line += tok;
      lineW += w;
    } else {
      push();
      if (/^\s+$/.test(tok)) continue;
      if (w > maxEm && tok.length > 1) {
        for (const ch of tok) {
          const cw = widthOf(ch);
          if (lineW + cw > maxEm && line !== '') push();
          line += ch;
          lineW += cw;
        }
        continue;
      }
      line = tok;
      lineW = w;
    }
  }
  if (line !== '' || lines.length === 0) push();
  return lines;
}

export function wrapText(text: string, maxEm: number, widthOf: (s: string) => number): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((p) => wrapParagraph(p, maxEm, widthOf));
}

/**
 * boxWidth/boxHeight in points; widthOf gives a string's width in em. A box always holds one line at
 * the set size, even when drawn shorter than that.
 */
export function fitText(
  text: string,
  fontSize: number,
  boxWidth: number,
  boxHeight: number,
  widthOf: (s: string) => number,
): FittedText {
  const hard = text.split(/\r\n|\r|\n/);
  const widest = Math.max(...hard.map(widthOf));
  if (hard.length === 1 && widest * fontSize <= boxWidth) return { size: fontSize, lines: hard };
  const minSize = Math.min(MIN_FONT_SIZE, fontSize);
  const sizes: number[] = [];
  for (let s = fontSize; s > minSize; s *= 0.92) sizes.push(s);
  sizes.push(minSize);
  for (const size of sizes) {
    const room = Math.max(1, Math.floor((boxHeight + 1e-6) / (size * LINE_HEIGHT)));
    const lines = wrapText(text, boxWidth / size, widthOf);
    if (lines.length <= room && lines.every((l) => widthOf(l) * size <= boxWidth + 1e-6))
      return { size, lines };
  }
  // Nothing fits: every hard line on its own line, scaled down to the width and height of the box.
  const byWidth = widest > 0 ? boxWidth / widest : fontSize;
  const byHeight = boxHeight / (hard.length * LINE_HEIGHT);
  return { size: Math.max(0.5, Math.min(fontSize, byWidth, byHeight)), lines: hard };
}
