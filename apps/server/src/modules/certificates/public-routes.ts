import { publicSearchQuery, publicSearchResult } from '@skill-cert/shared/certificates';
import { publicCertificate as publicCertificateSchema } from '@skill-cert/shared/custom-certificates';
import { envelope } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { PUBLIC_NOT_FOUND, publicCertificate, searchPublic } from './public-page.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The public certificate page's data for every source and the public search by certificate number plus name,
 * no login, rate-limited per address.
 */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/public/certificates/:id',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: z.object({ id: z.string() }), response: { 200: envelope(publicCertificateSchema) } },
    },
    async (req) => {
      if (!UUID.test(req.params.id)) throw notFound(PUBLIC_NOT_FOUND);
      return ok(await publicCertificate(app, req.params.id));
    },
  );

  // Both parts must match; few tries a minute per address, so numbers cannot be walked to find names.
  app.get(
    '/api/public/certificateSearch',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { querystring: publicSearchQuery, response: { 200: envelope(publicSearchResult) } },
    },
    async (req) => ok(await searchPublic(db, req.query)),
  );
};
