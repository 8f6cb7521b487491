import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  imageBlank,
  makePhoto,
  tempDir,
  textBlank,
  titleBlank,
} from '../../../../test/fixtures/certificate-engine-render.ts';
import { renderCertificate } from './index.ts';
import { PdfFile, pdfDate, pdfNumber, pdfTextString } from './pdf.ts';

const tmp = tempDir();
afterAll(() => tmp.remove());

/**
 * Reads a file as a strict reader does, without repairing anything: the trailer's startxref points at the
 * table, each entry's offset at its own "N 0 obj", each stream's /Length at its "endstream".
 */
function checkStructure(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.7\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const rows = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(rows[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  rows.slice(1).forEach((row, i) => {
    expect(row).toMatch(/^\d{10} 00000 n $/);
    const at = Number(row.slice(0, 10));
    const id = i + 1;
    expect(text.slice(at, at + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
    const end = text.indexOf('\nendobj\n', at);
    objects.set(id, text.slice(at + `${id} 0 obj\n`.length, end));
  });
  expect(text).toContain(`/Size ${count} `);
  for (const [id, body] of objects) {
    const stream = /^<<(.*)>>\nstream\n/.exec(body);
    if (!stream) continue;
    const length = Number(/\/Length (\d+)/.exec(stream[1])?.[1]);
    const start = stream[0].length;
    expect(body.slice(start + length), `object ${id}`).toBe('\nendstream');
  }
  return objects;
}

describe('PDF file writer', () => {
  it('points the cross-reference table at every object and each stream length at its end', () => {
    const pdf = new PdfFile();
    const catalog = pdf.reserve();
    const pages = pdf.reserve();
    const content = pdf.reserve();
    const info = pdf.reserve();
    pdf.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
    pdf.object(pages, '<< /Type /Pages /Kids [] /Count 0 >>');
    pdf.stream(content, '', Buffer.from('q 1 0 0 1 0 0 cm Q\n'.repeat(50)), true);
    pdf.object(info, `<< /Title ${pdfTextString('张三')} >>`);
    const objects = checkStructure(pdf.finish(catalog, info));
    expect(objects.size).toBe(4);
    const raw = Buffer.from(objects.get(content) as string, 'latin1');
    const body = raw.subarray(raw.indexOf('stream\n') + 7, raw.lastIndexOf('\nendstream'));
    expect(inflateSync(body).toString()).toBe('q 1 0 0 1 0 0 cm Q\n'.repeat(50));
    expect(objects.get(content)).toContain('/Filter /FlateDecode');
  });

  it('refuses to finish a file with an object reserved but never written', () => {
    const pdf = new PdfFile();
    const catalog = pdf.reserve();
    pdf.reserve();
    pdf.object(catalog, '<< /Type /Catalog >>');
    expect(() => pdf.finish(catalog, catalog)).toThrow('PDF object 2 was reserved but never written');
  });

  it('writes numbers with at most 3 decimals, no exponent and no negative zero', () => {
    expect(pdfNumber(1 / 3)).toBe('0.333');
    expect(pdfNumber(841.8897637795277)).toBe('841.89');
    expect(pdfNumber(-0.0001)).toBe('0');
    expect(pdfNumber(12)).toBe('12');
    expect(pdfNumber(1e-7)).toBe('0');
  });

  it('writes text strings as UTF-16BE with a byte order mark, and dates in UTC', () => {
    expect(pdfTextString('张三 A')).toBe('<FEFF5F204E0900200041>');
    expect(pdfTextString('𠮷')).toBe('<FEFFD842DFB7>');
    expect(pdfDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('(D:20260102030405Z)');
  });

  it('a whole certificate: fonts, pictures and the QR code in a file a strict reader accepts', async () => {
    const photo = tmp.file('photo.jpg', makePhoto(120, 160, '#336699'));
    const pdf = Buffer.from(
      await renderCertificate({
        pageSize: 'A4',
        orientation: 'landscape',
        backgroundPath: tmp.file('bg.jpg', makePhoto(800, 566, '#eeeeee')),
        title: '张三 职业技能等级证书',
        blanks: [
          titleBlank(),
          textBlank({ x: 0.1, y: 0.3, width: 0.5, height: 0.1, text: '姓名：张三 Zhang', font_size: 18 }),
          imageBlank({ x: 0.7, y: 0.3, width: 0.12, height: 0.25, imagePath: photo }),
        ],
        qr: { text: 'http://localhost/information-link/1', x: 0.8, y: 0.7, size: 0.1 },
      }),
    );
    const objects = [...checkStructure(pdf).values()];
    const find = (re: RegExp) => objects.filter((o) => re.test(o));
    expect(find(/\/Subtype \/Image/)).toHaveLength(2);
    expect(find(/\/Subtype \/Type0/)).toHaveLength(2);
    expect(find(/\/Subtype \/CIDFontType2/)).toHaveLength(2);
    // Subset names: six capital letters, a plus, the font's PostScript name.
    for (const o of find(/\/Type \/FontDescriptor/))
      expect(o).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC-(Regular|Bold) /);
    expect(find(/\/Type \/Catalog/)[0]).toContain('/Lang (zh-CN)');
  });
});
