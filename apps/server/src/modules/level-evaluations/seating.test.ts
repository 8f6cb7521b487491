import type {
  ExamineeRow,
  SeatingResult,
  SeatRow,
  TestPlanDetail,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addExaminees,
  approveExaminees,
  examinee,
  ok,
  planUrl,
  registeringPlan,
} from '../../../test/fixtures/institutions.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { companies } from '../companies/tables.ts';
import { findUserByAccount } from '../users/service.ts';
import { adjacentPairs } from './seating.ts';
import { levelEvaluations } from './tables.ts';

const ctx = useTestApp();
const jigou = async () => (await login(ctx.app, 'jigou')).token;
const examineesOf = async (token: string, planId: string) =>
  (await ok<Paged<ExamineeRow>>(ctx.app, token, 'GET', planUrl(planId, '/examinees?per_page=50'))).list;
const seatsOf = async (token: string, planId: string, query = '') =>
  (await ok<Paged<SeatRow>>(ctx.app, token, 'GET', planUrl(planId, `/seats?per_page=50${query}`))).list;
const institutionCode = async () => {
  const id = (await findUserByAccount(ctx.app.db, 'jigou'))!.companyId!;
  const [row] = await ctx.app.db.select().from(companies).where(eq(companies.id, id));
  return row.institutionCode as string;
};

describe('seating a test plan', () => {
  it('seats each method’s approved examinees (报名中 → 已编排) with a timeline step; pending and rejected ones stay out', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 3 });
    const [pending] = await addExaminees(ctx.app, token, plan._id, [examinee(40)]);
    const res = await api<SeatingResult>(ctx.app, 'POST', planUrl(plan._id, '/seating'), {
      token,
      body: { mode: 1 },
    });
    expect(res.body).toMatchObject({ code: 200, data: { seated: 3, adjacent_pairs: 0, warnings: [] } });
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(detail).toMatchObject({ status_text: '已编排', seating_mode: 1 });
    expect(detail.examinee_counts).toMatchObject({ approved: 3, pending: 1, seated: 3 });
    expect(detail.timeline.at(-1)).toMatchObject({ action_text: '编排考场', note: '顺序编排，3 名考生' });
    // Theory and practical: each examinee has a seat in both sessions.
    const seats = await seatsOf(token, plan._id);
    expect(seats).toHaveLength(6);
    expect(seats.some((s) => s.examinee_id === pending._id)).toBe(false);
    const theory = seats.filter((s) => s.method === 1).map((s) => [s.room_code, s.seat_no, s.name]);
    expect(theory).toEqual([
      ['001', 1, '考生1'],
      ['001', 2, '考生2'],
      ['001', 3, '考生3'],
    ]);
  });

  it('the admission-ticket number: YY + institution code + plan serial + session + room + seat of the first seat', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 7, seats: 5 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const code = await institutionCode();
    const numbers = (await examineesOf(token, plan._id)).map((e) => e.ticket_no);
    expect(numbers[0]).toBe(`26${code}000101001001`);
    // The sixth sits in the second room of the first session.
    expect(numbers[5]).toBe(`26${code}000101002001`);
    expect(new Set(numbers).size).toBe(7);
    // The institution's second plan of the year is serial 0002.
    const second = await registeringPlan(ctx.app, token, { n: 1 });
    await ok(ctx.app, token, 'POST', planUrl(second.plan._id, '/seating'), { mode: 1 });
    expect((await examineesOf(token, second.plan._id))[0].ticket_no).toBe(`26${code}000201001001`);
  });

  it('seating again (已编排, 重新编排考场) keeps every ticket number; an examinee approved since gets a new one', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, {
      n: 6,
      seats: 5,
      units: (i) => (i < 3 ? '甲' : '乙'),
    });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const before = new Map((await examineesOf(token, plan._id)).map((e) => [e._id, e.ticket_no]));
    // Approved after the first seating (reviews stay open in 已编排).
    await ctx.app.db.update(levelEvaluations).set({ status: 10 }).where(eq(levelEvaluations.id, plan._id));
    const [late] = await addExaminees(ctx.app, token, plan._id, [examinee(60, '丙')]);
    await ctx.app.db.update(levelEvaluations).set({ status: 11 }).where(eq(levelEvaluations.id, plan._id));
    await approveExaminees(ctx.app, token, plan._id, [late._id]);
    const again = await ok<SeatingResult>(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 2 });
    expect(again.seated).toBe(7);
    const after = await examineesOf(token, plan._id);
    for (const e of after) if (before.has(e._id)) expect(e.ticket_no).toBe(before.get(e._id));
    const fresh = after.find((e) => e._id === late._id)!.ticket_no;
    expect(fresh).toMatch(/^\d{18}$/);
    expect(new Set(after.map((e) => e.ticket_no)).size).toBe(7);
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(detail.timeline.at(-1)?.action_text).toBe('重新编排考场');
    expect(detail.seating_mode).toBe(2);
  });

  it('mode 2 keeps one work unit apart in each room', async () => {
    const token = await jigou();
    const units = ['甲公司', '乙公司', '丙公司', '丁公司'];
    const { plan } = await registeringPlan(ctx.app, token, { n: 10, seats: 10, units: (i) => units[i % 4] });
    const result = await ok<SeatingResult>(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), {
      mode: 2,
    });
    expect(result.adjacent_pairs).toBe(0);
    const seats = await seatsOf(token, plan._id);
    for (const method of [1, 2]) {
      const byRoom = new Map<string, SeatRow[]>();
      for (const s of seats.filter((x) => x.method === method))
        byRoom.set(s.room_id, [...(byRoom.get(s.room_id) ?? []), s]);
      for (const room of byRoom.values()) {
        const ordered = room
          .sort((a, b) => a.seat_no - b.seat_no)
          .map((s) => ({ id: s.examinee_id, workUnit: s.work_unit }));
        expect(adjacentPairs(ordered)).toBe(0);
      }
    }
  });

  it('a unit over half a room: the fewest pairs, said in the answer and the warnings', async () => {
    const token = await jigou();
    // 7 of 甲 among 10. Theory: two full rooms of 5, 甲 dealt 4 and 3 (4 among 5: 2 pairs; 3 among 5: none);
    // practical: one room of 10 (7 among 10: 3 pairs). No order does better.
    const { plan } = await registeringPlan(ctx.app, token, {
      n: 10,
      seats: 5,
      units: (i) => (i < 7 ? '甲公司' : `单位${i}`),
    });
    const result = await ok<SeatingResult>(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), {
      mode: 2,
    });
    expect(result.adjacent_pairs).toBe(5);
    expect(result.warnings).toEqual([
      '有 5 处同一工作单位的考生座位相邻：某单位人数超过所在考场考生的一半，已尽量分开',
    ]);
  });

  it('is refused before 报名中 and from 考试中, without approved examinees, and without the institution’s code', async () => {
    const token = await jigou();
    const empty = await registeringPlan(ctx.app, token, { n: 0 });
    expect(
      (await api(ctx.app, 'POST', planUrl(empty.plan._id, '/seating'), { token, body: { mode: 1 } })).body
        .message,
    ).toBe('还没有审核通过的考生，不能编排考场');
    const { plan } = await registeringPlan(ctx.app, token, { n: 1, filing: empty.filing });
    const id = (await findUserByAccount(ctx.app.db, 'jigou'))!.companyId!;
    const code = await institutionCode();
    await ctx.app.db.update(companies).set({ institutionCode: null }).where(eq(companies.id, id));
    expect(
      (await api(ctx.app, 'POST', planUrl(plan._id, '/seating'), { token, body: { mode: 1 } })).body.message,
    ).toBe('机构尚未分配评价机构代码，请等待平台审核通过备案后再编排考场');
    await ctx.app.db.update(companies).set({ institutionCode: code }).where(eq(companies.id, id));
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/startExam'));
    const late = await api(ctx.app, 'POST', planUrl(plan._id, '/seating'), { token, body: { mode: 1 } });
    expect([late.status, late.body.message]).toEqual([400, '当前状态（考试中）不能编排考场']);
    const bad = await api(ctx.app, 'POST', planUrl(plan._id, '/seating'), { token, body: { mode: 3 } });
    expect([bad.status, bad.body.message]).toEqual([400, '编排方式只能是顺序编排或按工作单位打乱']);
  });

  it('two seatings at once take turns: every ticket number unique, none changed by the second', async () => {
    const token = await jigou();
    const { plan, filing } = await registeringPlan(ctx.app, token, { n: 8, seats: 5 });
    const other = await registeringPlan(ctx.app, token, { n: 8, seats: 5, filing });
    const [a, b, c] = await Promise.all([
      api<SeatingResult>(ctx.app, 'POST', planUrl(plan._id, '/seating'), { token, body: { mode: 1 } }),
      api<SeatingResult>(ctx.app, 'POST', planUrl(plan._id, '/seating'), { token, body: { mode: 2 } }),
      api<SeatingResult>(ctx.app, 'POST', planUrl(other.plan._id, '/seating'), { token, body: { mode: 2 } }),
    ]);
    expect([a.body.code, b.body.code, c.body.code]).toEqual([200, 200, 200]);
    const numbers = [
      ...(await examineesOf(token, plan._id)).map((e) => e.ticket_no),
      ...(await examineesOf(token, other.plan._id)).map((e) => e.ticket_no),
    ];
    expect(numbers.every((n) => /^\d{18}$/.test(n ?? ''))).toBe(true);
    expect(new Set(numbers).size).toBe(16);
    // The two plans got serials 0001 and 0002, one each.
    expect(new Set(numbers.map((n) => n?.slice(6, 10)))).toEqual(new Set(['0001', '0002']));
    const detail = await ok<TestPlanDetail>(ctx.app, token, 'GET', planUrl(plan._id));
    expect(
      detail.timeline.filter((t) => t.action === 'seat' || t.action === 'reseat').map((t) => t.action),
    ).toEqual(['seat', 'reseat']);
  });

  it('the seat list filters by session, room and keyword', async () => {
    const token = await jigou();
    const { plan } = await registeringPlan(ctx.app, token, { n: 7, seats: 5 });
    await ok(ctx.app, token, 'POST', planUrl(plan._id, '/seating'), { mode: 1 });
    const all = await seatsOf(token, plan._id);
    const secondRoom = all.find((s) => s.method === 1 && s.room_code === '002')!;
    expect((await seatsOf(token, plan._id, `&room_id=${secondRoom.room_id}`)).map((s) => s.name)).toEqual([
      '考生6',
      '考生7',
    ]);
    expect(await seatsOf(token, plan._id, `&session_id=${secondRoom.session_id}`)).toHaveLength(7);
    expect((await seatsOf(token, plan._id, '&keyword=考生7')).map((s) => s.method)).toEqual([1, 2]);
  });
});
