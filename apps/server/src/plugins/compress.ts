import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly: brotli (quality 4, the plugin's default for on-the-fly work)
 * or gzip by the request's Accept-Encoding, for compressible types only (JSON, text, HTML, JS, CSS, SVG by
 * mime-db), so a PDF, a zip, an xlsx or an image is never compressed twice. The built web app's files are
 * compressed once at build time and served as they are (plugins/web.ts): an answer that already carries a
 * Content-Encoding is left alone. Request bodies are not decompressed (no route takes a compressed upload, and an
 * inflating body is a way round the body limit).
 */
export const compressPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      globalCompression: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compress' },
);
