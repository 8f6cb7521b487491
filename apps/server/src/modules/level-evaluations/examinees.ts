import {
  EvaluationStatus,
  EXAMINEE_NOT_FOUND,
  type ExamineeInput,
  type ExamineeRow,
  type ExamineeSeat,
  ExamineeStatus,
  examineeStatusText,
  roomTypeText,
  type SeatRow,
} from '@skill-cert/shared/level-evaluations';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import type { UserRow } from '../users/service.ts';
import {
  addCandidates,
  type CandidateDbRow,
  candidateDbRows,
  candidatePage,
  removeCandidate,
  THIS_CANDIDATE,
  toCandidateRows,
  updateCandidate,
} from './candidates.ts';
import { sessionLabel } from './exam-logistics.ts';
import { findPlan, type PlanRow, wrongState } from './plans.ts';
import { methodTextOf } from './scores.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationRooms,
  levelEvaluationSeats,
  levelEvaluationSessions,
} from './tables.ts';

/** An examinee typed in is a candidate never picked from the staff. */
const asCandidate = (e: ExamineeInput) => ({ ...e, user_id: null });

/** Where these examinees sit, by examinee, each in session time order. */
export async function seatsOf(
  db: DbOrTx,
  of: { ids: string[] } | { evaluationId: string },
): Promise<Map<string, ExamineeSeat[]>> {
  const s = levelEvaluationSeats;
  const rows = await db
    .select({
      candidateId: s.candidateId,
      seatNo: s.seatNo,
      session: levelEvaluationSessions,
      room: {
        id: levelEvaluationRooms.id,
        code: levelEvaluationRooms.code,
        name: levelEvaluationRooms.name,
        roomType: levelEvaluationRooms.roomType,
        address: levelEvaluationRooms.address,
      },
    })
    .from(s)
    .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, s.sessionId))
    .innerJoin(levelEvaluationRooms, eq(levelEvaluationRooms.id, s.roomId))
    .where('ids' in of ? inList(s.candidateId, of.ids) : eq(s.evaluationId, of.evaluationId))
    .orderBy(asc(levelEvaluationSessions.startsAt), asc(levelEvaluationSessions.code));
  const by = new Map<string, ExamineeSeat[]>();
  for (const r of rows)
    by.set(r.candidateId, [
      ...(by.get(r.candidateId) ?? []),
      seatOf({ ...r.session, ...roomFields(r.room), seatNo: r.seatNo }),
    ]);
  return by;
}

const roomFields = (r: { id: string; code: number; name: string; roomType: number; address: string }) => ({
  roomId: r.id,
  roomCode: r.code,
  roomName: r.name,
  roomType: r.roomType,
  address: r.address,
});

interface SeatFields {
  id: string;
  code: number;
  name: string | null;
  method: number;
  startsAt: Date | string;
  endsAt: Date | string;
  roomId: string;
  roomCode: number;
  roomName: string;
  roomType: number;
  address: string;
  seatNo: number;
}

/** A seat as the examinee row shows it. */
const seatOf = (r: SeatFields): ExamineeSeat => ({
  session_id: r.id,
  session_code: String(r.code).padStart(2, '0'),
  session_name: r.name,
  method: r.method as 1 | 2 | 3 | 4,
  method_text: methodTextOf(r.method),
  start_time_str: formatDateTime(r.startsAt),
  end_time_str: formatDateTime(r.endsAt),
  room_id: r.roomId,
  room_code: String(r.roomCode).padStart(3, '0'),
  room_name: r.roomName,
  room_type_text: roomTypeText[r.roomType] ?? '',
  address: r.address,
  seat_no: r.seatNo,
});

/** An examinee's seats as JSON beside its row, in session time order (a page in one statement). */
const seatsJson = sql<SeatFields[]>`(select coalesce(json_agg(json_build_object('id', se.id, 'code', se.code,
  'name', se.name, 'method', se.method, 'startsAt', se.starts_at, 'endsAt', se.ends_at, 'roomId', r.id,
  'roomCode', r.code, 'roomName', r.name, 'roomType', r.room_type, 'address', r.address, 'seatNo', s.seat_no)
  order by se.starts_at, se.code), '[]'::json)
  from ${levelEvaluationSeats} s
  join ${levelEvaluationSessions} se on se.id = s.session_id
  join ${levelEvaluationRooms} r on r.id = s.room_id
  where s.candidate_id = ${THIS_CANDIDATE})`;

/** Candidates as the examinee table shows them: the candidate's row, the review, the ticket number and the seats. */
export async function toExamineeRows(
  db: DbOrTx,
  rows: CandidateDbRow[],
  read?: Pick<Awaited<ReturnType<typeof candidatePage>>, 'scores' | 'photoNames'> & {
    seats: Map<string, ExamineeSeat[]>;
  },
): Promise<ExamineeRow[]> {
  if (rows.length === 0) return [];
  const base = await toCandidateRows(db, rows, read?.scores, read?.photoNames);
  const seats = read?.seats ?? (await seatsOf(db, { ids: rows.map((r) => r.id) }));
  return base.map(({ user_id: _, ...c }, i) => {
    const r = rows[i];
    const status = (r.registrationStatus === 0 || r.registrationStatus === 2 ? r.registrationStatus : 1) as
      | 0
      | 1
      | 2;
    return {
      ...c,
      status,
      status_text: examineeStatusText[status],
      review_reason: r.reviewReason,
      review_time_str: r.reviewedAt ? formatDateTime(r.reviewedAt) : null,
      ticket_no: r.ticketNo,
      seats: seats.get(r.id) ?? [],
    };
  });
}

export interface ExamineeFilter {
  keyword?: string;
  status?: number;
  result?: number;
  session_id?: string;
  room_id?: string;
  page: number;
  per_page: number;
}

/** `GET .../examinees`: a page in registration order, with the filters of examineeListQuery. */
export async function listExaminees(db: DbOrTx, plan: PlanRow, q: ExamineeFilter) {
  const c = levelEvaluationCandidates;
  let byResult: SQL | undefined;
  if (q.result === 0) byResult = isNull(c.result);
  else if (q.result !== undefined) byResult = eq(c.result, q.result);
  const seatedWhere = (column: SQL) =>
    sql`exists (select 1 from ${levelEvaluationSeats} s where s.candidate_id = ${c.id} and ${column})`;
  const where = and(
    eq(c.evaluationId, plan.id),
    containsAny(q.keyword, c.name, c.idNumber, c.phone, c.ticketNo),
    q.status === undefined ? undefined : eq(c.registrationStatus, q.status),
    byResult,
    q.session_id ? seatedWhere(sql`s.session_id = ${q.session_id}`) : undefined,
    q.room_id ? seatedWhere(sql`s.room_id = ${q.room_id}`) : undefined,
  );
  const page = await candidatePage(db, where, q, seatsJson);
  const seats = new Map([...page.extra].map(([id, list]) => [id, (list ?? []).map(seatOf)]));
  return { list: await toExamineeRows(db, page.rows, { ...page, seats }), total: page.total };
}

/** One examinee of the plan as a row; another plan's reads as missing. */
export async function examineeRow(db: DbOrTx, plan: PlanRow, examineeId: string): Promise<ExamineeRow> {
  const [row] = await candidateDbRows(db, plan.id, [examineeId]);
  if (!row) throw notFound(EXAMINEE_NOT_FOUND);
  const [out] = await toExamineeRows(db, [row]);
  return out;
}

/** `POST .../examinees`: typed in, 待审核; one ID number once per plan (the candidate rules). */
export async function addExaminees(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  inputs: ExamineeInput[],
): Promise<ExamineeRow[]> {
  const added = await addCandidates(db, own, planId, inputs.map(asCandidate));
  const plan = await findPlan(db, own, planId);
  return toExamineeRows(
    db,
    await candidateDbRows(
      db,
      plan.id,
      added.map((a) => a._id),
    ),
  );
}

/** The plan's examinee, or 404 as if missing (before a candidate routine answers its own message). */
async function examineeOf(db: DbOrTx, plan: PlanRow, examineeId: string): Promise<CandidateDbRow> {
  const [row] = await candidateDbRows(db, plan.id, [examineeId]);
  if (!row) throw notFound(EXAMINEE_NOT_FOUND);
  return row;
}

/** `PATCH .../examinees/{examineeId}`: the whole person again; the review stays as it is. */
export async function updateExaminee(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  examineeId: string,
  input: ExamineeInput,
): Promise<ExamineeRow> {
  const plan = await findPlan(db, own, planId);
  await examineeOf(db, plan, examineeId);
  await updateCandidate(db, own, planId, examineeId, asCandidate(input));
  return examineeRow(db, plan, examineeId);
}

export async function removeExaminee(db: DbOrTx, own: CompanyScope, planId: string, examineeId: string) {
  const plan = await findPlan(db, own, planId);
  await examineeOf(db, plan, examineeId);
  await removeCandidate(db, own, planId, examineeId);
}

/** `POST .../examinees/{examineeId}/resubmit`: a corrected 驳回 registration is reviewed again (待审核). */
export async function resubmitExaminee(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  examineeId: string,
): Promise<ExamineeRow> {
  const plan = await db.transaction(async (tx) => {
    const locked = await findPlan(tx, own, planId, { forUpdate: true });
    if (locked.status !== EvaluationStatus.DRAFT && locked.status !== EvaluationStatus.REGISTERING)
      throw wrongState(locked.status, '重新提交报名');
    const row = await examineeOf(tx, locked, examineeId);
    if (row.registrationStatus !== ExamineeStatus.REJECTED) throw badRequest('只有已驳回的报名可以重新提交');
    await tx
      .update(levelEvaluationCandidates)
      .set({ registrationStatus: ExamineeStatus.PENDING, updatedAt: new Date() })
      .where(eq(levelEvaluationCandidates.id, examineeId));
    return locked;
  });
  return examineeRow(db, plan, examineeId);
}

/**
 * `POST .../examinees/review`: registrations 待审核 → 已通过, or → 已驳回 with the reason, in 草稿, 报名中 or 已编排
 * (approved after seating: seat again). Every one must be of the plan and 待审核, else nothing changes.
 */
export async function reviewExaminees(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  body: { examinee_ids: string[]; action: 'approve' | 'reject'; reason: string | null },
  user: UserRow,
): Promise<{ approved: number; rejected: number }> {
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    const open = [EvaluationStatus.DRAFT, EvaluationStatus.REGISTERING, EvaluationStatus.SEATED] as number[];
    if (!open.includes(plan.status)) throw wrongState(plan.status, '审核报名');
    const rows = await tx
      .select({ id: levelEvaluationCandidates.id, status: levelEvaluationCandidates.registrationStatus })
      .from(levelEvaluationCandidates)
      .where(
        and(
          eq(levelEvaluationCandidates.evaluationId, plan.id),
          inArray(levelEvaluationCandidates.id, body.examinee_ids),
        ),
      );
    if (rows.length !== body.examinee_ids.length) throw notFound(EXAMINEE_NOT_FOUND);
    const notPending = rows.filter((r) => r.status !== ExamineeStatus.PENDING).length;
    if (notPending > 0) throw badRequest(`所选考生中有${notPending}名不是待审核状态，请刷新后重新选择`);
    const approve = body.action === 'approve';
    await tx
      .update(levelEvaluationCandidates)
      .set({
        registrationStatus: approve ? ExamineeStatus.APPROVED : ExamineeStatus.REJECTED,
        reviewReason: approve ? null : body.reason,
        reviewedBy: user.id,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(levelEvaluationCandidates.evaluationId, plan.id),
          inArray(levelEvaluationCandidates.id, body.examinee_ids),
        ),
      );
    return { approved: approve ? rows.length : 0, rejected: approve ? 0 : rows.length };
  });
}

/** Examinees by the review of their registration, and the approved ones seated (the plan's detail). */
export async function examineeCounts(db: DbOrTx, planId: string) {
  const res = (await db.execute(sql`
    select registration_status as status, count(*)::int as n,
      count(*) filter (where exists (select 1 from ${levelEvaluationSeats} s where s.candidate_id = c.id))::int as seated
    from ${levelEvaluationCandidates} c where c.evaluation_id = ${planId} group by registration_status`)) as unknown as {
    rows: { status: number; n: number; seated: number }[];
  };
  const of = (s: number) => res.rows.find((r) => Number(r.status) === s);
  return {
    pending: Number(of(ExamineeStatus.PENDING)?.n ?? 0),
    approved: Number(of(ExamineeStatus.APPROVED)?.n ?? 0),
    rejected: Number(of(ExamineeStatus.REJECTED)?.n ?? 0),
    seated: Number(of(ExamineeStatus.APPROVED)?.seated ?? 0),
  };
}

/** `GET .../seats`: the seating chart by session time, room and seat; keyword on name, ID number, ticket number. */
export async function listSeats(
  db: DbOrTx,
  plan: PlanRow,
  q: { session_id?: string; room_id?: string; keyword?: string; page: number; per_page: number },
): Promise<{ list: SeatRow[]; total: number }> {
  const s = levelEvaluationSeats;
  const c = levelEvaluationCandidates;
  const where = and(
    eq(s.evaluationId, plan.id),
    q.session_id ? eq(s.sessionId, q.session_id) : undefined,
    q.room_id ? eq(s.roomId, q.room_id) : undefined,
    containsAny(q.keyword, c.name, c.idNumber, c.ticketNo),
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(s)
    .innerJoin(c, eq(c.id, s.candidateId))
    .where(where);
  const rows = await db
    .select({
      seatNo: s.seatNo,
      candidate: { id: c.id, name: c.name, idNumber: c.idNumber, workUnit: c.workUnit, ticketNo: c.ticketNo },
      session: levelEvaluationSessions,
      room: levelEvaluationRooms,
    })
    .from(s)
    .innerJoin(c, eq(c.id, s.candidateId))
    .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, s.sessionId))
    .innerJoin(levelEvaluationRooms, eq(levelEvaluationRooms.id, s.roomId))
    .where(where)
    .orderBy(
      asc(levelEvaluationSessions.startsAt),
      asc(levelEvaluationSessions.code),
      asc(levelEvaluationRooms.code),
      asc(s.seatNo),
    )
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    total,
    list: rows.map((r) => ({
      session_id: r.session.id,
      session_code: String(r.session.code).padStart(2, '0'),
      session_name: r.session.name ?? sessionLabel(r.session),
      method: r.session.method as 1 | 2 | 3 | 4,
      method_text: methodTextOf(r.session.method),
      start_time_str: formatDateTime(r.session.startsAt),
      end_time_str: formatDateTime(r.session.endsAt),
      room_id: r.room.id,
      room_code: String(r.room.code).padStart(3, '0'),
      room_name: r.room.name,
      room_type_text: roomTypeText[r.room.roomType] ?? '',
      address: r.room.address,
      seat_no: r.seatNo,
      examinee_id: r.candidate.id,
      name: r.candidate.name,
      id_number: r.candidate.idNumber,
      work_unit: r.candidate.workUnit,
      ticket_no: r.candidate.ticketNo,
    })),
  };
}
