import { FontInPdf, type FontWeight, loadFont } from './fonts.ts';
import { PdfFile, pdfDate, pdfNumber, pdfTextString } from './pdf.ts';
import { LINE_HEIGHT, wrapText } from './text.ts';
import { type DocumentJob, PDF_PRODUCER } from './types.ts';

/** A4 portrait in points, the margins, and the sizes of the document layout. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 50, top: 56, bottom: 56 };
const SIZE = { title: 18, subtitle: 10.5, heading: 12.5, text: 10, footer: 8.5 };
const KEY_WIDTH = 120;
const CELL_PAD = 4;
/** Where the centre of a CJK line sits above its baseline, in em (as the certificate renderer draws). */
const TEXT_CENTRE_EM = 0.38;

const WIDTH = PAGE.width - 2 * MARGIN.x;

/**
 * A document (title, key/value lines, tables across pages, Chinese text) as a multi-page PDF: the archive's
 * generated documents. The same PDF writer and embedded font subsets as a certificate; one font object per weight
 * shared by every page.
 */
export function renderDocument(job: DocumentJob): Uint8Array {
  const pdf = new PdfFile();
  const catalog = pdf.reserve();
  const pagesId = pdf.reserve();
  const info = pdf.reserve();
  const fonts = new Map<FontWeight, { name: string; id: number; inPdf: FontInPdf }>();
  const font = (weight: FontWeight) => {
    let f = fonts.get(weight);
    if (!f) {
      f = {
        name: weight === 'bold' ? 'FB' : 'FR',
        id: pdf.reserve(),
        inPdf: new FontInPdf(loadFont(weight)),
      };
      fonts.set(weight, f);
    }
    return f;
  };
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = PAGE.height - MARGIN.top;
  };
  /** Room for `h` points on this page, else a new page; answers whether a page was started. */
  const room = (h: number): boolean => {
    if (y - h >= MARGIN.bottom) return false;
    newPage();
    return true;
  };
  const text = (s: string, x: number, baselineTop: number, size: number, weight: FontWeight = 'regular') => {
    if (!s) return;
    const f = font(weight);
    const baseline = baselineTop - (LINE_HEIGHT * size) / 2 - TEXT_CENTRE_EM * size;
    ops.push(
      `BT /${f.name} ${pdfNumber(size)} Tf 0 0 0 rg ${pdfNumber(x)} ${pdfNumber(baseline)} Td ${f.inPdf.encode(s)} Tj ET`,
    );
  };
  const widthOf = (weight: FontWeight) => loadFont(weight).widthOf;
  const wrap = (s: string, width: number, size: number, weight: FontWeight = 'regular') =>
    wrapText(s.replace(/\t/g, ' '), width / size, widthOf(weight));

  newPage();
  // Title, centred; the subtitle under it.
  const titleLines = wrap(job.title, WIDTH, SIZE.title, 'bold');
  for (const line of titleLines) {
    const w = widthOf('bold')(line) * SIZE.title;
    text(line, MARGIN.x + (WIDTH - w) / 2, y, SIZE.title, 'bold');
    y -= SIZE.title * LINE_HEIGHT;
  }
  if (job.subtitle) {
    const w = widthOf('regular')(job.subtitle) * SIZE.subtitle;
    text(job.subtitle, MARGIN.x + (WIDTH - w) / 2, y, SIZE.subtitle);
    y -= SIZE.subtitle * LINE_HEIGHT;
  }
  y -= 10;

  const lineH = SIZE.text * LINE_HEIGHT;
  for (const section of job.sections) {
    room(SIZE.heading * LINE_HEIGHT + lineH * 2 + 8);
    y -= 6;
    text(section.heading, MARGIN.x, y, SIZE.heading, 'bold');
    y -= SIZE.heading * LINE_HEIGHT + 4;
    if ('lines' in section) {
      for (const [key, value] of section.lines) {
        const lines = wrap(value || '—', WIDTH - KEY_WIDTH, SIZE.text);
        room(lines.length * lineH + 2);
        text(key, MARGIN.x, y, SIZE.text, 'bold');
        for (const line of lines) {
          if (room(lineH)) text(`${key}（续）`, MARGIN.x, y, SIZE.text, 'bold');
          text(line, MARGIN.x + KEY_WIDTH, y, SIZE.text);
          y -= lineH;
        }
        y -= 2;
      }
      continue;
    }
    if (section.rows.length === 0) {
      room(lineH);
      text(section.empty ?? '无', MARGIN.x, y, SIZE.text);
      y -= lineH;
      continue;
    }
    const total = section.columns.reduce((s, c) => s + c.width, 0) || 1;
    const widths = section.columns.map((c) => (c.width / total) * WIDTH);
    const xs = widths.map((_, i) => MARGIN.x + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const drawRow = (cells: string[], weight: FontWeight, shaded: boolean) => {
      const wrapped = widths.map((w, i) => wrap(cells[i] ?? '', w - 2 * CELL_PAD, SIZE.text, weight));
      const h = Math.max(...wrapped.map((l) => l.length)) * lineH + 2 * CELL_PAD;
      const top = y;
      if (shaded)
        ops.push(
          `0.93 0.94 0.97 rg ${pdfNumber(MARGIN.x)} ${pdfNumber(top - h)} ${pdfNumber(WIDTH)} ${pdfNumber(h)} re f`,
        );
      ops.push(
        `0.5 w 0.6 0.6 0.6 RG ${xs.map((x, i) => `${pdfNumber(x)} ${pdfNumber(top - h)} ${pdfNumber(widths[i] as number)} ${pdfNumber(h)} re`).join(' ')} S`,
      );
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          text(line, (xs[i] as number) + CELL_PAD, top - CELL_PAD - n * lineH, SIZE.text, weight);
        });
      });
      y -= h;
      return h;
    };
    const header = section.columns.map((c) => c.header);
    const headerHeight = (cells: string[]) =>
      Math.max(...widths.map((w, i) => wrap(cells[i] ?? '', w - 2 * CELL_PAD, SIZE.text, 'bold').length)) *
        lineH +
      2 * CELL_PAD;
    room(headerHeight(header) + lineH + 2 * CELL_PAD);
    drawRow(header, 'bold', true);
    for (const row of section.rows) {
      const h =
        Math.max(...widths.map((w, i) => wrap(row[i] ?? '', w - 2 * CELL_PAD, SIZE.text).length)) * lineH +
        2 * CELL_PAD;
      if (room(h)) drawRow(header, 'bold', true);
      drawRow(row, 'regular', false);
    }
    y -= 6;
  }

  // Page numbers, once the count is known.
  pages.forEach((page, i) => {
    ops = page;
    const label = `第 ${i + 1} 页 / 共 ${pages.length} 页`;
    const w = widthOf('regular')(label) * SIZE.footer;
    text(label, (PAGE.width - w) / 2, MARGIN.bottom - 14, SIZE.footer);
  });

  const pageIds = pages.map(() => pdf.reserve());
  const contentIds = pages.map(() => pdf.reserve());
  pdf.object(catalog, `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (zh-CN) >>`);
  pdf.object(
    pagesId,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  const fontRefs = [...fonts.values()].map((f) => `/${f.name} ${f.id} 0 R`).join(' ');
  pages.forEach((page, i) => {
    pdf.object(
      pageIds[i] as number,
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${pdfNumber(PAGE.width)} ${pdfNumber(PAGE.height)}] /Resources << /Font << ${fontRefs} >> >> /Contents ${contentIds[i]} 0 R >>`,
    );
    pdf.stream(contentIds[i] as number, '', Buffer.from(page.join('\n'), 'latin1'), true);
  });
  for (const f of fonts.values()) f.inPdf.write(pdf, f.id);
  pdf.object(
    info,
    `<< /Producer (${PDF_PRODUCER}) /Creator (${PDF_PRODUCER}) /Title ${pdfTextString(job.title)} /CreationDate ${pdfDate(job.createdAt ? new Date(job.createdAt) : new Date())} >>`,
  );
  return pdf.finish(catalog, info);
}
