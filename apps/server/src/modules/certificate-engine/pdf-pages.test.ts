import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { blankPhoto, scanPdf } from '../../../test/fixtures/certificate-grants-paper.ts';
import { pdfPageCount } from './pdf-pages.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sc-pdf-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: Uint8Array | string) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};

describe('pdfPageCount: the pages a PDF says it has, from its page tree', () => {
  it("a scanner's PDF of 12 pages", async () => {
    const pdf = await scanPdf(Array.from({ length: 12 }, () => blankPhoto()));
    expect(await pdfPageCount(file('scan.pdf', pdf))).toBe(12);
  });

  it('a page tree of 2,000 pages inside a compressed object stream (a small file of many pages)', async () => {
    const objects = '<< /Type /Catalog /Pages 2 0 R >> << /Type /Pages /Kids [3 0 R] /Count 2000 >>';
    const stream = deflateSync(Buffer.from(objects, 'latin1'));
    const pdf = Buffer.concat([
      Buffer.from(
        '%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 2 /First 8 /Filter /FlateDecode /Length ',
        'latin1',
      ),
      Buffer.from(`${stream.length} >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    expect(await pdfPageCount(file('many.pdf', pdf))).toBe(2000);
  });

  it('the root counts every page: the largest count of nested page trees', async () => {
    const pdf = `%PDF-1.4
1 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 7 >> endobj
2 0 obj << /Type /Pages /Parent 1 0 R /Kids [] /Count 3 >> endobj
3 0 obj << /Count 4 /Type /Pages /Parent 1 0 R /Kids [] >> endobj
%%EOF`;
    expect(await pdfPageCount(file('tree.pdf', pdf))).toBe(7);
  });

  it('nothing to count in what is no PDF page tree', async () => {
    expect(await pdfPageCount(file('x.pdf', 'hello'))).toBeNull();
  });
});
