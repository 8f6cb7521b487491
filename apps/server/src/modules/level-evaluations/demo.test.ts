import { isValidIdCard } from '@skill-cert/shared/id-card';
import {
  candidateResult,
  type EvaluationApprovalPage,
  type EvaluationExaminer,
  type LevelEvaluationDetail,
  type LevelEvaluationRow,
  type SeatRow,
  TICKET_NO,
  type TicketOverview,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageStored } from '../../../test/fixtures/institutions.ts';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { allowRendering } from '../../../test/time-limits.ts';
import { findUserByAccount } from '../users/service.ts';
import { renderEvaluationDemoTickets, seedEvaluationDemo } from './demo.ts';
import { levelEvaluationCandidates, levelEvaluationScores, levelEvaluations } from './tables.ts';

// The seated plan's tickets render in worker threads: long work (test/time-limits.ts).
allowRendering();

const ctx = useTestApp();

describe('the evaluation demo (start-only, SEED_DEMO)', () => {
  it('gives qiye an approved filing and one plan in each state, ~20 candidates each; running again adds nothing', async () => {
    await seedEvaluationDemo(ctx.app.db);
    await seedEvaluationDemo(ctx.app.db);
    const { token } = await login(ctx.app, 'qiye');
    const list = await api<Paged<LevelEvaluationRow>>(ctx.app, 'GET', '/api/levelEvaluations?per_page=10', {
      token,
    });
    expect(list.body.code, list.body.message).toBe(200);
    expect(list.body.data.list.map((r) => r.status_text).sort()).toEqual(
      // Two 已通过: one of them is granted when the server is ready (certificate-grants/grant-demo.ts).
      ['草稿', '待审批', '进行中', '成绩待审核', '公示中', '已通过', '已通过'].sort(),
    );
    for (const row of list.body.data.list) expect(row.candidate_count).toBe(20);
    const approvals = await api<EvaluationApprovalPage>(ctx.app, 'GET', '/api/evaluationApprovals', {
      token,
    });
    expect(approvals.body.data.counts).toEqual({ plan: 1, results: 1, changes: 0 });
    const passed = list.body.data.list.find((r) => r.status === 5)!;
    const detail = await api<LevelEvaluationDetail>(ctx.app, 'GET', `/api/levelEvaluations/${passed._id}`, {
      token,
    });
    expect(detail.body.data.timeline.map((t) => t.action)).toEqual([
      'create',
      'submit',
      'approve',
      'submitResults',
      'approveResults',
      'publicityOver',
    ]);
    const examiners = await api<EvaluationExaminer[]>(
      ctx.app,
      'GET',
      `/api/levelEvaluations/${passed._id}/examiners`,
      {
        token,
      },
    );
    expect(examiners.body.data[0]).toMatchObject({
      phone: '13800000004',
      user_id: (await findUserByAccount(ctx.app.db, 'kaoping'))!.id,
    });
  });

  it('candidates have valid ID numbers; results and the plan counts follow the shared rule', async () => {
    await seedEvaluationDemo(ctx.app.db);
    const plans = await ctx.app.db.select().from(levelEvaluations);
    for (const plan of plans) {
      const candidates = await ctx.app.db
        .select()
        .from(levelEvaluationCandidates)
        .where(eq(levelEvaluationCandidates.evaluationId, plan.id));
      const scores = await ctx.app.db
        .select()
        .from(levelEvaluationScores)
        .where(eq(levelEvaluationScores.evaluationId, plan.id));
      for (const c of candidates) {
        expect(isValidIdCard(c.idNumber), c.idNumber).toBe(true);
        const own = scores
          .filter((s) => s.candidateId === c.id)
          .map((s) => ({
            method: s.method,
            score: s.scoreTenths === null ? null : s.scoreTenths / 10,
            mark: s.mark as 1 | 2 | 3 | null,
          }));
        const rule = [
          { method: 1, pass_mark: 60 },
          { method: 2, pass_mark: 60 },
        ];
        expect(c.result).toBe(candidateResult(rule, own));
      }
      expect(plan.candidateCount).toBe(candidates.length);
      expect(plan.passCount).toBe(candidates.filter((c) => c.result === 1).length);
      if (plan.status >= 3) expect(candidates.every((c) => c.result !== null)).toBe(true);
    }
  });

  it('the plan 进行中 sits in sessions and rooms, its 20 candidates seated with ticket numbers; its tickets render when ready, once', async () => {
    await seedEvaluationDemo(ctx.app.db);
    const { token } = await login(ctx.app, 'qiye');
    const [running] = await ctx.app.db
      .select()
      .from(levelEvaluations)
      .where(eq(levelEvaluations.name, '焊工（电焊工）五级评价'));
    const url = `/api/levelEvaluations/${running.id}`;
    const detail = (await api<LevelEvaluationDetail>(ctx.app, 'GET', url, { token })).body.data;
    expect(detail).toMatchObject({ status_text: '进行中', session_count: 2, room_count: 4, seat_total: 40 });
    expect(detail.examinee_counts.seated).toBe(20);
    // Scored after seating: the seats stand, the tickets may still be rendered.
    expect(detail.abilities).toMatchObject({
      can_seat: false,
      can_edit_sessions: false,
      can_render_tickets: true,
    });
    const seats = (await api<Paged<SeatRow>>(ctx.app, 'GET', `${url}/seats?per_page=50`, { token })).body
      .data;
    expect(seats.meta.total).toBe(40);
    expect(seats.list.every((s) => TICKET_NO.test(s.ticket_no ?? ''))).toBe(true);
    const told = messageStored(ctx.app, TemplateKey.ADMISSION_TICKETS_DONE, running.id, 180_000);
    await renderEvaluationDemoTickets(ctx.app);
    await told.done;
    const tickets = (await api<TicketOverview>(ctx.app, 'GET', `${url}/tickets`, { token })).body.data;
    expect(tickets).toMatchObject({ status_text: '已生成', rooms_total: 4 });
    expect(tickets.rooms.every((r) => r.file)).toBe(true);
    await renderEvaluationDemoTickets(ctx.app);
    expect(
      (await api<TicketOverview>(ctx.app, 'GET', `${url}/tickets`, { token })).body.data.status_text,
    ).toBe('已生成');
  }, 240_000);
});
