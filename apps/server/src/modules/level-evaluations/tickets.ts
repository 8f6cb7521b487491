import { type Align, BlankType, type TemplateBlank } from '@skill-cert/shared/custom-certificates';
import {
  EvaluationStatus,
  EXAMINEE_NOT_FOUND,
  type ExamineeSeat,
  ExamineeStatus,
  maskIdNumber,
  PlanOwner,
  type PublicTicket,
  TICKET_CHECK_PATH,
  TicketStatus,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { skillLevelName } from '@skill-cert/shared/occupations';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import {
  filesZip,
  RenderError,
  renderCertificate,
  renderTemplatePages,
} from '../certificate-engine/service.ts';
import type { BlankValue, CertificateTemplate } from '../certificate-engine/types.ts';
import { companyNameOf } from '../companies/service.ts';
import { recordFiles } from '../files/service.ts';
import type { UserRow } from '../users/service.ts';
import { candidateDbRows } from './candidates.ts';
import { assertLogisticsOpen, sessionLabel } from './exam-logistics.ts';
import { seatsOf } from './examinees.ts';
import { findPlan, type PlanRow } from './plans.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationRooms,
  levelEvaluationSeats,
  levelEvaluationSessions,
  levelEvaluations,
} from './tables.ts';

/** The durable queue rendering a plan's admission tickets; its dead letter ends the run as failed. */
export const TICKET_QUEUE = 'test-plan-tickets';
export const TICKET_GAVE_UP_QUEUE = 'test-plan-tickets-gave-up';
const TICKET_CATEGORY = '考务通知';

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    [TICKET_QUEUE]: { planId: string; run: string };
    [TICKET_GAVE_UP_QUEUE]: { planId: string; run: string };
  }
}

// ------------------------------------------------------------------------------------------- the page

const RULES = [
  '1. 考生须持本准考证和有效身份证件，于考试开始前30分钟到达考场，按座位号入座。',
  '2. 开考15分钟后不得入场；考试开始30分钟内不得交卷离场。',
  '3. 除规定的文具外，不得携带手机等电子设备和资料进入考场。',
  '4. 服从监考人员和考评人员的管理；违纪者按有关规定处理，成绩记为违纪。',
  '5. 扫描本准考证右侧二维码可核验准考证真伪，请妥善保管，不得涂改。',
].join('\n');

/** Fixed texts of every ticket: the title, labels, headings, rules, the hint under the QR code. */
const LABELS: Record<string, string> = {
  title: '准 考 证',
  label_name: '姓　　名：',
  label_id: '证件号码：',
  label_ticket: '准考证号：',
  label_unit: '工作单位：',
  label_institution: '考试机构：',
  heading_sessions: '考试安排',
  heading_rules: '考生须知',
  rules: RULES,
  qr_hint: '扫码核验准考证',
};

/** Texts the same on every ticket of one plan: laid out once per render thread (RenderBlank.fixed). */
export const TICKET_FIXED_BLANKS: ReadonlySet<string> = new Set([
  ...Object.keys(LABELS),
  'plan',
  'occupation',
  'institution',
]);

function blank(
  name: string,
  at: { x: number; y: number; width: number; height: number },
  style: { font_size?: number; align?: Align; bold?: 0 | 1; blank_type?: 1 | 2 } = {},
): TemplateBlank {
  return {
    _id: name,
    name,
    cn_name: name,
    required: 0,
    blank_type: style.blank_type ?? BlankType.TEXT,
    ...at,
    font_size: style.font_size ?? 12,
    color: '#000000',
    align: style.align ?? 'left',
    bold: style.bold ?? 0,
  };
}

const ROWS: [label: string, value: string, bold?: 1][] = [
  ['label_name', 'name', 1],
  ['label_id', 'id_number'],
  ['label_ticket', 'ticket_no', 1],
  ['label_unit', 'work_unit'],
  ['label_institution', 'institution'],
];

/**
 * The admission ticket (准考证): an A4 page the certificate engine draws like a certificate (text blanks, the photo,
 * a QR code opening the public check).
 */
export const TICKET_TEMPLATE: CertificateTemplate = {
  template_name: '准考证',
  page_size: 'A4',
  orientation: 'portrait',
  render_background_file_id: null,
  blanks: [
    blank(
      'title',
      { x: 0.1, y: 0.05, width: 0.8, height: 0.05 },
      { font_size: 26, align: 'center', bold: 1 },
    ),
    blank(
      'plan',
      { x: 0.08, y: 0.105, width: 0.84, height: 0.03 },
      { font_size: 14, align: 'center', bold: 1 },
    ),
    blank('occupation', { x: 0.08, y: 0.138, width: 0.84, height: 0.025 }, { align: 'center' }),
    // A 1-inch photo (25 × 35 mm) at the right of the identity rows.
    blank('photo', { x: 0.72, y: 0.19, width: 25 / 210, height: 35 / 297 }, { blank_type: BlankType.IMAGE }),
    ...ROWS.flatMap(([label, value, bold], i) => [
      blank(label, { x: 0.08, y: 0.19 + i * 0.042, width: 0.16, height: 0.03 }, { align: 'right' }),
      blank(value, { x: 0.25, y: 0.19 + i * 0.042, width: 0.44, height: 0.03 }, { bold }),
    ]),
    blank('heading_sessions', { x: 0.08, y: 0.42, width: 0.84, height: 0.03 }, { font_size: 13, bold: 1 }),
    blank('sessions', { x: 0.08, y: 0.455, width: 0.84, height: 0.21 }, { font_size: 11 }),
    blank('heading_rules', { x: 0.08, y: 0.68, width: 0.6, height: 0.03 }, { font_size: 13, bold: 1 }),
    blank('rules', { x: 0.08, y: 0.715, width: 0.6, height: 0.2 }, { font_size: 9.5 }),
    blank('qr_hint', { x: 0.7, y: 0.905, width: 0.22, height: 0.025 }, { font_size: 9, align: 'center' }),
  ],
  qr: { x: 0.72, y: 0.72, size: 0.18 },
};

/** Where the QR code of an examinee's ticket leads: the public check. */
export const ticketCheckUrl = (publicUrl: string, examineeId: string) =>
  `${publicUrl}${TICKET_CHECK_PATH}/${examineeId}`;

/** What a ticket's plan lines say (the same on every ticket of the plan), with the label naming who holds the exam. */
interface PlanLines {
  plan: string;
  occupation: string;
  institution: string;
  label_institution: string;
}

const planLinesOf = async (db: DbOrTx, p: PlanRow): Promise<PlanLines> => ({
  plan: p.name,
  occupation: [
    p.occupationName && `${p.occupationName}${p.workType ? `（${p.workType}）` : ''}`,
    p.level && skillLevelName(p.level),
  ]
    .filter(Boolean)
    .join(' · '),
  institution: await companyNameOf(db, p.companyId),
  // An enterprise evaluates its own staff as a 评价机构 (the name its certificates give it), not a 考试机构.
  label_institution: p.ownerKind === PlanOwner.INSTITUTION ? LABELS.label_institution : '评价机构：',
});

/** One line pair a seat: what, when, where. */
const seatLines = (s: ExamineeSeat) =>
  `${s.method_text}　${s.start_time_str.slice(0, 16)} 至 ${s.end_time_str.slice(11, 16)}\n` +
  `${s.session_name || `第${s.session_code}场`} · ${s.room_name}（${s.room_code}）　座位号：${String(s.seat_no).padStart(3, '0')}　${s.address}`;

/** The values of a ticket's blanks for one examinee. */
function ticketValues(
  lines: PlanLines,
  e: {
    name: string;
    idNumber: string;
    ticketNo: string | null;
    workUnit: string | null;
    photoFileId: string | null;
  },
  seats: ExamineeSeat[],
): BlankValue[] {
  const values: Record<string, string> = {
    ...LABELS,
    ...lines,
    name: e.name,
    id_number: maskIdNumber(e.idNumber),
    ticket_no: e.ticketNo ?? '',
    work_unit: e.workUnit || '--',
    photo: e.photoFileId ?? '',
    sessions: seats.map(seatLines).join('\n'),
  };
  return TICKET_TEMPLATE.blanks.map((b) => ({ name: b.name, val: values[b.name] ?? '' }));
}

// ---------------------------------------------------------------------------------------- rendering

/**
 * `POST .../tickets`: a new render run of the plan's tickets (one PDF per room with seated examinees), its job queued in
 * the same transaction; the PDFs of an earlier run are void. Answers the plan as it is now.
 */
export async function startTicketRendering(
  app: FastifyInstance,
  own: CompanyScope,
  planId: string,
  user: UserRow,
): Promise<PlanRow> {
  const plan = await app.db.transaction(async (tx) => {
    const p = await findPlan(tx, own, planId, { forUpdate: true });
    await assertLogisticsOpen(tx, p, 'tickets');
    if (p.ticketsStatus === TicketStatus.RENDERING) throw badRequest('准考证正在生成中，请等待完成');
    const res = (await tx.execute(sql`
      select count(distinct room_id)::int as rooms from ${levelEvaluationSeats} where evaluation_id = ${p.id}`)) as unknown as {
      rows: { rooms: number }[];
    };
    const rooms = Number(res.rows[0]?.rooms ?? 0);
    if (rooms === 0) throw badRequest('还没有编排考场，不能生成准考证');
    const run = uuidv7();
    await tx
      .update(levelEvaluationRooms)
      .set({ ticketFileId: null })
      .where(eq(levelEvaluationRooms.evaluationId, p.id));
    const [updated] = await tx
      .update(levelEvaluations)
      .set({
        ticketsStatus: TicketStatus.RENDERING,
        ticketsRun: run,
        ticketsRoomsDone: 0,
        ticketsRoomsTotal: rooms,
        ticketsRequestedBy: user.id,
        ticketsRequestedByName: user.name,
        ticketsStartedAt: new Date(),
        ticketsFinishedAt: null,
        ticketsFailReason: null,
      })
      .where(eq(levelEvaluations.id, p.id))
      .returning();
    await app.jobs.send(TICKET_QUEUE, { planId: p.id, run }, { tx, tenant: p.companyId });
    return updated;
  });
  app.jobs.notify(TICKET_QUEUE);
  return plan;
}

/**
 * A room's tickets: its examinees with a ticket number in seat order, each with every seat they hold (a ticket lists
 * all their sessions). Read a room at a time: two short statements, never the whole plan's seats at once.
 */
async function roomTicketPages(db: DbOrTx, roomId: string) {
  const people = await db
    .select({
      id: levelEvaluationCandidates.id,
      name: levelEvaluationCandidates.name,
      idNumber: levelEvaluationCandidates.idNumber,
      ticketNo: levelEvaluationCandidates.ticketNo,
      workUnit: levelEvaluationCandidates.workUnit,
      photoFileId: levelEvaluationCandidates.photoFileId,
    })
    .from(levelEvaluationSeats)
    .innerJoin(levelEvaluationCandidates, eq(levelEvaluationCandidates.id, levelEvaluationSeats.candidateId))
    .where(and(eq(levelEvaluationSeats.roomId, roomId), isNotNull(levelEvaluationCandidates.ticketNo)))
    .orderBy(asc(levelEvaluationSeats.seatNo));
  const seats = people.length ? await seatsOf(db, { ids: people.map((p) => p.id) }) : new Map();
  return people.map((person) => ({ person, seats: seats.get(person.id) ?? [] }));
}

/**
 * Renders a run's rooms not rendered yet, as many at once as the render pool has threads: each room's tickets one PDF
 * (a page a seat, in seat order), recorded as a file of the requester's and the room's `ticket_file_id`, counted in
 * the plan's progress while the run is still the plan's. When every room is done, the run ends (已生成) and the
 * requester gets admission_tickets_done. A run made void meanwhile stops.
 */
export async function renderTicketRun(app: FastifyInstance, planId: string, run: string): Promise<void> {
  const { db } = app;
  const current = async () =>
    (
      await db
        .select()
        .from(levelEvaluations)
        .where(
          and(
            eq(levelEvaluations.id, planId),
            eq(levelEvaluations.ticketsRun, run),
            eq(levelEvaluations.ticketsStatus, TicketStatus.RENDERING),
          ),
        )
    )[0];
  const plan = await current();
  if (!plan) return;
  const lines = await planLinesOf(db, plan);
  const rooms = await db
    .select({
      id: levelEvaluationRooms.id,
      code: levelEvaluationRooms.code,
      name: levelEvaluationRooms.name,
      session: levelEvaluationSessions,
    })
    .from(levelEvaluationRooms)
    .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, levelEvaluationRooms.sessionId))
    .where(and(eq(levelEvaluationRooms.evaluationId, plan.id), isNull(levelEvaluationRooms.ticketFileId)))
    .orderBy(asc(levelEvaluationSessions.code), asc(levelEvaluationRooms.code));
  const owner = plan.ticketsRequestedBy ?? plan.createdBy;
  const renderRoom = async (room: (typeof rooms)[number]) => {
    const pages = (await roomTicketPages(db, room.id)).map(({ person, seats }) => ({
      values: ticketValues(lines, person, seats),
      qrText: ticketCheckUrl(app.config.publicUrl, person.id),
    }));
    if (pages.length === 0) return;
    const stored = await renderTemplatePages(app, TICKET_TEMPLATE, pages, {
      fixedBlanks: TICKET_FIXED_BLANKS,
      title: `准考证 - ${plan.name} - ${room.name}`,
    });
    await db.transaction(async (tx) => {
      const [file] = await recordFiles(tx, [
        {
          ownerId: owner ?? null,
          companyId: plan.companyId,
          sha256: stored.sha256,
          size: stored.size,
          kind: 'pdf',
          originName: `${roomFileName(room.session, room)}`,
        },
      ]);
      const set = await tx
        .update(levelEvaluationRooms)
        .set({ ticketFileId: file.id })
        .where(
          and(
            eq(levelEvaluationRooms.id, room.id),
            isNull(levelEvaluationRooms.ticketFileId),
            sql`exists (select 1 from ${levelEvaluations} where id = ${plan.id} and tickets_run = ${run})`,
          ),
        )
        .returning({ id: levelEvaluationRooms.id });
      if (set.length)
        await tx
          .update(levelEvaluations)
          .set({ ticketsRoomsDone: sql`${levelEvaluations.ticketsRoomsDone} + 1` })
          .where(and(eq(levelEvaluations.id, plan.id), eq(levelEvaluations.ticketsRun, run)));
    });
  };
  const queue = [...rooms];
  const worker = async () => {
    for (let room = queue.shift(); room; room = queue.shift()) {
      if (!(await current())) return;
      await renderRoom(room);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, app.renderPool.threads) }, worker));
  } catch (err) {
    if (!(err instanceof RenderError)) throw err;
    await failTicketRun(app, planId, run, err.message);
    return;
  }
  await finishTicketRun(app, planId, run);
}

/** The run ends 已生成 once every room has its PDF, and the requester is told (once). */
async function finishTicketRun(app: FastifyInstance, planId: string, run: string): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const [done] = await tx
        .update(levelEvaluations)
        .set({ ticketsStatus: TicketStatus.DONE, ticketsFinishedAt: new Date() })
        .where(
          and(
            eq(levelEvaluations.id, planId),
            eq(levelEvaluations.ticketsRun, run),
            eq(levelEvaluations.ticketsStatus, TicketStatus.RENDERING),
            sql`${levelEvaluations.ticketsRoomsDone} >= ${levelEvaluations.ticketsRoomsTotal}`,
          ),
        )
        .returning();
      if (!done?.ticketsRequestedBy) return null;
      const [{ pages }] = (
        (await tx.execute(
          sql`select count(*)::int as pages from ${levelEvaluationSeats} where evaluation_id = ${planId}`,
        )) as unknown as { rows: { pages: number }[] }
      ).rows;
      return {
        userIds: [done.ticketsRequestedBy],
        message: {
          category: TICKET_CATEGORY,
          content: `「${done.name}」准考证已生成：共 ${done.ticketsRoomsTotal} 个考场，${pages} 张，可下载各考场的准考证或全部打包下载`,
          templateKey: TemplateKey.ADMISSION_TICKETS_DONE,
          relatedId: planId,
        },
      };
    },
    { planId, run },
  );
}

/** The run ends 生成失败 with the reason, and the requester is told. */
async function failTicketRun(
  app: FastifyInstance,
  planId: string,
  run: string,
  reason: string,
): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const [failed] = await tx
        .update(levelEvaluations)
        .set({ ticketsStatus: TicketStatus.FAILED, ticketsFailReason: reason, ticketsFinishedAt: new Date() })
        .where(
          and(
            eq(levelEvaluations.id, planId),
            eq(levelEvaluations.ticketsRun, run),
            eq(levelEvaluations.ticketsStatus, TicketStatus.RENDERING),
          ),
        )
        .returning();
      if (!failed?.ticketsRequestedBy) return null;
      return {
        userIds: [failed.ticketsRequestedBy],
        message: {
          category: TICKET_CATEGORY,
          content: `「${failed.name}」准考证生成失败：${reason}`,
          templateKey: TemplateKey.ADMISSION_TICKETS_DONE,
          relatedId: planId,
        },
      };
    },
    { planId, run },
  );
}

/** The durable render job; once its retries are spent, its dead letter fails the run and tells the requester. */
export async function registerTicketRendering(app: FastifyInstance): Promise<void> {
  await app.jobs.work(TICKET_QUEUE, async ({ planId, run }) => renderTicketRun(app, planId, run), {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 3600,
    deadLetter: TICKET_GAVE_UP_QUEUE,
    pollRarely: true,
  });
  await app.jobs.work(
    TICKET_GAVE_UP_QUEUE,
    async ({ planId, run }) => failTicketRun(app, planId, run, '生成准考证时系统多次出错，请稍后重新生成'),
    { pollRarely: true },
  );
}

// ----------------------------------------------------------------------------------------- downloads

/** A name without the characters a zip path or a file name cannot hold. */
const safe = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_').slice(0, 60);

/** `01-上午场/001-第一考场.pdf`: a room's PDF as the zip and its download name it. */
const roomFileName = (s: { code: number; name: string | null }, r: { code: number; name: string }) =>
  `${String(s.code).padStart(2, '0')}-${safe(sessionLabel(s))}/${String(r.code).padStart(3, '0')}-${safe(r.name)}.pdf`;

/** A room of the plan with its rendered PDF, or 400 while it has none. */
export async function roomTicketFile(
  db: DbOrTx,
  plan: PlanRow,
  roomId: string,
): Promise<{ fileId: string; name: string }> {
  const [row] = await db
    .select({ room: levelEvaluationRooms, session: levelEvaluationSessions })
    .from(levelEvaluationRooms)
    .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, levelEvaluationRooms.sessionId))
    .where(and(eq(levelEvaluationRooms.id, roomId), eq(levelEvaluationRooms.evaluationId, plan.id)));
  if (!row) throw notFound('考场不存在或已删除');
  if (!row.room.ticketFileId) throw badRequest('该考场的准考证尚未生成，请先生成准考证');
  return { fileId: row.room.ticketFileId, name: roomFileName(row.session, row.room).replace('/', '-') };
}

/** `GET .../tickets/zip`: every room's PDF of the finished run, streamed as one zip. */
export async function ticketZip(app: FastifyInstance, plan: PlanRow, signal: AbortSignal) {
  if (plan.ticketsStatus !== TicketStatus.DONE) throw badRequest('准考证尚未生成完成，请生成后再下载');
  const rows = await app.db
    .select({ room: levelEvaluationRooms, session: levelEvaluationSessions })
    .from(levelEvaluationRooms)
    .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, levelEvaluationRooms.sessionId))
    .where(and(eq(levelEvaluationRooms.evaluationId, plan.id), isNotNull(levelEvaluationRooms.ticketFileId)))
    .orderBy(asc(levelEvaluationSessions.code), asc(levelEvaluationRooms.code));
  const entries = rows.map((r) => ({
    fileId: r.room.ticketFileId as string,
    name: roomFileName(r.session, r.room),
  }));
  return filesZip(
    app,
    async (cursor: number | null) => ({ entries: cursor ? [] : entries, cursor: 1 }),
    signal,
    {
      planId: plan.id,
    },
  );
}

/** `GET .../examinees/{examineeId}/ticket`: one examinee's ticket rendered now (the same page as in the rooms'). */
export async function examineeTicket(
  app: FastifyInstance,
  own: CompanyScope,
  planId: string,
  examineeId: string,
): Promise<{ pdf: Uint8Array; name: string }> {
  const plan = await findPlan(app.db, own, planId);
  const [e] = await candidateDbRows(app.db, plan.id, [examineeId]);
  if (!e) throw notFound(EXAMINEE_NOT_FOUND);
  const seats = (await seatsOf(app.db, { ids: [e.id] })).get(e.id) ?? [];
  if (seats.length === 0 || !e.ticketNo) throw badRequest('该考生尚未编排考场');
  const pdf = await renderCertificate(
    app,
    TICKET_TEMPLATE,
    ticketValues(await planLinesOf(app.db, plan), e, seats),
    {
      qrText: ticketCheckUrl(app.config.publicUrl, e.id),
    },
  );
  return { pdf, name: `准考证-${safe(e.name)}-${e.ticketNo}.pdf` };
}

// ------------------------------------------------------------------------------------------- public

/**
 * `GET /api/public/admissionTickets/{id}`: what a ticket's QR code shows anyone: the examinee (ID number masked), the
 * plan and the seats, and whether the ticket stands (void once the plan is cancelled or the registration no longer
 * approved). An examinee never seated reads as missing.
 */
export async function publicTicket(db: DbOrTx, examineeId: string): Promise<PublicTicket> {
  const [row] = await db
    .select({ e: levelEvaluationCandidates, plan: levelEvaluations })
    .from(levelEvaluationCandidates)
    .innerJoin(levelEvaluations, eq(levelEvaluations.id, levelEvaluationCandidates.evaluationId))
    .where(and(eq(levelEvaluationCandidates.id, examineeId), isNotNull(levelEvaluationCandidates.ticketNo)));
  if (!row) throw notFound('准考证不存在');
  const seats = (await seatsOf(db, { ids: [examineeId] })).get(examineeId) ?? [];
  const valid =
    row.plan.status !== EvaluationStatus.CANCELLED && row.e.registrationStatus === ExamineeStatus.APPROVED;
  return {
    ticket_no: row.e.ticketNo as string,
    name: row.e.name,
    id_number: maskIdNumber(row.e.idNumber),
    plan_name: row.plan.name,
    institution_name: await companyNameOf(db, row.plan.companyId),
    occupation_name: row.plan.occupationName,
    work_type: row.plan.workType,
    level_name: row.plan.level ? skillLevelName(row.plan.level) : null,
    seats: seats.map(({ session_id: _s, room_id: _r, ...s }) => s),
    status: valid ? 'valid' : 'void',
    status_text: valid ? '有效' : row.plan.status === EvaluationStatus.CANCELLED ? '考试已取消' : '已失效',
  };
}
