import {
  EvaluationStatus,
  ExamineeStatus,
  type ExamRoomBody,
  type ExamRoomRow,
  type ExamSessionBody,
  type ExamSessionList,
  MIN_INVIGILATORS,
  PlanOwner,
  ROOMS_PER_SESSION_MAX,
  RoomType,
  roomTypeText,
  SESSIONS_MAX,
  type TicketJob,
  TicketStatus,
  ticketStatusText,
} from '@skill-cert/shared/level-evaluations';
import { formatDateTime, toTimestamp } from '@skill-cert/shared/time';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findPlan, type PlanRow, wrongState } from './plans.ts';
import { methodTextOf, planMethods } from './scores.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationRooms,
  levelEvaluationScores,
  levelEvaluationSeats,
  levelEvaluationSessions,
  levelEvaluations,
} from './tables.ts';

export const SESSION_NOT_FOUND = '场次不存在或已删除';
export const ROOM_NOT_FOUND = '考场不存在或已删除';

/** What exam logistics a step changes: sessions and rooms, the seating, or the rendered tickets. */
export type LogisticsPart = 'sessions' | 'seating' | 'tickets';

const S = EvaluationStatus;
/** A test plan's states by part: its own states say when registration closes and the exam runs. */
const TEST_PLAN_STATES: Record<LogisticsPart, readonly number[]> = {
  sessions: [S.DRAFT, S.REGISTERING, S.SEATED],
  seating: [S.REGISTERING, S.SEATED],
  tickets: [S.SEATED, S.EXAMINING, S.MARKING, S.RESULTS_PENDING, S.PUBLICITY, S.PASSED, S.GRANTED],
};
/** An enterprise plan's: no registration or exam states, so its approval opens logistics and its first score closes them. */
const ENTERPRISE_STATES: Record<LogisticsPart, readonly number[]> = {
  sessions: [S.IN_PROGRESS],
  seating: [S.IN_PROGRESS],
  tickets: [S.IN_PROGRESS, S.RESULTS_PENDING, S.PUBLICITY, S.PASSED, S.GRANTED],
};

/**
 * The one rule of when a plan's logistics may change. A test plan: sessions and rooms in 草稿, 报名中, 已编排; seating in
 * 报名中, 已编排; tickets from 已编排 until 已发证. An enterprise plan: sessions, rooms and seating while it is 进行中 and
 * no score is entered yet (marking goes by seats and rooms); tickets once it is 进行中 until 已发证. `scored`: whether
 * the plan has a score.
 */
export function logisticsOpen(plan: PlanRow, part: LogisticsPart, scored: boolean): boolean {
  if (plan.ownerKind === PlanOwner.INSTITUTION) return TEST_PLAN_STATES[part].includes(plan.status);
  return ENTERPRISE_STATES[part].includes(plan.status) && (part === 'tickets' || !scored);
}

/** Whether any score of the plan is entered. */
export async function hasScores(db: DbOrTx, planId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(levelEvaluationScores)
    .where(eq(levelEvaluationScores.evaluationId, planId))
    .limit(1);
  return Boolean(row);
}

const PART_WORDS: Record<LogisticsPart, string> = {
  sessions: '修改场次和考场',
  seating: '编排考场',
  tickets: '生成准考证',
};

/** Refuses a step on the plan's logistics where `logisticsOpen` does not allow it, naming why. */
export async function assertLogisticsOpen(db: DbOrTx, plan: PlanRow, part: LogisticsPart): Promise<void> {
  const scored =
    plan.ownerKind !== PlanOwner.INSTITUTION && part !== 'tickets' && (await hasScores(db, plan.id));
  if (logisticsOpen(plan, part, scored)) return;
  if (scored && plan.status === S.IN_PROGRESS) throw badRequest(`已开始录入成绩，不能再${PART_WORDS[part]}`);
  throw wrongState(plan.status, PART_WORDS[part]);
}

/** How messages name a plan's owner, plan and the people it seats. */
export const logisticsWords = (plan: PlanRow) =>
  plan.ownerKind === PlanOwner.INSTITUTION
    ? { owner: '机构', plan: '考试计划', people: '已通过审核的考生' }
    : { owner: '企业', plan: '评价计划', people: '考生' };

type SessionRecord = typeof levelEvaluationSessions.$inferSelect;
type RoomRecord = typeof levelEvaluationRooms.$inferSelect;

/** A session's label in messages: its name, else 第01场. */
export const sessionLabel = (s: { code: number; name: string | null }) =>
  s.name || `第${String(s.code).padStart(2, '0')}场`;

const at = (text: string) => new Date(toTimestamp(text));

/** Seated examinees of a session or a room, and the highest seat taken in a room. */
async function seatedIn(tx: DbOrTx, where: { sessionId?: string; roomId?: string }) {
  const [row] = await tx
    .select({ n: count(), last: max(levelEvaluationSeats.seatNo) })
    .from(levelEvaluationSeats)
    .where(
      where.roomId
        ? eq(levelEvaluationSeats.roomId, where.roomId)
        : eq(levelEvaluationSeats.sessionId, where.sessionId ?? ''),
    );
  return { n: row?.n ?? 0, last: row?.last ?? 0 };
}

/** A change to where examinees sit: tickets rendered before it no longer hold (rendered again on request). */
export async function voidTickets(tx: DbOrTx, plan: PlanRow): Promise<void> {
  if (plan.ticketsStatus === TicketStatus.NONE) return;
  await tx
    .update(levelEvaluations)
    .set({ ticketsStatus: TicketStatus.NONE, ticketsRun: null, ticketsRoomsDone: 0, ticketsRoomsTotal: 0 })
    .where(eq(levelEvaluations.id, plan.id));
  await tx
    .update(levelEvaluationRooms)
    .set({ ticketFileId: null })
    .where(eq(levelEvaluationRooms.evaluationId, plan.id));
}

async function sessionOf(tx: DbOrTx, planId: string, sessionId: string): Promise<SessionRecord> {
  const [row] = await tx
    .select()
    .from(levelEvaluationSessions)
    .where(and(eq(levelEvaluationSessions.id, sessionId), eq(levelEvaluationSessions.evaluationId, planId)));
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row;
}

async function roomOf(tx: DbOrTx, planId: string, roomId: string): Promise<RoomRecord> {
  const [row] = await tx
    .select()
    .from(levelEvaluationRooms)
    .where(and(eq(levelEvaluationRooms.id, roomId), eq(levelEvaluationRooms.evaluationId, planId)));
  if (!row) throw notFound(ROOM_NOT_FOUND);
  return row;
}

async function checkMethod(tx: DbOrTx, plan: PlanRow, method: number): Promise<void> {
  if (!(await planMethods(tx, plan.id)).some((m) => m.method === method))
    throw badRequest(`「${methodTextOf(method)}」不是本${logisticsWords(plan).plan}的评价方式`);
}

/** `POST .../sessions`: the next session number of the plan (01…99), kept for good. */
export async function addSession(db: DbOrTx, own: CompanyScope, planId: string, body: ExamSessionBody) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'sessions');
    await checkMethod(tx, plan, body.method);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${levelEvaluationSessions.code}), 0)::int` })
      .from(levelEvaluationSessions)
      .where(eq(levelEvaluationSessions.evaluationId, plan.id));
    if (last >= SESSIONS_MAX) throw badRequest(`一个${logisticsWords(plan).plan}最多${SESSIONS_MAX}个场次`);
    await tx.insert(levelEvaluationSessions).values({
      evaluationId: plan.id,
      code: last + 1,
      method: body.method,
      name: body.name,
      startsAt: at(body.start_time),
      endsAt: at(body.end_time),
    });
  });
}

/** `PATCH .../sessions/{sessionId}`: its method stays while examinees sit there. */
export async function updateSession(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  sessionId: string,
  body: ExamSessionBody,
) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'sessions');
    const session = await sessionOf(tx, plan.id, sessionId);
    await checkMethod(tx, plan, body.method);
    if (body.method !== session.method && (await seatedIn(tx, { sessionId })).n > 0)
      throw badRequest('该场次已编排考生，不能修改评价方式');
    await tx
      .update(levelEvaluationSessions)
      .set({ method: body.method, name: body.name, startsAt: at(body.start_time), endsAt: at(body.end_time) })
      .where(eq(levelEvaluationSessions.id, sessionId));
    await voidTickets(tx, plan);
  });
}

/** `DELETE .../sessions/{sessionId}`: with its rooms; not while examinees sit there. */
export async function removeSession(db: DbOrTx, own: CompanyScope, planId: string, sessionId: string) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'sessions');
    await sessionOf(tx, plan.id, sessionId);
    if ((await seatedIn(tx, { sessionId })).n > 0) throw badRequest('该场次已编排考生，不能删除');
    await tx.delete(levelEvaluationSessions).where(eq(levelEvaluationSessions.id, sessionId));
  });
}

const roomValues = (body: ExamRoomBody) => ({
  name: body.name,
  roomType: body.room_type,
  seats: body.seats,
  address: body.address,
  invigilators: body.invigilators,
  examiners: body.examiners,
});

/** `POST .../rooms`: the next room number of its session (001…999). */
export async function addRoom(db: DbOrTx, own: CompanyScope, planId: string, body: ExamRoomBody) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'sessions');
    const session = await sessionOf(tx, plan.id, body.session_id);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${levelEvaluationRooms.code}), 0)::int` })
      .from(levelEvaluationRooms)
      .where(eq(levelEvaluationRooms.sessionId, session.id));
    if (last >= ROOMS_PER_SESSION_MAX) throw badRequest(`一个场次最多${ROOMS_PER_SESSION_MAX}个考场`);
    await tx
      .insert(levelEvaluationRooms)
      .values({ evaluationId: plan.id, sessionId: session.id, code: last + 1, ...roomValues(body) });
  });
}

/** `PATCH .../rooms/{roomId}`: seated examinees keep their seats (no fewer seats, the same session). */
export async function updateRoom(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  roomId: string,
  body: ExamRoomBody,
) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'sessions');
    const room = await roomOf(tx, plan.id, roomId);
    await sessionOf(tx, plan.id, body.session_id);
    const seated = await seatedIn(tx, { roomId });
    if (seated.n > 0 && body.session_id !== room.sessionId)
      throw badRequest('该考场已编排考生，不能改到其他场次');
    if (body.seats < seated.last)
      throw badRequest(`该考场已编排到第${seated.last}座，座位数不能少于${seated.last}`);
    await tx
      .update(levelEvaluationRooms)
      .set({ sessionId: body.session_id, ...roomValues(body) })
      .where(eq(levelEvaluationRooms.id, roomId));
    await voidTickets(tx, plan);
  });
}

/** `DELETE .../rooms/{roomId}`: not while examinees sit there. */
export async function removeRoom(db: DbOrTx, own: CompanyScope, planId: string, roomId: string) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, plan, 'sessions');
    await roomOf(tx, plan.id, roomId);
    if ((await seatedIn(tx, { roomId })).n > 0) throw badRequest('该考场已编排考生，不能删除');
    await tx.delete(levelEvaluationRooms).where(eq(levelEvaluationRooms.id, roomId));
  });
}

/** A room's own warnings (national rules vary: never a refusal). */
function roomWarnings(r: RoomRecord): string[] {
  const out: string[] = [];
  if (r.invigilators.length < MIN_INVIGILATORS) out.push(`监考人员少于${MIN_INVIGILATORS}名`);
  if (r.roomType === RoomType.PRACTICAL && r.examiners.length === 0) out.push('实操考场未安排考评人员');
  return out;
}

/**
 * `GET .../sessions`: sessions in time order with their rooms, seated counts and warnings; the plan's warnings: a
 * method without a session, a method's seats fewer than the approved examinees, registration closing after the
 * first session, a publicity period under 5 days, and each room's.
 */
export async function sessionList(db: DbOrTx, plan: PlanRow): Promise<ExamSessionList> {
  const sessions = await db
    .select()
    .from(levelEvaluationSessions)
    .where(eq(levelEvaluationSessions.evaluationId, plan.id))
    .orderBy(asc(levelEvaluationSessions.startsAt), asc(levelEvaluationSessions.code));
  const rooms = await db
    .select()
    .from(levelEvaluationRooms)
    .where(eq(levelEvaluationRooms.evaluationId, plan.id))
    .orderBy(asc(levelEvaluationRooms.code));
  const seated = await db
    .select({ roomId: levelEvaluationSeats.roomId, n: count() })
    .from(levelEvaluationSeats)
    .where(eq(levelEvaluationSeats.evaluationId, plan.id))
    .groupBy(levelEvaluationSeats.roomId);
  const seatedIn = new Map(seated.map((s) => [s.roomId, s.n]));
  const [{ approved }] = await db
    .select({ approved: count() })
    .from(levelEvaluationCandidates)
    .where(
      and(
        eq(levelEvaluationCandidates.evaluationId, plan.id),
        eq(levelEvaluationCandidates.registrationStatus, ExamineeStatus.APPROVED),
      ),
    );
  const methods = await planMethods(db, plan.id);
  const warnings: string[] = [];
  for (const m of methods) {
    const ofMethod = sessions.filter((s) => s.method === m.method);
    if (ofMethod.length === 0) {
      warnings.push(`「${methodTextOf(m.method)}」还没有场次`);
      continue;
    }
    const seats = rooms
      .filter((r) => ofMethod.some((s) => s.id === r.sessionId))
      .reduce((sum, r) => sum + r.seats, 0);
    if (seats < approved)
      warnings.push(
        `${methodTextOf(m.method)}的座位数（${seats}）少于${logisticsWords(plan).people}数（${approved}），请增加考场或座位`,
      );
  }
  const first = sessions[0];
  if (
    first &&
    plan.registrationEndDate &&
    plan.registrationEndDate >= formatDateTime(first.startsAt).slice(0, 10)
  )
    warnings.push('报名截止日期不早于第一场考试，请留出审核和编排的时间');
  if (plan.publicityDays > 0 && plan.publicityDays < 5)
    warnings.push(`公示天数为${plan.publicityDays}天，少于常见的5天（各地规定不一，请核对）`);
  const list = sessions.map((s) => {
    const own = rooms.filter((r) => r.sessionId === s.id);
    const roomRows: ExamRoomRow[] = own.map((r) => ({
      _id: r.id,
      session_id: r.sessionId,
      code: String(r.code).padStart(3, '0'),
      name: r.name,
      room_type: r.roomType as 1 | 2 | 3,
      room_type_text: roomTypeText[r.roomType] ?? '',
      seats: r.seats,
      address: r.address,
      invigilators: r.invigilators,
      examiners: r.examiners,
      seated_count: seatedIn.get(r.id) ?? 0,
      warnings: roomWarnings(r),
    }));
    for (const r of roomRows) for (const w of r.warnings) warnings.push(`${sessionLabel(s)}·${r.name}：${w}`);
    return {
      _id: s.id,
      code: String(s.code).padStart(2, '0'),
      method: s.method as 1 | 2 | 3 | 4,
      method_text: methodTextOf(s.method),
      name: s.name,
      start_time_str: formatDateTime(s.startsAt),
      end_time_str: formatDateTime(s.endsAt),
      seat_total: own.reduce((sum, r) => sum + r.seats, 0),
      seated_count: roomRows.reduce((sum, r) => sum + r.seated_count, 0),
      rooms: roomRows,
    };
  });
  return { sessions: list, warnings };
}

/** The plan's ticket job as the API shows it. */
export function ticketJobOf(p: PlanRow): TicketJob {
  const status = ([0, 1, 2, 9] as const).find((s) => s === p.ticketsStatus) ?? 0;
  return {
    status,
    status_text: ticketStatusText[status],
    rooms_done: p.ticketsRoomsDone,
    rooms_total: p.ticketsRoomsTotal,
    request_user_name: p.ticketsRequestedByName,
    start_time_str: p.ticketsStartedAt ? formatDateTime(p.ticketsStartedAt) : null,
    finish_time_str: p.ticketsFinishedAt ? formatDateTime(p.ticketsFinishedAt) : null,
    fail_reason: p.ticketsFailReason,
  };
}
