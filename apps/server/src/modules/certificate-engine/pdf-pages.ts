import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';

/** Object streams inflated at most while counting: a page tree fits in far less. */
const OBJECT_STREAM_MAX_BYTES = 16 * 1024 * 1024;

/** The `/Count` of every `/Type /Pages` dictionary in a PDF's text: the root's is the largest. */
function pageTreeCounts(text: string): number[] {
  const counts: number[] = [];
  for (const m of text.matchAll(/<<((?:(?!<<|>>)[\s\S]){0,20000})>>/g)) {
    const dict = m[1];
    if (!/\/Type\s*\/Pages\b/.test(dict)) continue;
    const count = /\/Count\s+(\d{1,9})\b/.exec(dict);
    if (count) counts.push(Number(count[1]));
  }
  return counts;
}

/**
 * How many pages a PDF says it has, read from its page tree without parsing the document (the upload refuses a scan
 * of thousands of pages before its reading is queued): the largest `/Count` of a `/Pages` dictionary, in the file or
 * inside its compressed object streams. Null when none is found (the reader then counts, and stops at the limit).
 */
export async function pdfPageCount(path: string): Promise<number | null> {
  const bytes = await readFile(path);
  const text = bytes.toString('latin1');
  const counts = pageTreeCounts(text);
  let inflated = 0;
  for (const m of text.matchAll(/\/Type\s*\/ObjStm\b[\s\S]*?stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0 || inflated > OBJECT_STREAM_MAX_BYTES) break;
    try {
      const out = inflateSync(bytes.subarray(start, end), { maxOutputLength: OBJECT_STREAM_MAX_BYTES });
      inflated += out.length;
      counts.push(...pageTreeCounts(out.toString('latin1')));
    } catch {
      // Not deflated, or damaged: the reader will tell.
    }
  }
  return counts.length ? Math.max(...counts) : null;
}
