import { once } from 'node:events';
import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import type { ZipArchive } from 'archiver';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findFiles } from '../files/service.ts';
import { certificateFileName } from './service.ts';
import { customCertificates } from './tables.ts';

const PAGE = 200;

/**
 * Every generated certificate of a batch as one zip, streamed: PDFs stored uncompressed (they are compressed
 * already), read a page of rows at a time and one file at a time, each entry added only after the previous one
 * left, so memory stays flat for any batch size and a slow client slows the reading down. `signal` (the client
 * went away) stops it.
 */
export async function certificateZip(
  app: FastifyInstance,
  batchId: string,
  signal: AbortSignal,
): Promise<ZipArchive> {
  // Loaded on first use: an idle server does not hold archiver.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ store: true });
  const stop = () => archive.abort();
  signal.addEventListener('abort', stop, { once: true });
  (async () => {
    let after = 0;
    for (;;) {
      const rows = await app.db
        .select({
          rowNumber: customCertificates.rowNumber,
          blanks: customCertificates.blanks,
          fileId: customCertificates.fileId,
        })
        .from(customCertificates)
        .where(
          and(
            eq(customCertificates.batchId, batchId),
            eq(customCertificates.status, ProduceStatus.DONE),
            gt(customCertificates.rowNumber, after),
          ),
        )
        .orderBy(asc(customCertificates.rowNumber))
        .limit(PAGE);
      if (rows.length === 0) break;
      const files = new Map(
        (
          await findFiles(
            app.db,
            rows.map((r) => r.fileId!),
          )
        ).map((f) => [f.id, f]),
      );
      for (const row of rows) {
        if (signal.aborted) return;
        const file = files.get(row.fileId!);
        if (!file) continue;
        const added = once(archive, 'entry', { signal });
        archive.append(app.storage.open(file.sha256), { name: certificateFileName(row) });
        await added;
      }
      after = rows[rows.length - 1].rowNumber;
    }
    if (!signal.aborted) await archive.finalize();
  })()
    .catch((err) => {
      if (signal.aborted) return;
      app.log.error({ err, batchId }, '证书压缩包生成失败');
      archive.destroy(err);
    })
    .finally(() => signal.removeEventListener('abort', stop));
  return archive;
}
