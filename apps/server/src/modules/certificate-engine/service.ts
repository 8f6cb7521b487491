import { BlankType } from '@skill-cert/shared/custom-certificates';
import type { FastifyInstance } from 'fastify';
import { putContent } from '../files/service.ts';
import { buildRenderJob, filePaths } from './render-job.ts';
import type { RenderBackground } from './render-pool.ts';
import type { BlankValue, CertificateTemplate } from './types.ts';

export { imageFileProblem } from './render/image-header.ts';

import { RenderError } from './render/types.ts';

export { RenderError };

/**
 * Renders one certificate now (a preview, a regeneration) in the render pool and answers its PDF: `values` drawn
 * on `template`, an image blank's value being the id of its stored file. Rejects with RenderError for a bad input
 * of this certificate (a photo that cannot be decoded), with Error for anything else. Batches go through
 * batch-runner.ts instead.
 */
export async function renderCertificate(
  app: FastifyInstance,
  template: CertificateTemplate,
  values: BlankValue[],
  opts: {
    /** What the QR code says: the certificate's public page. */
    qrText: string;
    /** Previews: every image blank shows the grey placeholder photo. */
    placeholderImages?: boolean;
  },
): Promise<Uint8Array> {
  const images = new Set(template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name));
  const background = template.render_background_file_id;
  const paths = await filePaths(app.db, app.storage, [
    background ?? '',
    ...(opts.placeholderImages ? [] : values.filter((v) => images.has(v.name)).map((v) => v.val)),
  ]);
  const job = buildRenderJob(template, values, {
    backgroundPath: background ? (paths.get(background) ?? null) : null,
    imagePathOf: (fileId) => paths.get(fileId),
    placeholderImages: opts.placeholderImages,
    qrText: opts.qrText,
  });
  return app.renderPool.render(job);
}

/**
 * Renders `pages` on `template` as the pages of one PDF in the render pool (a room's admission tickets) and stores it:
 * answers its content hash and size (record the file row with the files module). An image blank's value is the id of
 * its stored file; a photo that cannot be read leaves its box empty. `fixedBlanks`: text blanks the same on every
 * page (laid out once per thread). Rejects with RenderError for a template the engine cannot draw.
 */
export async function renderTemplatePages(
  app: FastifyInstance,
  template: CertificateTemplate,
  pages: { values: BlankValue[]; qrText: string }[],
  opts: { fixedBlanks?: ReadonlySet<string>; title?: string } = {},
): Promise<{ sha256: string; size: number }> {
  const images = new Set(template.blanks.filter((b) => b.blank_type === BlankType.IMAGE).map((b) => b.name));
  const background = template.render_background_file_id;
  const paths = await filePaths(app.db, app.storage, [
    background ?? '',
    ...pages.flatMap((p) => p.values.filter((v) => images.has(v.name)).map((v) => v.val)),
  ]);
  const jobs = pages.map((p) =>
    buildRenderJob(template, p.values, {
      backgroundPath: background ? (paths.get(background) ?? null) : null,
      imagePathOf: (fileId) => paths.get(fileId),
      qrText: p.qrText,
      fixedBlanks: opts.fixedBlanks,
    }),
  );
  if (opts.title && jobs[0]) jobs[0].title = opts.title;
  const item = await app.renderPool.renderPages(jobs, app.storage.localRoot ?? null);
  if ('stored' in item) return item.stored;
  if ('pdf' in item) return putContent(app.storage, item.pdf);
  if ('renderError' in item) throw new RenderError(item.renderError);
  throw new Error(item.systemError);
}

/**
 * An uploaded background (a JPG/PNG file on disk) as the compact JPEG certificates are drawn on, converted in the
 * render pool; rejects with RenderError when it is not an image, is broken or too big to decode. Check
 * imageFileProblem first: it refuses an image too big from its header, before any worker decodes it.
 */
export async function convertBackground(app: FastifyInstance, path: string): Promise<RenderBackground> {
  return app.renderPool.background(path);
}
export {
  type BatchChunk,
  chunksOf,
  type RenderOutcome,
  registerRenderBatch,
  renderChunkNow,
} from './batch-runner.ts';
export { DEFAULT_BLANKS, ID_CARD_BLANK, ISSUE_DATE_BLANK, NAME_BLANK, sampleValue } from './defaults.ts';
export { filesZip, rowNumberPages, type ZipEntry } from './download.ts';
export {
  addProblem,
  capped,
  cellOf,
  columnsOf,
  errorReport,
  readImportSheet,
  storeErrorSheet,
} from './import-sheet.ts';
export { pdfPageCount } from './pdf-pages.ts';
export { collectPhotos, openPhotoArchive } from './photos.ts';
export type { DocumentJob } from './render/types.ts';
export { RenderPoolClosed } from './render-pool.ts';
export { EXAMPLE_ROW_NAME, exampleRowProblem, isExampleRow, VALUE_MAX_LENGTH } from './sheet.ts';
export { normaliseHeader, type SheetRow, type SheetTable } from './sheet-read.ts';
export { type TableSpec, templateInstructions } from './sheet-write.ts';
export { streamTable, type TableRow } from './table-stream.ts';
export { problem, uploadRejected } from './upload-errors.ts';
export { isUnsafeZipPath, readZipDirectory, readZipEntry, type ZipItem } from './zip.ts';
