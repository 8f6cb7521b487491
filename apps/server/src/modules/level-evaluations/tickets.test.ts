import type {
  ExamineeRow,
  PublicTicket,
  TestPlanDetail,
  TicketJob,
  TicketOverview,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../../test/fixtures/certificate-engine.ts';
import { inspectPdf } from '../../../test/fixtures/certificate-engine-render.ts';
import {
  addExaminees,
  examinee,
  messageStored,
  newestMessage,
  ok,
  planUrl,
  registeringPlan,
} from '../../../test/fixtures/institutions.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { levelEvaluations } from './tables.ts';

// Renders in worker threads (tickets or certificates): long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const download = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** A seated plan (7 examinees: theory rooms of 5 and 2, one practical room of 7). */
async function seated(token: string) {
  const ready = await registeringPlan(ctx.app, token, { n: 7, seats: 5, units: (i) => `单位${i % 3}` });
  await ok(ctx.app, token, 'POST', planUrl(ready.plan._id, '/seating'), { mode: 1 });
  const examinees = (
    await ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(ready.plan._id, '/examinees?per_page=50'))
  ).list;
  return { ...ready, examinees };
}

/** Starts the rendering of the plan's tickets and waits for its admission_tickets_done. */
async function renderTickets(token: string, planId: string) {
  const told = messageStored(ctx.app, TemplateKey.ADMISSION_TICKETS_DONE, planId, 120_000);
  const res = await api<TicketJob>(ctx.app, 'POST', planUrl(planId, '/tickets'), { token });
  if (res.body.code !== 200) told.stop();
  expect(res.body.code, res.body.message).toBe(200);
  expect(res.body).toMatchObject({
    message: '已开始生成准考证，完成后将通过消息通知您',
    data: { status: 1, status_text: '生成中' },
  });
  await told.done;
  return ok<TicketOverview>(ctx.app, token, 'GET', planUrl(planId, '/tickets'));
}

describe('admission tickets', () => {
  it('render one PDF per room in a background job, ending in admission_tickets_done to the requester', async () => {
    const token = await jigou();
    const { plan } = await seated(token);
    const overview = await renderTickets(token, plan._id);
    expect(overview).toMatchObject({ status: 2, status_text: '已生成', rooms_done: 3, rooms_total: 3 });
    expect(overview.rooms.map((r) => [r.session_code, r.room_code, r.seated_count, Boolean(r.file)])).toEqual(
      [
        ['01', '001', 5, true],
        ['01', '002', 2, true],
        ['02', '001', 7, true],
      ],
    );
    const message = await newestMessage(ctx.app, token);
    expect(message).toMatchObject({
      content: '「2026年电工四级考试」准考证已生成：共 3 个考场，14 张，可下载各考场的准考证或全部打包下载',
      data: { _id: plan._id, template_key: 'admission_tickets_done' },
    });
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(detail.tickets).toMatchObject({ status_text: '已生成', request_user_name: 'jigou' });
  });

  it("a room's PDF has a page a seat with the ticket's text: name, masked ID number, ticket number, session, room, seat, rules", async () => {
    const token = await jigou();
    const { plan, examinees } = await seated(token);
    const overview = await renderTickets(token, plan._id);
    const room = overview.rooms[0];
    const res = await download(token, planUrl(plan._id, `/tickets/rooms/${room.room_id}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await inspectPdf(res.rawPayload);
    expect(pdf.pages).toBe(5);
    const text = pdf.texts.join('');
    const first = examinees.find((e) => e.seats.some((s) => s.room_id === room.room_id && s.seat_no === 1))!;
    for (const expected of [
      '准 考 证',
      first.name,
      `${first.id_number.slice(0, 4)}**********${first.id_number.slice(-4)}`,
      first.ticket_no!,
      '上午场',
      '第1考场',
      '座位号：001',
      '考生须知',
      '示例职业技能培训评价中心',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain(first.id_number);
  });

  it('the zip holds every room’s PDF as 01-上午场/001-第1考场.pdf, streamed from the stored files', async () => {
    const token = await jigou();
    const { plan } = await seated(token);
    await renderTickets(token, plan._id);
    const res = await download(token, planUrl(plan._id, '/tickets/zip'));
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(res.headers['content-disposition'] as string)).toMatch(/_准考证\.zip$/);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      '01-上午场/001-第1考场.pdf',
      '01-上午场/002-第2考场.pdf',
      '02-下午场/001-第1考场.pdf',
    ]);
    expect(entries.get('01-上午场/002-第2考场.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("an examinee's own ticket downloads alone; one not seated is refused", async () => {
    const token = await jigou();
    const { plan, examinees } = await seated(token);
    const [a] = examinees;
    const res = await download(token, planUrl(plan._id, `/examinees/${a._id}/ticket`));
    expect(res.statusCode).toBe(200);
    const pdf = await inspectPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.texts.join('')).toContain(a.ticket_no!);
    // Seated in two sessions: both on the one page.
    expect(pdf.texts.join('')).toContain('下午场');
    const [pending] = await addExamineesLate(token, plan._id);
    const refused = await api(ctx.app, 'GET', planUrl(plan._id, `/examinees/${pending}/ticket`), { token });
    expect([refused.status, refused.body.message]).toEqual([400, '该考生尚未编排考场']);
  });

  it('before seating tickets are refused; downloads wait for the rendering', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 1 });
    const early = await api(ctx.app, 'POST', planUrl(plan._id, '/tickets'), { token });
    expect([early.status, early.body.message]).toEqual([400, '当前状态（报名中）不能生成准考证']);
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const zip = await api(ctx.app, 'GET', planUrl(plan._id, '/tickets/zip'), { token });
    expect([zip.status, zip.body.message]).toEqual([400, '准考证尚未生成完成，请生成后再下载']);
    const overview = await ok<TicketOverview>(ctx.app, token, 'GET', planUrl(plan._id, '/tickets'));
    const room = await api(ctx.app, 'GET', planUrl(plan._id, `/tickets/rooms/${overview.rooms[0].room_id}`), {
      token,
    });
    expect([room.status, room.body.message]).toEqual([400, '该考场的准考证尚未生成，请先生成准考证']);
  });

  it('seating again voids the rendered PDFs (未生成) and keeps every ticket number', async () => {
    const token = await jigou();
    const { plan, examinees } = await seated(token);
    await renderTickets(token, plan._id);
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 2 });
    const overview = await ok<TicketOverview>(ctx.app, token, 'GET', planUrl(plan._id, '/tickets'));
    expect(overview.status_text).toBe('未生成');
    expect(overview.rooms.every((r) => r.file === null)).toBe(true);
    const after = (
      await ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(plan._id, '/examinees?per_page=50'))
    ).list;
    expect(new Map(after.map((e) => [e._id, e.ticket_no]))).toEqual(
      new Map(examinees.map((e) => [e._id, e.ticket_no])),
    );
  });
});

describe('the public check of a ticket (its QR code)', () => {
  it('shows the ticket with the ID number masked, valid while it stands, void once the plan is cancelled', async () => {
    const token = await jigou();
    const { plan, examinees } = await seated(token);
    const [a] = examinees;
    const res = await api<PublicTicket>(ctx.app, 'GET', `/api/public/admissionTickets/${a._id}`);
    expect(res.body.data).toMatchObject({
      ticket_no: a.ticket_no,
      name: a.name,
      id_number: `${a.id_number.slice(0, 4)}**********${a.id_number.slice(-4)}`,
      plan_name: '2026年电工四级考试',
      institution_name: '示例职业技能培训评价中心',
      occupation_name: '电工',
      status: 'valid',
      status_text: '有效',
    });
    expect(res.body.data.seats.map((s) => [s.method_text, s.room_name, s.seat_no])).toEqual([
      ['理论知识考试', '第1考场', 1],
      ['技能操作考核', '第1考场', 1],
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain(a.id_number);
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/cancel'), { reason: '考点变更' });
    const voided = await api<PublicTicket>(ctx.app, 'GET', `/api/public/admissionTickets/${a._id}`);
    expect(voided.body.data).toMatchObject({ status: 'void', status_text: '考试已取消' });
  });

  it('an examinee never seated, or an unknown id, is 404 准考证不存在', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 0 });
    const [pending] = await addExaminees(ctx.app, token, plan._id, [examinee(80)]);
    for (const id of [pending._id, '00000000-0000-7000-8000-000000000000']) {
      const res = await api(ctx.app, 'GET', `/api/public/admissionTickets/${id}`);
      expect([res.status, res.body.message]).toEqual([404, '准考证不存在']);
    }
    const bad = await api(ctx.app, 'GET', '/api/public/admissionTickets/abc');
    expect([bad.status, bad.body.message]).toEqual([400, '准考证不存在']);
  });
});

/** An examinee added after seating (not seated): answers their id. */
async function addExamineesLate(token: string, planId: string): Promise<string[]> {
  await ctx.app.db.update(levelEvaluations).set({ status: 10 }).where(eq(levelEvaluations.id, planId));
  const added = await addExaminees(ctx.app, token, planId, [examinee(90)]);
  await ctx.app.db.update(levelEvaluations).set({ status: 11 }).where(eq(levelEvaluations.id, planId));
  return added.map((e) => e._id);
}
