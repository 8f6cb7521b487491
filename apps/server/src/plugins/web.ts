import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ApiCode, fileAnswer } from '@skill-cert/shared/envelope';
import fp from 'fastify-plugin';
import { excerpt } from '../lib/errors.ts';

/**
 * Serves the built web app. Any other GET that is not an API call gets index.html, so a reload or a
 * deep link on any client route works; unknown API paths get the 404 envelope.
 */
export const webPlugin = fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWeb = Boolean(root && existsSync(path.join(root, 'index.html')));
    if (root && hasWeb) {
      const page = fileAnswer(
        '网页应用的页面或文件',
        'text/html',
        'application/javascript',
        'text/css',
        'image/*',
      );
      // The routes @fastify/static adds for each built file declare that answer too (the API contract: every route).
      app.addHook('onRoute', (route) => {
        if (!route.schema?.response) route.schema = { ...route.schema, hide: true, response: { 200: page } };
      });
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (vite.config.ts): served by Accept-Encoding, with Vary.
        preCompressed: true,
        // Our own cache headers below: with send's default (public, max-age=0) written after setHeaders, the hashed
        // assets were never cached and index.html not marked no-cache.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // The same path answers brotli, gzip or plain by Accept-Encoding: caches must key on it (send does not say so).
          // In lower case: @fastify/compress, which compresses a small asset without a .br beside it, looks for that
          // spelling before adding its own (`Accept-Encoding, accept-encoding` otherwise).
          res.setHeader('vary', 'accept-encoding');
          // Vite puts a content hash in every asset name: cache those for good, never index.html.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
      app.get(
        '/*',
        { config: { public: true }, logLevel: 'warn', schema: { hide: true, response: { 200: page } } },
        (req, reply) => {
          const file = (req.params as { '*': string })['*'];
          // By the matched path, not the raw target (an absolute-form `GET http://host/api/x` has the same params).
          if (file === 'api' || file.startsWith('api/')) return reply.callNotFound();
          if (file && !file.includes('..') && existsSync(path.join(root, file))) return reply.sendFile(file);
          return reply.header('cache-control', 'no-cache').sendFile('index.html');
        },
      );
    }
    app.setNotFoundHandler((req, reply) => {
      reply.status(404).send({
        code: ApiCode.NOT_FOUND,
        message: `接口不存在：${req.method} ${excerpt(req.url.split('?')[0], 80)}`,
        data: null,
      });
    });
  },
  { name: 'web', dependencies: ['config'] },
);
