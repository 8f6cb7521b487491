import { deflateSync, type ZlibOptions } from 'node:zlib';

/**
 * How a certificate's own streams are deflated (its content, its own font subsets): level 1, the fastest, which
 * costs about one per cent in size (bench/README.md); parts kept for many files (a fixed layer's fonts) are
 * deflated once at the default level.
 */
export const FAST_DEFLATE: ZlibOptions = { level: 1 };

/**
 * A one-page PDF file written directly: numbered objects, streams (JPEG as they are, the rest deflated),
 * the cross-reference table and the trailer. A certificate needs nothing more, and writing it this way
 * costs a fraction of a general PDF library's object model (pdf-lib built a dictionary object per name
 * and number, then measured and serialised them): less work per certificate and far less code for each
 * render thread to compile. Dictionaries are given as PDF text; bodies are kept as the caller's bytes
 * until `finish` copies everything once.
 */
export class PdfFile {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  /** Byte offset of each object, by object number (0 is the free head of the table). */
  private readonly offsets: number[] = [0];

  constructor() {
    // A binary comment after the header tells transfer tools the file is not text (ISO 32000 §7.5.2).
    this.text('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  }

  /** Reserves the next object number (objects may refer to each other before they are written). */
  reserve(): number {
    this.offsets.push(-1);
    return this.offsets.length - 1;
  }

  /** Writes object `id` with a body such as `<< /Type /Catalog ... >>`. */
  object(id: number, body: string): void {
    this.offsets[id] = this.size;
    this.text(`${id} 0 obj\n${body}\nendobj\n`);
  }

  /** Writes object `id` as a stream: `entries` are the dictionary's entries besides /Length (and /Filter). */
  stream(id: number, entries: string, data: Uint8Array, deflate: boolean): void {
    if (deflate) this.deflatedStream(id, entries, deflateSync(data, FAST_DEFLATE));
    else this.streamOf(id, entries, data);
  }

  /** Writes object `id` as a stream of bytes deflated already (a part cached for many files). */
  deflatedStream(id: number, entries: string, deflated: Uint8Array): void {
    this.streamOf(id, `${entries} /Filter /FlateDecode`, deflated);
  }

  private streamOf(id: number, entries: string, body: Uint8Array): void {
    this.offsets[id] = this.size;
    this.text(`${id} 0 obj\n<< ${entries} /Length ${body.length} >>\nstream\n`);
    this.bytes(body);
    this.text('\nendstream\nendobj\n');
  }

  /** The cross-reference table and trailer, then the whole file in one buffer. */
  finish(root: number, info: number): Buffer {
    const missing = this.offsets.findIndex((o, i) => i > 0 && o < 0);
    if (missing > 0) throw new Error(`PDF object ${missing} was reserved but never written`);
    const xref = this.size;
    const rows = this.offsets.map((o, i) =>
      i === 0 ? '0000000000 65535 f \n' : `${String(o).padStart(10, '0')} 00000 n \n`,
    );
    this.text(
      `xref\n0 ${this.offsets.length}\n${rows.join('')}trailer\n<< /Size ${this.offsets.length} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    );
    return Buffer.concat(this.parts, this.size);
  }

  private text(s: string): void {
    this.bytes(Buffer.from(s, 'latin1'));
  }

  private bytes(b: Uint8Array): void {
    this.parts.push(b);
    this.size += b.length;
  }
}

/** A number as PDF writes it: at most 3 decimals, no exponent, no "-0". */
export function pdfNumber(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? '0' : String(r);
}

/** A text string (document information, any characters) as UTF-16BE with its byte order mark, in hex. */
export function pdfTextString(s: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `${hex}>`;
}

/** A PDF date (D:YYYYMMDDHHmmSSZ, UTC). */
export function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `(D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z)`;
}
