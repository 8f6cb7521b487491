import {
  EvaluationAction,
  EvaluationStatus,
  type ScoreChangeRow,
  type scoreChangeBody,
  type scoreChangeReviewBody,
} from '@skill-cert/shared/level-evaluations';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { CANDIDATE_NOT_FOUND, statusTextOf } from './candidates.ts';
import { approverNote, findPlan, logSteps, type PlanRow } from './plans.ts';
import {
  entryProblem,
  isScoreLocked,
  methodTextOf,
  planMethods,
  recomputeResults,
  scoreText,
  toTenths,
  writeScores,
} from './scores.ts';
import { levelEvaluationCandidates, levelEvaluationScoreChanges, levelEvaluationScores } from './tables.ts';

export const SCORE_CHANGE_NOT_FOUND = '成绩修改申请不存在或已删除';
/** The timeline's note when the company's only administrator decides their own request. */

const statusText = { 0: '待审批', 1: '已通过', 2: '已驳回' } as const;

type User = { id: string; name: string };

/** 400 unless the plan is 公示中 (the only state with change requests); from 已通过 the scores are locked. */
function assertInPublicity(plan: PlanRow): void {
  if (plan.status === EvaluationStatus.PUBLICITY) return;
  const state = `当前状态（${statusTextOf(plan.status)}）`;
  if (isScoreLocked(plan.status)) throw badRequest(`${state}成绩已锁定，不能修改`);
  throw badRequest(`${state}不能申请修改成绩，成绩修改申请只在公示中提交`);
}

const selection = {
  change: levelEvaluationScoreChanges,
  name: levelEvaluationCandidates.name,
  idNumber: levelEvaluationCandidates.idNumber,
};

function toRow(r: {
  change: typeof levelEvaluationScoreChanges.$inferSelect;
  name: string;
  idNumber: string;
}): ScoreChangeRow {
  const c = r.change;
  const status = (c.status === 1 || c.status === 2 ? c.status : 0) as 0 | 1 | 2;
  return {
    _id: c.id,
    candidate_id: c.candidateId,
    candidate_name: r.name,
    id_number: r.idNumber,
    method: c.method as 1 | 2 | 3 | 4,
    method_text: methodTextOf(c.method),
    before_score: c.beforeTenths === null ? null : c.beforeTenths / 10,
    before_mark: c.beforeMark as 1 | 2 | 3 | null,
    after_score: c.afterTenths === null ? null : c.afterTenths / 10,
    after_mark: c.afterMark as 1 | 2 | 3 | null,
    reason: c.reason,
    status,
    status_text: statusText[status],
    request_user_name: c.requestedByName,
    decide_user_name: c.decidedByName,
    decide_note: c.decideNote,
    create_time_str: formatDateTime(c.createdAt),
    decide_time_str: c.decidedAt ? formatDateTime(c.decidedAt) : null,
  };
}

/** The plan's change requests (all, or the one `changeId`) with their candidate's name and ID number. */
const changesOf = (db: DbOrTx, evaluationId: string, changeId?: string) =>
  db
    .select(selection)
    .from(levelEvaluationScoreChanges)
    .innerJoin(
      levelEvaluationCandidates,
      eq(levelEvaluationCandidates.id, levelEvaluationScoreChanges.candidateId),
    )
    .where(
      and(
        eq(levelEvaluationScoreChanges.evaluationId, evaluationId),
        changeId ? eq(levelEvaluationScoreChanges.id, changeId) : undefined,
      ),
    );

/** `GET .../scoreChanges`: the plan's requests, newest first. */
export async function listScoreChanges(db: DbOrTx, plan: PlanRow): Promise<ScoreChangeRow[]> {
  return (await changesOf(db, plan.id).orderBy(desc(levelEvaluationScoreChanges.createdAt))).map(toRow);
}

async function changeRow(db: DbOrTx, evaluationId: string, changeId: string): Promise<ScoreChangeRow> {
  const [row] = await changesOf(db, evaluationId, changeId);
  if (!row) throw notFound(SCORE_CHANGE_NOT_FOUND);
  return toRow(row);
}

/** '张三（证件号码 …）理论知识考试：修改前 55，修改后 65' */
const changeText = (
  who: { name: string; idNumber: string },
  c: {
    method: number;
    beforeTenths: number | null;
    beforeMark: number | null;
    afterTenths: number | null;
    afterMark: number | null;
  },
) =>
  `${who.name}（证件号码 ${who.idNumber}）${methodTextOf(c.method)}：修改前 ${scoreText(c.beforeTenths, c.beforeMark)}，修改后 ${scoreText(c.afterTenths, c.afterMark)}`;

/**
 * `POST .../scoreChanges` in 公示中: one score with its reason; the value before is captured now. One request
 * waits per score at a time.
 */
export async function requestScoreChange(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  body: z.output<typeof scoreChangeBody>,
  user: User,
): Promise<ScoreChangeRow> {
  const afterTenths = body.score === null ? null : toTenths(body.score);
  const id = await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertInPublicity(plan);
    const problem = entryProblem(await planMethods(tx, plan.id), body.method, afterTenths);
    if (problem) throw badRequest(problem);
    if (afterTenths === null && body.mark === null)
      throw badRequest('请输入修改后的成绩或选择缺考、违纪、违规');
    const [candidate] = await tx
      .select({ name: levelEvaluationCandidates.name, idNumber: levelEvaluationCandidates.idNumber })
      .from(levelEvaluationCandidates)
      .where(
        and(
          eq(levelEvaluationCandidates.id, body.candidate_id),
          eq(levelEvaluationCandidates.evaluationId, plan.id),
        ),
      );
    if (!candidate) throw badRequest(CANDIDATE_NOT_FOUND);
    const [pending] = await tx
      .select({ id: levelEvaluationScoreChanges.id })
      .from(levelEvaluationScoreChanges)
      .where(
        and(
          eq(levelEvaluationScoreChanges.candidateId, body.candidate_id),
          eq(levelEvaluationScoreChanges.method, body.method),
          eq(levelEvaluationScoreChanges.status, 0),
        ),
      );
    if (pending) throw badRequest(`${candidate.name}的${methodTextOf(body.method)}成绩已有待审批的修改申请`);
    const [before] = await tx
      .select({ scoreTenths: levelEvaluationScores.scoreTenths, mark: levelEvaluationScores.mark })
      .from(levelEvaluationScores)
      .where(
        and(
          eq(levelEvaluationScores.candidateId, body.candidate_id),
          eq(levelEvaluationScores.method, body.method),
        ),
      );
    const change = {
      method: body.method,
      beforeTenths: before?.scoreTenths ?? null,
      beforeMark: before?.mark ?? null,
      afterTenths,
      afterMark: body.mark,
    };
    if (change.beforeTenths === change.afterTenths && change.beforeMark === change.afterMark)
      throw badRequest('修改后的成绩与当前成绩相同');
    const [row] = await tx
      .insert(levelEvaluationScoreChanges)
      .values({
        evaluationId: plan.id,
        candidateId: body.candidate_id,
        ...change,
        reason: body.reason,
        requestedBy: user.id,
        requestedByName: user.name,
      })
      .returning({ id: levelEvaluationScoreChanges.id });
    await logSteps(tx, plan.id, user, [
      {
        action: EvaluationAction.REQUEST_CHANGE,
        note: `${changeText(candidate, change)}；原因：${body.reason}`,
      },
    ]);
    return row.id;
  });
  return changeRow(db, planId, id);
}

/**
 * `POST .../scoreChanges/{changeId}/review`: a company administrator other than the requester decides (the only
 * administrator may decide their own, and the timeline says so). Approval writes the score, recomputes the result
 * and pass_count and logs before and after, in one transaction.
 */
export async function reviewScoreChange(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  changeId: string,
  body: z.output<typeof scoreChangeReviewBody>,
  user: User,
): Promise<ScoreChangeRow> {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertInPublicity(plan);
    const [row] = await changesOf(tx, plan.id, changeId);
    if (!row) throw notFound(SCORE_CHANGE_NOT_FOUND);
    const c = row.change;
    if (c.status !== 0) throw badRequest(`该成绩修改申请已处理（${statusText[c.status as 1 | 2]}）`);
    // The approver rule of plans and results: an administrator, not the requester unless the only administrator.
    const soleAdminNote = await approverNote(tx, own, user.id, c.requestedBy);
    const approve = body.action === 'approve';
    await tx
      .update(levelEvaluationScoreChanges)
      .set({
        status: approve ? 1 : 2,
        decidedBy: user.id,
        decidedByName: user.name,
        decideNote: body.reason,
        decidedAt: new Date(),
      })
      .where(eq(levelEvaluationScoreChanges.id, c.id));
    if (approve) {
      await writeScores(
        tx,
        plan.id,
        [{ candidateId: c.candidateId, method: c.method, scoreTenths: c.afterTenths, mark: c.afterMark }],
        user.id,
      );
      await recomputeResults(tx, plan.id, [c.candidateId], await planMethods(tx, plan.id));
    }
    const note = [
      soleAdminNote,
      changeText(row, c),
      body.reason ? `${approve ? '审批意见' : '驳回原因'}：${body.reason}` : null,
    ]
      .filter(Boolean)
      .join('；');
    await logSteps(tx, plan.id, user, [
      { action: approve ? EvaluationAction.APPROVE_CHANGE : EvaluationAction.REJECT_CHANGE, note },
    ]);
  });
  return changeRow(db, planId, changeId);
}
