import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ZipArchive } from 'archiver';
import type { FastifyInstance } from 'fastify';
import { findFiles } from '../files/service.ts';

/**
 * One file of a zip download under the name it has in the zip: a stored file, or content produced when its turn
 * comes (a generated document: a stream is read as the zip is sent, never held whole).
 */
export type ZipEntry =
  | { fileId: string; name: string }
  | { name: string; produce: () => Promise<Readable | Uint8Array> };

/**
 * The next page of a download's entries after `cursor` (null: from the start), in order, with the cursor to go on
 * from; an empty page ends the zip.
 */
export type ZipPages<Cursor> = (cursor: Cursor | null) => Promise<{ entries: ZipEntry[]; cursor: Cursor }>;

/**
 * Stored files (certificates) and produced documents (an archive's) as one zip, streamed: entries stored uncompressed (PDFs are compressed already), read
 * a page at a time and one file at a time, each entry added only after the previous one left, so memory stays flat
 * for any number of files and a slow client slows the reading down. `signal` (the client went away) stops it;
 * `about` names the download in the server log when it fails.
 */
export async function filesZip<Cursor>(
  app: FastifyInstance,
  pages: ZipPages<Cursor>,
  signal: AbortSignal,
  about: Record<string, unknown>,
): Promise<ZipArchive> {
  // Loaded on first use: an idle server does not hold archiver.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ store: true });
  const stop = () => archive.abort();
  signal.addEventListener('abort', stop, { once: true });
  (async () => {
    let cursor: Cursor | null = null;
    for (;;) {
      const page = await pages(cursor);
      if (page.entries.length === 0) break;
      const files = new Map(
        (
          await findFiles(
            app.db,
            page.entries.flatMap((e) => ('fileId' in e ? [e.fileId] : [])),
          )
        ).map((f) => [f.id, f]),
      );
      for (const entry of page.entries) {
        if (signal.aborted) return;
        let content: Readable | Buffer;
        if ('fileId' in entry) {
          const file = files.get(entry.fileId);
          if (!file) continue;
          content = app.storage.open(file.sha256);
        } else {
          const produced = await entry.produce();
          content =
            produced instanceof Uint8Array
              ? Buffer.from(produced.buffer, produced.byteOffset, produced.byteLength)
              : produced;
        }
        const added = once(archive, 'entry', { signal });
        archive.append(content, { name: entry.name });
        await added;
      }
      cursor = page.cursor;
    }
    if (!signal.aborted) await archive.finalize();
  })()
    .catch((err) => {
      if (signal.aborted) return;
      app.log.error({ err, ...about }, '证书压缩包生成失败');
      archive.destroy(err);
    })
    .finally(() => signal.removeEventListener('abort', stop));
  return archive;
}
