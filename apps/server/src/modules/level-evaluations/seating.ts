import {
  EvaluationAction,
  EvaluationStatus,
  ExamineeStatus,
  formatTicketNo,
  PlanOwner,
  SeatingMode,
  type SeatingResult,
  seatingModeText,
  TicketStatus,
} from '@skill-cert/shared/level-evaluations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { companyCodes } from '../companies/service.ts';
import type { UserRow } from '../users/service.ts';
import { assertLogisticsOpen, logisticsWords } from './exam-logistics.ts';
import { findPlan, logSteps, type PlanRow } from './plans.ts';
import { methodTextOf } from './scores.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationRooms,
  levelEvaluationSeats,
  levelEvaluationSessions,
  levelEvaluations,
} from './tables.ts';

// ------------------------------------------------------------------------------------------ the rule

/** Someone to seat: an id and a work unit (null: nobody shares it). */
export interface Seatable {
  id: string;
  workUnit: string | null;
}

/** A work unit as compared: trimmed, case-insensitive; none is a unit of one. */
export const unitKey = (p: Seatable): string => {
  const unit = p.workUnit?.trim().toLowerCase();
  return unit ? `u:${unit}` : `p:${p.id}`;
};

/**
 * Pairs of consecutive seats (k, k+1 in one room: "next to", docs/api.md "Seating") held by one work unit, for a
 * room's people in seat order.
 */
export function adjacentPairs(seated: readonly Seatable[]): number {
  let pairs = 0;
  for (let i = 1; i < seated.length; i++) if (unitKey(seated[i]) === unitKey(seated[i - 1])) pairs++;
  return pairs;
}

/** The fewest pairs any order of these people in one room can have: a unit of n among s leaves n − (s − n) − 1. */
export function leastPairs(people: readonly Seatable[]): number {
  const counts = new Map<string, number>();
  for (const p of people) counts.set(unitKey(p), (counts.get(unitKey(p)) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  return Math.max(0, most - (people.length - most) - 1);
}

/** A shuffled copy (Fisher–Yates), so ties between units fall differently from one seating to the next. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * One room's people in seat order with the fewest pairs of one unit next to each other: each seat takes someone of
 * the unit with the most people left that is not the previous seat's (the unit itself only when no other is left).
 * That leaves no pair while no unit holds more than half the room (rounded up), and otherwise exactly `leastPairs`.
 */
export function arrangeRoom<T extends Seatable>(people: readonly T[], random = Math.random): T[] {
  const groups = new Map<string, T[]>();
  for (const p of shuffled(people, random)) {
    const key = unitKey(p);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  // Ties between units of one size fall in the shuffled order of their first member.
  const units = [...groups.entries()].map(([key, members]) => ({ key, members }));
  const out: T[] = [];
  let previous: string | null = null;
  while (out.length < people.length) {
    let pick: (typeof units)[number] | null = null;
    for (const u of units) {
      if (u.members.length === 0 || u.key === previous) continue;
      if (!pick || u.members.length > pick.members.length) pick = u;
    }
    pick ??= units.find((u) => u.key === previous && u.members.length > 0) ?? null;
    if (!pick) break;
    out.push(pick.members.pop() as T);
    previous = pick.key;
  }
  return out;
}

/** A room as seating fills it: its id and seats. */
export interface SeatRoom {
  id: string;
  seats: number;
}

/**
 * Seats people into rooms (in their order: a method's sessions by time, each session's rooms by number). Mode 1 fills
 * the rooms one after another in the people's order. Mode 2 first deals each work unit out over the rooms in
 * proportion to their seats (each person to the room with the largest share of its seats still free, the largest
 * units first), so no room holds more of a unit than it must, then orders each room by `arrangeRoom`. Answers, per
 * room in order, its people in seat order (seat 1 first).
 */
export function seatPeople<T extends Seatable>(
  people: readonly T[],
  rooms: readonly SeatRoom[],
  mode: number,
  random = Math.random,
): T[][] {
  const capacity = rooms.reduce((sum, r) => sum + r.seats, 0);
  if (people.length > capacity) throw new RangeError(`${people.length} people, ${capacity} seats`);
  const out: T[][] = rooms.map(() => []);
  if (mode !== SeatingMode.SCRAMBLE) {
    let room = 0;
    for (const p of people) {
      while (out[room].length >= rooms[room].seats) room++;
      out[room].push(p);
    }
    return out;
  }
  const byUnit = new Map<string, T[]>();
  for (const p of shuffled(people, random)) byUnit.set(unitKey(p), [...(byUnit.get(unitKey(p)) ?? []), p]);
  const dealing = [...byUnit.values()].sort((a, b) => b.length - a.length).flat();
  for (const p of dealing) {
    let best = -1;
    let bestShare = -1;
    for (let r = 0; r < rooms.length; r++) {
      const free = rooms[r].seats - out[r].length;
      if (free <= 0) continue;
      const share = free / rooms[r].seats;
      if (share > bestShare) {
        best = r;
        bestShare = share;
      }
    }
    out[best].push(p);
  }
  return out.map((room) => arrangeRoom(room, random));
}

// ------------------------------------------------------------------------------------------ the plan

/** Seat rows per insert statement: one JSON parameter each. */
const WRITE_BATCH = 2000;

interface SessionRow {
  id: string;
  code: number;
  method: number;
  startsAt: Date;
}
interface RoomRow {
  id: string;
  sessionId: string;
  code: number;
  seats: number;
}

/**
 * The plan's serial among the company's plans of its exam year (the ticket numbers' middle part), given at its first
 * seating: the next after the highest of that year, under a lock of that company and year so two first seatings at
 * once take turns (the unique index is the last guard).
 */
async function ticketSerial(tx: DbOrTx, plan: PlanRow, year: number): Promise<number> {
  if (plan.ticketPlanSerial !== null && plan.ticketYear === year) return plan.ticketPlanSerial;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket_serial:${plan.companyId}:${year}`}))`);
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${levelEvaluations.ticketPlanSerial}), 0)::int` })
    .from(levelEvaluations)
    .where(and(eq(levelEvaluations.companyId, plan.companyId), eq(levelEvaluations.ticketYear, year)));
  const serial = (row?.last ?? 0) + 1;
  if (serial > 9999) {
    const words = logisticsWords(plan);
    throw badRequest(`本${words.owner}当年的${words.plan}编号已用完`);
  }
  return serial;
}

/**
 * `POST .../seating` (a test plan 报名中 → 已编排, or again in 已编排; an enterprise plan while `logisticsOpen`, staying
 * 进行中): the approved examinees seated by `seatPeople` into each
 * method's sessions and rooms, in one transaction that holds the plan's row (two seatings of a plan take turns). Each
 * examinee seated for the first time gets the ticket number of their first seat (formatTicketNo); a number taken by
 * someone seated before keeps its holder, and the newcomer takes the next free seat part of that room. The rendered
 * tickets are void afterwards.
 */
export async function seatPlan(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  mode: number,
  user: UserRow,
  random = Math.random,
): Promise<SeatingResult> {
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'seating');
    const words = logisticsWords(plan);
    const sessions: SessionRow[] = await tx
      .select({
        id: levelEvaluationSessions.id,
        code: levelEvaluationSessions.code,
        method: levelEvaluationSessions.method,
        startsAt: levelEvaluationSessions.startsAt,
      })
      .from(levelEvaluationSessions)
      .where(eq(levelEvaluationSessions.evaluationId, plan.id))
      .orderBy(asc(levelEvaluationSessions.startsAt), asc(levelEvaluationSessions.code));
    const rooms: RoomRow[] = await tx
      .select({
        id: levelEvaluationRooms.id,
        sessionId: levelEvaluationRooms.sessionId,
        code: levelEvaluationRooms.code,
        seats: levelEvaluationRooms.seats,
      })
      .from(levelEvaluationRooms)
      .where(eq(levelEvaluationRooms.evaluationId, plan.id))
      .orderBy(asc(levelEvaluationRooms.code));
    const people = await tx
      .select({
        id: levelEvaluationCandidates.id,
        workUnit: levelEvaluationCandidates.workUnit,
        ticketNo: levelEvaluationCandidates.ticketNo,
      })
      .from(levelEvaluationCandidates)
      .where(
        and(
          eq(levelEvaluationCandidates.evaluationId, plan.id),
          eq(levelEvaluationCandidates.registrationStatus, ExamineeStatus.APPROVED),
        ),
      )
      .orderBy(asc(levelEvaluationCandidates.sort), asc(levelEvaluationCandidates.id));
    if (people.length === 0)
      throw badRequest(
        `还没有${plan.ownerKind === PlanOwner.INSTITUTION ? '审核通过的' : ''}考生，不能编排考场`,
      );
    if (rooms.length === 0) throw badRequest('请先添加场次和考场，再编排考场');
    const codes = await companyCodes(tx, plan.companyId);
    if (!codes.institutionCode)
      throw badRequest(`${words.owner}尚未分配评价机构代码，请等待平台审核通过备案后再编排考场`);
    const year = Number((plan.startDate ?? '').slice(0, 4));
    if (!year)
      throw badRequest(
        `请先填写${plan.ownerKind === PlanOwner.INSTITUTION ? '考试' : '考评'}开始日期，再编排考场`,
      );

    // Each method with sessions: its rooms in session time order, then by number.
    const methods = [...new Set(sessions.map((s) => s.method))];
    const seats: { candidateId: string; sessionId: string; roomId: string; seatNo: number }[] = [];
    const warnings: string[] = [];
    let adjacent = 0;
    for (const method of methods) {
      const ofMethod = sessions.filter((s) => s.method === method);
      const methodRooms = ofMethod.flatMap((s) => rooms.filter((r) => r.sessionId === s.id));
      const capacity = methodRooms.reduce((sum, r) => sum + r.seats, 0);
      if (capacity < people.length)
        throw badRequest(
          `${methodTextOf(method)}的座位数（${capacity}）少于${words.people}数（${people.length}），请增加考场或座位`,
        );
      const filled = seatPeople(people, methodRooms, mode, random);
      filled.forEach((roomPeople, i) => {
        const room = methodRooms[i];
        if (mode === SeatingMode.SCRAMBLE) adjacent += adjacentPairs(roomPeople);
        for (const [k, p] of roomPeople.entries())
          seats.push({ candidateId: p.id, sessionId: room.sessionId, roomId: room.id, seatNo: k + 1 });
      });
    }
    if (adjacent > 0)
      warnings.push(
        `有 ${adjacent} 处同一工作单位的考生座位相邻：某单位人数超过所在考场考生的一半，已尽量分开`,
      );

    await tx.delete(levelEvaluationSeats).where(eq(levelEvaluationSeats.evaluationId, plan.id));
    for (let i = 0; i < seats.length; i += WRITE_BATCH) {
      const json = JSON.stringify(
        seats.slice(i, i + WRITE_BATCH).map((s) => ({
          candidate_id: s.candidateId,
          session_id: s.sessionId,
          room_id: s.roomId,
          seat_no: s.seatNo,
        })),
      );
      await tx.execute(sql`
        insert into ${levelEvaluationSeats} (candidate_id, evaluation_id, session_id, room_id, seat_no)
        select candidate_id, ${plan.id}::uuid, session_id, room_id, seat_no
        from jsonb_to_recordset(${json}::jsonb) as x(candidate_id uuid, session_id uuid, room_id uuid, seat_no smallint)`);
    }

    // Ticket numbers of those seated for the first time, from their first seat.
    const serial = await ticketSerial(tx, plan, year);
    const order = new Map(sessions.map((s, i) => [s.id, i]));
    const sessionCode = new Map(sessions.map((s) => [s.id, s.code]));
    const roomCode = new Map(rooms.map((r) => [r.id, r.code]));
    const firstSeat = new Map<string, (typeof seats)[number]>();
    for (const s of seats) {
      const held = firstSeat.get(s.candidateId);
      if (!held || (order.get(s.sessionId) ?? 0) < (order.get(held.sessionId) ?? 0))
        firstSeat.set(s.candidateId, s);
    }
    const taken = new Set(people.flatMap((p) => (p.ticketNo ? [p.ticketNo] : [])));
    const fresh: { id: string; ticket_no: string }[] = [];
    for (const p of people) {
      if (p.ticketNo) continue;
      const seat = firstSeat.get(p.id);
      if (!seat) continue;
      const parts = {
        year,
        institutionCode: codes.institutionCode,
        planSerial: serial,
        session: sessionCode.get(seat.sessionId) ?? 0,
        room: roomCode.get(seat.roomId) ?? 0,
        seat: seat.seatNo,
      };
      let ticketNo = formatTicketNo(parts);
      for (let n = 1; taken.has(ticketNo) && n <= 999; n++) ticketNo = formatTicketNo({ ...parts, seat: n });
      if (taken.has(ticketNo)) throw badRequest('该考场的准考证号已用完，请调整考场后重新编排');
      taken.add(ticketNo);
      fresh.push({ id: p.id, ticket_no: ticketNo });
    }
    for (let i = 0; i < fresh.length; i += WRITE_BATCH) {
      await tx.execute(sql`
        update ${levelEvaluationCandidates} c set ticket_no = x.ticket_no, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(fresh.slice(i, i + WRITE_BATCH))}::jsonb) as x(id uuid, ticket_no text)
        where c.id = x.id and c.evaluation_id = ${plan.id} and c.ticket_no is null`);
    }

    const now = new Date();
    const again = plan.seatedAt !== null;
    // A test plan moves to 已编排; an enterprise plan has no such state and stays 进行中.
    const status = plan.ownerKind === PlanOwner.INSTITUTION ? EvaluationStatus.SEATED : plan.status;
    await tx
      .update(levelEvaluations)
      .set({
        status,
        seatingMode: mode,
        seatedAt: now,
        ticketYear: year,
        ticketPlanSerial: serial,
        ticketsStatus: TicketStatus.NONE,
        ticketsRun: null,
        ticketsRoomsDone: 0,
        ticketsRoomsTotal: 0,
        updatedAt: now,
      })
      .where(eq(levelEvaluations.id, plan.id));
    await tx
      .update(levelEvaluationRooms)
      .set({ ticketFileId: null })
      .where(eq(levelEvaluationRooms.evaluationId, plan.id));
    await logSteps(tx, plan.id, user, [
      {
        action: again ? EvaluationAction.RESEAT : EvaluationAction.SEAT,
        note: `${seatingModeText[mode] ?? ''}，${people.length} 名考生${adjacent ? `；${adjacent} 处同单位相邻无法避免` : ''}`,
      },
    ]);
    return { seated: people.length, adjacent_pairs: adjacent, warnings };
  });
}
