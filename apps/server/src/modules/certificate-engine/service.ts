import { BlankType } from '@skill-cert/shared/customCertificate';
import type { FastifyInstance } from 'fastify';
import { buildRenderJob, filePaths } from './render-job.ts';
import type { RenderBackground } from './render-pool.ts';
import type { BlankValue, CertificateTemplate } from './types.ts';

export { imageFileProblem } from './render/image-header.ts';
export { RenderError } from './render/types.ts';

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
 * An uploaded background (a JPG/PNG file on disk) as the compact JPEG certificates are drawn on, converted in the
 * render pool; rejects with RenderError when it is not an image, is broken or too big to decode. Check
 * imageFileProblem first: it refuses an image too big from its header, before any worker decodes it.
 */
export async function convertBackground(app: FastifyInstance, path: string): Promise<RenderBackground> {
  return app.renderPool.background(path);
}
