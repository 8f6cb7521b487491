import { envelope, fileAnswer } from '@skill-cert/shared/envelope';
import {
  examRoomBody,
  examSessionBody,
  examSessionList,
  seatingBody,
  seatingResult,
  seatListQuery,
  seatRow,
  ticketJob,
  ticketOverview,
} from '@skill-cert/shared/level-evaluations';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planZipName } from '../../lib/download-names.ts';
import { ok } from '../../lib/envelope.ts';
import { sendFile, sendStored, sendZip } from '../../lib/send-file.ts';
import { findFiles, webPathOf } from '../files/service.ts';
import {
  addRoom,
  addSession,
  ROOM_NOT_FOUND,
  removeRoom,
  removeSession,
  SESSION_NOT_FOUND,
  sessionList,
  ticketJobOf,
  updateRoom,
  updateSession,
} from './exam-logistics.ts';
import { listSeats } from './examinees.ts';
import { findPlan } from './plans.ts';
import { seatPlan } from './seating.ts';
import { levelEvaluationRooms, levelEvaluationSeats, levelEvaluationSessions } from './tables.ts';
import { examineeTicket, roomTicketFile, startTicketRendering, ticketZip } from './tickets.ts';

type Guard = preHandlerAsyncHookHandler;

/** Where one owner's plans keep their exam logistics, and who may call each kind of route. */
export interface LogisticsRouteOptions {
  /** `/api/testPlans` or `/api/levelEvaluations`: the routes are `{base}/:id/sessions`, …. */
  base: string;
  /** The `{id}` of the owner's plan routes (its message when malformed). */
  params: z.ZodObject<{ id: z.ZodString }>;
  /** The plan's people under the plan (`examinees/:examineeId` or `candidates/:candidateId`) and their 404. */
  person: { segment: string; param: string; notFound: string };
  /** Each kind of route's guard; none where the owner's door is enough. */
  guards: { list?: Guard; edit?: Guard; arrange?: Guard; ticket?: Guard };
}

/**
 * A plan's exam logistics: sessions (场次), rooms (考场), seating (编排座位) and admission tickets (准考证), the same
 * services under either owner's routes. Registered inside the owner's door and code-61 gate, so `req.company` is the
 * caller's company and `findPlan` answers only its own plans of its kind (another's is 404 as if missing); the
 * services decide by the plan's owner when each part may change (`logisticsOpen`).
 */
export function examLogisticsRoutes(o: LogisticsRouteOptions): FastifyPluginAsyncZod {
  return async (app: FastifyInstance) => {
    registerSessions(app, o);
    registerSeating(app, o);
    registerTickets(app, o);
  };
}

const sessions = { 200: envelope(examSessionList) };

function registerSessions(app: FastifyInstance, o: LogisticsRouteOptions): void {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessionParams = o.params.extend({ sessionId: z.string().uuid(SESSION_NOT_FOUND) });
  const roomParams = o.params.extend({ roomId: z.string().uuid(ROOM_NOT_FOUND) });
  const listAgain = async (req: FastifyRequest, id: string) =>
    sessionList(db, await findPlan(db, req.company, id));
  const edit = o.guards.edit;

  r.get(
    `${o.base}/:id/sessions`,
    { preHandler: o.guards.list, schema: { params: o.params, response: sessions } },
    async (req) => ok(await listAgain(req, req.params.id)),
  );
  r.post(
    `${o.base}/:id/sessions`,
    { preHandler: edit, schema: { params: o.params, body: examSessionBody, response: sessions } },
    async (req) => {
      await addSession(db, req.company, req.params.id, req.body);
      return ok(await listAgain(req, req.params.id), '场次已添加');
    },
  );
  r.patch(
    `${o.base}/:id/sessions/:sessionId`,
    { preHandler: edit, schema: { params: sessionParams, body: examSessionBody, response: sessions } },
    async (req) => {
      await updateSession(db, req.company, req.params.id, req.params.sessionId, req.body);
      return ok(await listAgain(req, req.params.id), '场次已保存');
    },
  );
  r.delete(
    `${o.base}/:id/sessions/:sessionId`,
    { preHandler: edit, schema: { params: sessionParams, response: sessions } },
    async (req) => {
      await removeSession(db, req.company, req.params.id, req.params.sessionId);
      return ok(await listAgain(req, req.params.id), '场次已删除');
    },
  );
  r.post(
    `${o.base}/:id/rooms`,
    { preHandler: edit, schema: { params: o.params, body: examRoomBody, response: sessions } },
    async (req) => {
      await addRoom(db, req.company, req.params.id, req.body);
      return ok(await listAgain(req, req.params.id), '考场已添加');
    },
  );
  r.patch(
    `${o.base}/:id/rooms/:roomId`,
    { preHandler: edit, schema: { params: roomParams, body: examRoomBody, response: sessions } },
    async (req) => {
      await updateRoom(db, req.company, req.params.id, req.params.roomId, req.body);
      return ok(await listAgain(req, req.params.id), '考场已保存');
    },
  );
  r.delete(
    `${o.base}/:id/rooms/:roomId`,
    { preHandler: edit, schema: { params: roomParams, response: sessions } },
    async (req) => {
      await removeRoom(db, req.company, req.params.id, req.params.roomId);
      return ok(await listAgain(req, req.params.id), '考场已删除');
    },
  );
}

function registerSeating(app: FastifyInstance, o: LogisticsRouteOptions): void {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${o.base}/:id/seating`,
    {
      preHandler: o.guards.arrange,
      schema: { params: o.params, body: seatingBody, response: { 200: envelope(seatingResult) } },
    },
    async (req) => {
      const result = await seatPlan(db, req.company, req.params.id, req.body.mode, req.auth.user);
      return ok(result, `已编排 ${result.seated} 名考生`);
    },
  );
  r.get(
    `${o.base}/:id/seats`,
    {
      preHandler: o.guards.list,
      schema: {
        params: o.params,
        querystring: pageQuery.merge(seatListQuery),
        response: { 200: envelope(paged(seatRow)) },
      },
    },
    async (req) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const { list: rows, total } = await listSeats(db, plan, req.query);
      return ok({ list: rows, meta: pageMeta(total, req.query) });
    },
  );
}

function registerTickets(app: FastifyInstance, o: LogisticsRouteOptions): void {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roomParams = o.params.extend({ roomId: z.string().uuid(ROOM_NOT_FOUND) });
  const personParams = o.params.extend({ [o.person.param]: z.string().uuid(o.person.notFound) });
  const ticket = o.guards.ticket;

  r.post(
    `${o.base}/:id/tickets`,
    { preHandler: ticket, schema: { params: o.params, response: { 200: envelope(ticketJob) } } },
    async (req) => {
      const plan = await startTicketRendering(app, req.company, req.params.id, req.auth.user);
      return ok(ticketJobOf(plan), '已开始生成准考证，完成后将通过消息通知您');
    },
  );

  r.get(
    `${o.base}/:id/tickets`,
    { preHandler: o.guards.list, schema: { params: o.params, response: { 200: envelope(ticketOverview) } } },
    async (req) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const rooms = await db
        .select({
          room: levelEvaluationRooms,
          session: levelEvaluationSessions,
          seated: count(levelEvaluationSeats.candidateId),
        })
        .from(levelEvaluationRooms)
        .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, levelEvaluationRooms.sessionId))
        .leftJoin(levelEvaluationSeats, eq(levelEvaluationSeats.roomId, levelEvaluationRooms.id))
        .where(and(eq(levelEvaluationRooms.evaluationId, plan.id)))
        .groupBy(levelEvaluationRooms.id, levelEvaluationSessions.id)
        .orderBy(asc(levelEvaluationSessions.code), asc(levelEvaluationRooms.code));
      const files = new Map(
        (
          await findFiles(
            db,
            rooms.flatMap((row) => (row.room.ticketFileId ? [row.room.ticketFileId] : [])),
          )
        ).map((f) => [f.id, f]),
      );
      return ok({
        ...ticketJobOf(plan),
        rooms: rooms
          .filter((row) => row.seated > 0)
          .map((row) => {
            const file = row.room.ticketFileId ? files.get(row.room.ticketFileId) : undefined;
            return {
              room_id: row.room.id,
              session_code: String(row.session.code).padStart(2, '0'),
              room_code: String(row.room.code).padStart(3, '0'),
              room_name: row.room.name,
              seated_count: row.seated,
              file: file ? { file_id: file.id, webPath: webPathOf(file.id) } : null,
            };
          }),
      });
    },
  );

  // Plain links download these: the session cookie is accepted here as on the files routes.
  r.get(
    `${o.base}/:id/tickets/rooms/:roomId`,
    {
      preHandler: ticket,
      config: { cookieAuth: true },
      schema: {
        params: roomParams,
        response: { 200: fileAnswer('一个考场的准考证 PDF', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const plan = await findPlan(db, req.company, req.params.id);
      const { fileId, name } = await roomTicketFile(db, plan, req.params.roomId);
      const [file] = await findFiles(db, [fileId]);
      const download = { name, type: 'application/pdf', size: file.size, cache: 'private, no-store' };
      return sendStored(reply, app.storage, download, file.sha256);
    },
  );

  r.get(
    `${o.base}/:id/tickets/zip`,
    {
      preHandler: ticket,
      config: { cookieAuth: true },
      schema: {
        params: o.params,
        response: { 200: fileAnswer('全部考场准考证的压缩包', 'application/zip') },
      },
    },
    async (req, reply) => {
      const plan = await findPlan(db, req.company, req.params.id);
      return sendZip(reply, planZipName(plan, '准考证'), (signal) => ticketZip(app, plan, signal));
    },
  );

  r.get(
    `${o.base}/:id/${o.person.segment}/:${o.person.param}/ticket`,
    {
      preHandler: ticket,
      config: { cookieAuth: true },
      schema: {
        params: personParams,
        response: { 200: fileAnswer('该考生的准考证 PDF', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const personId = (req.params as Record<string, string>)[o.person.param];
      const { pdf, name } = await examineeTicket(app, req.company, req.params.id, personId);
      return sendFile(reply, { name, type: 'application/pdf', cache: 'private, no-store' }, pdf);
    },
  );
}
