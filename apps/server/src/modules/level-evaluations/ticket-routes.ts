import { envelope } from '@skill-cert/shared/envelope';
import { publicTicket as publicTicketSchema } from '@skill-cert/shared/level-evaluations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { publicTicket } from './tickets.ts';

// A plan's own ticket routes (render, rooms, zip, one examinee's) are exam-logistics-routes.ts, for either owner.

/** The public check a ticket's QR code opens (no login), like a certificate's public page. */
export const ticketPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/admissionTickets/:id',
    {
      config: { public: true },
      schema: {
        params: z.object({ id: z.string().uuid('准考证不存在') }),
        response: { 200: envelope(publicTicketSchema) },
      },
    },
    async (req) => ok(await publicTicket(app.db, req.params.id)),
  );
};
