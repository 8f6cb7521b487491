import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { PDFStream } from 'pdf-lib';

/**
 * Two hot spots of pdf-lib 1.17 when writing a certificate, replaced by equivalent native code (the
 * bytes written are the same format; measured: ~2 ms of a ~9 ms certificate):
 * - every stream (page content, font subset, ToUnicode map) is compressed by pako in JavaScript:
 *   pako's one-argument `deflate` (the only form pdf-lib calls) goes to Node's zlib, on the pako
 *   instance pdf-lib itself loads; calls with options still go to pako;
 * - a stream's contents (the ~150 KB background JPEG) are copied into the file one byte at a time:
 *   one `Uint8Array.set` instead.
 */
let applied = false;

const STREAM_START = new TextEncoder().encode('\nstream\n');
const STREAM_END = new TextEncoder().encode('\nendstream');

export function applyPdfLibPatches(): void {
  if (applied) return;
  applied = true;

  const fromPdfLib = createRequire(createRequire(import.meta.url).resolve('pdf-lib'));
  const pako = fromPdfLib('pako') as { deflate: (data: Uint8Array, options?: unknown) => Uint8Array };
  const deflate = pako.deflate;
  pako.deflate = (data, options) => (options === undefined ? deflateSync(data) : deflate(data, options));

  type Internals = {
    updateDict(): void;
    dict: { copyBytesInto(buffer: Uint8Array, offset: number): number };
    getContents(): Uint8Array;
  };
  PDFStream.prototype.copyBytesInto = function copyBytesInto(
    this: PDFStream,
    buffer: Uint8Array,
    offset: number,
  ) {
    const self = this as unknown as Internals;
    self.updateDict();
    const initial = offset;
    offset += self.dict.copyBytesInto(buffer, offset);
    buffer.set(STREAM_START, offset);
    offset += STREAM_START.length;
    const contents = self.getContents();
    buffer.set(contents, offset);
    offset += contents.length;
    buffer.set(STREAM_END, offset);
    offset += STREAM_END.length;
    return offset - initial;
  };
}
