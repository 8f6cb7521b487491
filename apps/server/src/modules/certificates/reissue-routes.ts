import { reissueBody, reissueResult } from '@skill-cert/shared/certificates';
import { envelope } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { companyAdminOnly } from '../companies/door.ts';
import { CERTIFICATE_NOT_FOUND, reissueCertificate } from './reissue.ts';

/** `POST /api/certificates/{id}/reissue`: a new certificate and number linked to the old. */
export const reissueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/certificates/:id/reissue',
    {
      preHandler: companyAdminOnly,
      schema: {
        params: z.object({ id: z.string().uuid(CERTIFICATE_NOT_FOUND) }),
        body: reissueBody,
        response: { 200: envelope(reissueResult) },
      },
    },
    async (req) =>
      ok(
        await reissueCertificate(app, { user: req.auth.user, company: req.company }, req.params.id, req.body),
        '已换发，新证书正在生成',
      ),
  );
};
