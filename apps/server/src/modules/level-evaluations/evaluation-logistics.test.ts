import {
  type CandidateRow,
  EvaluationStatus,
  type ExamSessionList,
  type LevelEvaluationDetail,
  type SeatingResult,
  type SeatRow,
  TICKET_NO,
  type TicketJob,
  type TicketOverview,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../../test/fixtures/certificate-engine.ts';
import { inspectPdf } from '../../../test/fixtures/certificate-engine-render.ts';
import { messageStored } from '../../../test/fixtures/institutions.ts';
import { approvedFiling } from '../../../test/fixtures/level-evaluations.ts';
import {
  base,
  expectPlanNotFound,
  otherCompanyUser,
  useEvaluationApp,
} from '../../../test/fixtures/level-evaluations-app.ts';
import { seedPlan, validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api, login } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { companies } from '../companies/tables.ts';
import { logisticsOpen } from './exam-logistics.ts';
import type { PlanRow } from './plans.ts';
import { levelEvaluations } from './tables.ts';

// Renders tickets in worker threads: long work (test/time-limits.ts).
allowRendering();

const { ctx, as } = useEvaluationApp();

/** A call as qiye that must answer code 200: answers the data. */
async function ok<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(ctx.app, method, url, { token: as.token, body });
  expect(res.body.code, `${method} ${url}: ${res.body.message}`).toBe(200);
  return res.body.data;
}

const refusal = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
  const res = await api(ctx.app, method, url, { token: as.token, body });
  return [res.status, res.body.message];
};

/** qiye's company files and the platform approves (which gives it its 评价机构代码); answers the code. */
async function enterpriseWithCode(): Promise<{ filingId: string; code: string }> {
  const filing = await approvedFiling(ctx.app, as.token);
  const [row] = await ctx.app.db
    .select({ code: companies.institutionCode })
    .from(companies)
    .where(eq(companies.id, as.companyId));
  return { filingId: filing._id, code: row.code as string };
}

/**
 * An approved enterprise plan (进行中, exam from 2026-12-01) with `n` candidates, a theory session with a room of
 * `seats` and a practical session with one room of `n` seats.
 */
async function planWithRooms(n: number, seats = n, filingId?: string) {
  const plan = await seedPlan(ctx.app.db, as.companyId, { filingId });
  const candidates = await ok<CandidateRow[]>('POST', `${base(plan)}/candidates`, {
    candidates: Array.from({ length: n }, (_, i) => ({ name: `员工${i + 1}`, id_number: validId(i + 1) })),
  });
  await addSession(plan, {
    method: 1,
    name: '上午场',
    start: '2026-12-01 09:00',
    end: '2026-12-01 11:00',
    seats,
  });
  const list = await addSession(plan, {
    method: 2,
    name: '下午场',
    start: '2026-12-01 14:00',
    end: '2026-12-01 17:00',
    seats: n,
  });
  return { plan, candidates, list };
}

async function addSession(
  plan: string,
  s: { method: number; name: string; start: string; end: string; seats: number },
): Promise<ExamSessionList> {
  const sessions = await ok<ExamSessionList>('POST', `${base(plan)}/sessions`, {
    method: s.method,
    name: s.name,
    start_time: s.start,
    end_time: s.end,
  });
  const session = sessions.sessions.find((x) => x.name === s.name)!;
  return ok<ExamSessionList>('POST', `${base(plan)}/rooms`, {
    session_id: session._id,
    name: '第1考场',
    room_type: s.method === 2 ? 3 : 1,
    seats: s.seats,
    address: '公司培训中心 201 室',
    invigilators: ['监考甲', '监考乙'],
    examiners: s.method === 2 ? ['考评甲'] : [],
  });
}

const detail = (plan: string) => ok<LevelEvaluationDetail>('GET', base(plan));

/** Starts the rendering of the plan's tickets and waits for admission_tickets_done. */
async function renderTickets(plan: string): Promise<TicketOverview> {
  const told = messageStored(ctx.app, TemplateKey.ADMISSION_TICKETS_DONE, plan, 120_000);
  const res = await api<TicketJob>(ctx.app, 'POST', `${base(plan)}/tickets`, { token: as.token });
  if (res.body.code !== 200) told.stop();
  expect(res.body.code, res.body.message).toBe(200);
  await told.done;
  return ok<TicketOverview>('GET', `${base(plan)}/tickets`);
}

const asPlan = (status: number, ownerKind = 1) => ({ status, ownerKind }) as PlanRow;

describe('the rule of when an enterprise plan’s logistics change', () => {
  it('sessions, rooms and seating change while 进行中 and before any score; tickets render from 进行中 until 已发证', () => {
    const S = EvaluationStatus;
    for (const part of ['sessions', 'seating'] as const) {
      expect(logisticsOpen(asPlan(S.IN_PROGRESS), part, false)).toBe(true);
      expect(logisticsOpen(asPlan(S.IN_PROGRESS), part, true)).toBe(false);
      for (const s of [S.DRAFT, S.PENDING, S.REJECTED, S.RESULTS_PENDING, S.PUBLICITY, S.PASSED])
        expect([part, s, logisticsOpen(asPlan(s), part, false)]).toEqual([part, s, false]);
    }
    for (const s of [S.IN_PROGRESS, S.RESULTS_PENDING, S.PUBLICITY, S.PASSED, S.GRANTED])
      expect([s, logisticsOpen(asPlan(s), 'tickets', true)]).toEqual([s, true]);
    for (const s of [S.DRAFT, S.PENDING, S.REJECTED, S.ARCHIVED])
      expect([s, logisticsOpen(asPlan(s), 'tickets', false)]).toEqual([s, false]);
  });

  it('a test plan keeps its own states: sessions in 草稿, 报名中, 已编排; seating in 报名中, 已编排', () => {
    const S = EvaluationStatus;
    expect(logisticsOpen(asPlan(S.DRAFT, 2), 'sessions', true)).toBe(true);
    expect(logisticsOpen(asPlan(S.DRAFT, 2), 'seating', false)).toBe(false);
    expect(logisticsOpen(asPlan(S.SEATED, 2), 'seating', true)).toBe(true);
    expect(logisticsOpen(asPlan(S.EXAMINING, 2), 'sessions', false)).toBe(false);
  });
});

describe('sessions, rooms, seating and tickets of an enterprise plan', () => {
  it('an approved plan gets sessions and rooms, seats its candidates (no review: all of them) and stays 进行中', async () => {
    const { filingId } = await enterpriseWithCode();
    const { plan, list } = await planWithRooms(3, 3, filingId);
    expect(list.sessions.map((s) => [s.code, s.name, s.method_text, s.seat_total])).toEqual([
      ['01', '上午场', '理论知识考试', 3],
      ['02', '下午场', '技能操作考核', 3],
    ]);
    const before = await detail(plan);
    expect(before.abilities).toMatchObject({
      can_edit_sessions: true,
      can_seat: true,
      can_render_tickets: true,
    });
    expect(before).toMatchObject({ session_count: 2, room_count: 2, seat_total: 6 });
    const seated = await api<SeatingResult>(ctx.app, 'POST', `${base(plan)}/seating`, {
      token: as.token,
      body: { mode: 1 },
    });
    expect([seated.body.message, seated.body.data.seated]).toEqual(['已编排 3 名考生', 3]);
    const after = await detail(plan);
    expect(after).toMatchObject({ status: EvaluationStatus.IN_PROGRESS, status_text: '进行中' });
    expect(after.examinee_counts).toEqual({ pending: 0, approved: 3, rejected: 0, seated: 3 });
    expect(after.timeline.at(-1)).toMatchObject({ action: 'seat', action_text: '编排考场' });
    await ok('POST', `${base(plan)}/seating`, { mode: 2 });
    expect((await detail(plan)).timeline.at(-1)).toMatchObject({ action: 'reseat' });
  });

  it('the ticket number: year of the start date + the enterprise’s 评价机构代码 + its plan serial + session + room + seat', async () => {
    const { filingId, code } = await enterpriseWithCode();
    const { plan } = await planWithRooms(2, 2, filingId);
    await ok('POST', `${base(plan)}/seating`, { mode: 1 });
    const seats = await ok<Paged<SeatRow>>('GET', `${base(plan)}/seats?per_page=50`);
    const theory = seats.list.filter((s) => s.session_code === '01').map((s) => s.ticket_no);
    const plan1 = `26${code}0001`;
    expect(theory).toEqual([`${plan1}01001001`, `${plan1}01001002`]);
    for (const t of theory) expect(t).toMatch(TICKET_NO);
    // The second plan of the same company and year takes the next serial.
    const second = await planWithRooms(1, 1, filingId);
    await ok('POST', `${base(second.plan)}/seating`, { mode: 1 });
    const [row] = (await ok<Paged<SeatRow>>('GET', `${base(second.plan)}/seats`)).list;
    const plan2 = `26${code}0002`;
    expect(row.ticket_no).toBe(`${plan2}01001001`);
  });

  it('a room’s tickets are one PDF with each candidate’s ticket, the enterprise named as 评价机构; the zip and one’s own ticket download', async () => {
    const { filingId } = await enterpriseWithCode();
    const { plan } = await planWithRooms(2, 2, filingId);
    await ok('POST', `${base(plan)}/seating`, { mode: 1 });
    const overview = await renderTickets(plan);
    expect(overview).toMatchObject({ status_text: '已生成', rooms_done: 2, rooms_total: 2 });
    const seats = (await ok<Paged<SeatRow>>('GET', `${base(plan)}/seats?per_page=50`)).list;
    const first = seats.find((s) => s.session_code === '01' && s.seat_no === 1)!;
    const room = overview.rooms[0];
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base(plan)}/tickets/rooms/${room.room_id}`,
      headers: { authorization: `Bearer ${as.token}` },
    });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    const pdf = await inspectPdf(res.rawPayload);
    expect(pdf.pages).toBe(2);
    const text = pdf.texts.join('');
    const [company] = await ctx.app.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, as.companyId));
    for (const expected of [
      '准 考 证',
      first.name,
      `${first.id_number.slice(0, 4)}**********${first.id_number.slice(-4)}`,
      first.ticket_no!,
      '上午场',
      '第1考场',
      '座位号：001',
      '公司培训中心 201 室',
      '评价机构',
      company.name,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('考试机构');
    expect(text).not.toContain(first.id_number);

    const zip = await ctx.app.inject({
      method: 'GET',
      url: `${base(plan)}/tickets/zip`,
      headers: { authorization: `Bearer ${as.token}` },
    });
    expect(zip.statusCode).toBe(200);
    expect([...(await unzip(zip.rawPayload)).keys()].sort()).toEqual([
      '01-上午场/001-第1考场.pdf',
      '02-下午场/001-第1考场.pdf',
    ]);

    const own = await ctx.app.inject({
      method: 'GET',
      url: `${base(plan)}/candidates/${first.examinee_id}/ticket`,
      headers: { authorization: `Bearer ${as.token}` },
    });
    expect(own.statusCode).toBe(200);
    const single = await inspectPdf(own.rawPayload);
    expect(single.pages).toBe(1);
    expect(single.texts.join('')).toContain('下午场');
  });

  it('is refused outside the rule: a draft, 待审批, and once a score is entered; tickets before seating', async () => {
    const { filingId } = await enterpriseWithCode();
    const draft = await seedPlan(ctx.app.db, as.companyId, { filingId, status: EvaluationStatus.DRAFT });
    const session = { method: 1, start_time: '2026-12-01 09:00', end_time: '2026-12-01 10:00' };
    expect(await refusal('POST', `${base(draft)}/sessions`, session)).toEqual([
      400,
      '当前状态（草稿）不能修改场次和考场',
    ]);
    const pending = await seedPlan(ctx.app.db, as.companyId, { filingId, status: EvaluationStatus.PENDING });
    expect(await refusal('POST', `${base(pending)}/seating`, { mode: 1 })).toEqual([
      400,
      '当前状态（待审批）不能编排考场',
    ]);
    expect(await refusal('POST', `${base(pending)}/tickets`)).toEqual([
      400,
      '当前状态（待审批）不能生成准考证',
    ]);

    const { plan, candidates, list } = await planWithRooms(1, 1, filingId);
    expect(await refusal('POST', `${base(plan)}/tickets`)).toEqual([400, '还没有编排考场，不能生成准考证']);
    await ok('POST', `${base(plan)}/seating`, { mode: 1 });
    await ok('PATCH', `${base(plan)}/scores`, {
      scores: [{ candidate_id: candidates[0]._id, method: 1, score: 80, mark: null }],
    });
    expect((await detail(plan)).abilities).toMatchObject({
      can_edit_sessions: false,
      can_seat: false,
      can_render_tickets: true,
    });
    expect(await refusal('POST', `${base(plan)}/seating`, { mode: 1 })).toEqual([
      400,
      '已开始录入成绩，不能再编排考场',
    ]);
    const room = list.sessions[0].rooms[0];
    expect(await refusal('DELETE', `${base(plan)}/rooms/${room._id}`)).toEqual([
      400,
      '已开始录入成绩，不能再修改场次和考场',
    ]);
    // Tickets still render for the seats as they stand.
    expect((await renderTickets(plan)).status_text).toBe('已生成');
  });

  it('without the enterprise’s 评价机构代码 seating is refused, naming the enterprise', async () => {
    const { filingId, code } = await enterpriseWithCode();
    const { plan } = await planWithRooms(1, 1, filingId);
    await ctx.app.db.update(companies).set({ institutionCode: null }).where(eq(companies.id, as.companyId));
    expect(await refusal('POST', `${base(plan)}/seating`, { mode: 1 })).toEqual([
      400,
      '企业尚未分配评价机构代码，请等待平台审核通过备案后再编排考场',
    ]);
    await ctx.app.db.update(companies).set({ institutionCode: code }).where(eq(companies.id, as.companyId));
  });

  it('another company’s plan answers 404 as if missing on every logistics route', async () => {
    const { filingId } = await enterpriseWithCode();
    const { plan, candidates, list } = await planWithRooms(1, 1, filingId);
    const session = list.sessions[0];
    const room = session.rooms[0];
    const other = await otherCompanyUser(ctx.app);
    const body = { method: 1, start_time: '2026-12-01 09:00', end_time: '2026-12-01 10:00' };
    await expectPlanNotFound(ctx.app, other, [
      ['GET', `${base(plan)}/sessions`],
      ['POST', `${base(plan)}/sessions`, body],
      ['PATCH', `${base(plan)}/sessions/${session._id}`, body],
      ['DELETE', `${base(plan)}/sessions/${session._id}`],
      ['DELETE', `${base(plan)}/rooms/${room._id}`],
      ['POST', `${base(plan)}/seating`, { mode: 1 }],
      ['GET', `${base(plan)}/seats`],
      ['POST', `${base(plan)}/tickets`],
      ['GET', `${base(plan)}/tickets`],
      ['GET', `${base(plan)}/tickets/rooms/${room._id}`],
      ['GET', `${base(plan)}/tickets/zip`],
      ['GET', `${base(plan)}/candidates/${candidates[0]._id}/ticket`],
    ]);
  });

  it('a platform or an institution account is refused (403), and an institution’s test plan is not an evaluation (404)', async () => {
    const { plan } = await planWithRooms(1);
    for (const account of ['pingtai', 'jigou']) {
      const { token } = await login(ctx.app, account);
      const res = await api(ctx.app, 'GET', `${base(plan)}/sessions`, { token });
      expect([account, res.status]).toEqual([account, 403]);
    }
    await ctx.app.db.update(levelEvaluations).set({ ownerKind: 2 }).where(eq(levelEvaluations.id, plan));
    expect(await refusal('GET', `${base(plan)}/sessions`)).toEqual([404, '评价计划不存在或已删除']);
  });

  it('removing a seated candidate voids the rendered tickets (未生成): their page is in a room’s PDF', async () => {
    const { filingId } = await enterpriseWithCode();
    const { plan, candidates } = await planWithRooms(2, 2, filingId);
    await ok('POST', `${base(plan)}/seating`, { mode: 1 });
    await renderTickets(plan);
    await ok('DELETE', `${base(plan)}/candidates/${candidates[1]._id}`);
    const overview = await ok<TicketOverview>('GET', `${base(plan)}/tickets`);
    expect(overview.status_text).toBe('未生成');
    expect(overview.rooms.every((r) => r.file === null)).toBe(true);
    expect((await detail(plan)).examinee_counts).toMatchObject({ approved: 1, seated: 1 });
  });
});
