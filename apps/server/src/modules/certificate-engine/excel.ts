import Module, { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';

const require = createRequire(import.meta.url);

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };

/**
 * exceljs 4.4 turns each chunk of an .xlsx part into text on its own (`lib/utils/parse-sax.js`: one TextDecoder,
 * not streaming), so a character whose UTF-8 bytes straddle two chunks is read as U+FFFD: 14 rows in 10,000 of a
 * sheet of Chinese names (bench:offline), a holder's name or result silently changed. Before exceljs first loads in
 * a thread its parser module is put in the module cache as the same parser decoding a part's chunks as one stream;
 * exceljs's readers then require this one. Once exceljs is loaded in the thread it is too late (nothing changes).
 */
function installStreamDecodingParser(): void {
  const file = require.resolve('exceljs/lib/utils/parse-sax.js');
  if (require.cache[file]) return;
  const { SaxesParser } = createRequire(file)('saxes') as {
    SaxesParser: new () => { on(event: string, fn: (v: unknown) => void): void; write(text: string): void };
  };
  async function* parseSax(source: AsyncIterable<Buffer | string> | NodeJS.ReadableStream) {
    const iterable =
      Symbol.asyncIterator in source ? source : (source as NodeJS.ReadableStream).pipe(new PassThrough());
    const parser = new SaxesParser();
    const decoder = new TextDecoder('utf-8');
    let error: unknown = null;
    parser.on('error', (err) => {
      error = err;
    });
    let events: SaxEvent[] = [];
    for (const eventType of ['opentag', 'text', 'closetag'] as const)
      parser.on(eventType, (value) => events.push({ eventType, value }));
    const write = (text: string) => {
      parser.write(text);
      if (error) throw error;
      const out = events;
      events = [];
      return out;
    };
    for await (const chunk of iterable as AsyncIterable<Buffer | string>)
      yield write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const rest = decoder.decode();
    if (rest) yield write(rest);
  }
  const cached = new Module(file);
  cached.filename = file;
  cached.loaded = true;
  cached.exports = parseSax;
  require.cache[file] = cached;
}

/** exceljs, loaded on first use (an idle server does not hold it), reading UTF-8 across chunks. */
export async function loadExcel() {
  installStreamDecodingParser();
  return (await import('exceljs')).default;
}
