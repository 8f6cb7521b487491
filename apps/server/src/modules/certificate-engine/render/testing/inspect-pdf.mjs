// Test helper, run as a child process with FONTCONFIG_FILE pointing at an empty configuration, so no
// system font can stand in for a broken embedded one: reads the first page of a PDF with pdf.js,
// prints its text items, and renders it (glyphs drawn from the embedded font programs only) to a PNG.
//   node inspect-pdf.mjs <file.pdf> <out.png> [scale]
import { readFileSync, writeFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const [file, out, scaleArg] = process.argv.slice(2);
const doc = await getDocument({
  data: new Uint8Array(readFileSync(file)),
  disableFontFace: true,
  useSystemFonts: false,
  isEvalSupported: false,
  verbosity: 0,
}).promise;
const page = await doc.getPage(1);
const { items } = await page.getTextContent();
const metadata = await doc.getMetadata();
const viewport = page.getViewport({ scale: Number(scaleArg ?? 1) });
const { canvas, context } = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
await page.render({ canvasContext: context, viewport }).promise;
writeFileSync(out, canvas.toBuffer('image/png'));
const operators = await page.getOperatorList();
process.stdout.write(
  JSON.stringify({
    pages: doc.numPages,
    texts: items.map((i) => i.str).filter(Boolean),
    title: metadata.info?.Title ?? null,
    width: canvas.width,
    height: canvas.height,
    operatorCount: operators.fnArray.length,
  }),
);
await doc.destroy();
