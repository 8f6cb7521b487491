import { isValidIdCard } from '@skill-cert/shared/idCard';
import {
  candidateResult,
  type EvaluationApprovalPage,
  type EvaluationExaminer,
  type LevelEvaluationDetail,
  type LevelEvaluationRow,
} from '@skill-cert/shared/levelEvaluation';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { findUserByAccount } from '../users/service.ts';
import { seedEvaluationDemo } from './demo.ts';
import { levelEvaluationCandidates, levelEvaluationScores, levelEvaluations } from './tables.ts';

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
});
