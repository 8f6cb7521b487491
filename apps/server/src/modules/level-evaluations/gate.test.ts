import { randomUUID } from 'node:crypto';
import { examTaskAssignBody, examTaskReturnBody, methodMarkingBody } from '@skill-cert/shared/exam-tasks';
import {
  candidateAddBody,
  candidateInput,
  evaluationReviewBody,
  examRoomBody,
  examSessionBody,
  levelEvaluationBody,
  NO_APPROVED_FILING,
  scoreChangeBody,
  scoreChangeReviewBody,
  scoresBody,
  seatingBody,
} from '@skill-cert/shared/level-evaluations';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { secondEnterprise } from '../../../test/fixtures/companies.ts';
import {
  addCandidates,
  approvedFiling,
  createPlan,
  planBody,
  testIdNumber,
} from '../../../test/fixtures/level-evaluations.ts';
import { callRoutes, login, useTestApp } from '../../../test/harness.ts';
import { levelEvaluationCandidates } from './tables.ts';

const ctx = useTestApp();

/** A body each contract schema accepts, so a route gets past validation to its own checks. */
function validBody(schema: ZodType | undefined, candidateId: string): unknown {
  const samples = new Map<unknown, unknown>([
    [levelEvaluationBody, { name: '改名' }],
    [evaluationReviewBody, { action: 'approve' }],
    [candidateAddBody, { candidates: [{ name: '张三', id_number: testIdNumber(500) }] }],
    [candidateInput, { name: '李四', id_number: testIdNumber(501) }],
    [scoresBody, { scores: [{ candidate_id: candidateId, method: 1, score: 80 }] }],
    [scoreChangeBody, { candidate_id: candidateId, method: 1, score: 80, mark: null, reason: '复核更正' }],
    [scoreChangeReviewBody, { action: 'approve' }],
    [methodMarkingBody, { items: [{ name: '理论知识', max: 100 }] }],
    [examTaskAssignBody, { person_id: randomUUID(), method: 1 }],
    [examTaskReturnBody, { reason: '评分有误' }],
    [examSessionBody, { method: 1, start_time: '2026-06-01 09:00', end_time: '2026-06-01 11:00' }],
    [examRoomBody, { session_id: randomUUID(), name: '第1考场', room_type: 1, seats: 30, address: '一楼' }],
    [seatingBody, { mode: 1 }],
  ]);
  return schema ? (samples.get(schema) ?? {}) : undefined;
}

/** Every evaluation route, whoever's file registers it (plans, candidates, scores). */
const callEach = (token: string, ids: { plan: string; candidate: string }) =>
  callRoutes(ctx.app, token, {
    routes: (r) => r.url.startsWith('/api/levelEvaluations') || r.url.startsWith('/api/evaluationApprovals'),
    url: (url) =>
      url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'id'
          ? ids.plan
          : name === 'method'
            ? '1'
            : name.toLowerCase().includes('candidate')
              ? ids.candidate
              : randomUUID(),
      ),
    body: (schema) => validBody(schema as ZodType, ids.candidate),
  });

describe('the code-61 gate (spec §8)', () => {
  it('every evaluation route answers code 61 with NO_APPROVED_FILING until the company holds an approved filing', async () => {
    const { token } = await login(ctx.app, 'qiye');
    const ids = { plan: randomUUID(), candidate: randomUUID() };
    const before = await callEach(token, ids);
    expect(before.length).toBeGreaterThanOrEqual(9);
    expect(
      before.filter((a) => a.code !== 61 || a.message !== NO_APPROVED_FILING || a.status !== 200),
    ).toEqual([]);
    await approvedFiling(ctx.app, token);
    const after = await callEach(token, ids);
    expect(after.filter((a) => a.code === 61 || a.status >= 500)).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it("another company's plan answers 404 on every route with a plan id, and stays as it was", async () => {
    const { token: a } = await login(ctx.app, 'qiye');
    const plan = await createPlan(ctx.app, a, planBody(await approvedFiling(ctx.app, a)));
    await addCandidates(ctx.app, plan._id, 1);
    const [candidate] = await ctx.app.db.select().from(levelEvaluationCandidates);
    const b = await secondEnterprise(ctx);
    await approvedFiling(ctx.app, b.token);
    const answers = (await callEach(b.token, { plan: plan._id, candidate: candidate.id })).filter((x) =>
      x.route.includes(':id'),
    );
    expect(answers.length).toBeGreaterThanOrEqual(7);
    expect(answers.filter((x) => x.status !== 404 || x.message !== '评价计划不存在或已删除')).toEqual([]);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/levelEvaluations/${plan._id}`,
      headers: { authorization: `Bearer ${a}` },
    });
    expect(after.json().data).toMatchObject({ name: plan.name, status: 0, candidate_count: 1 });
  });
});
