import {
  areScoresEditable,
  CandidateResult,
  type CandidateResultValue,
  type CandidateRow,
  candidateResult,
  type EvaluationMethodValue,
  EvaluationStatus,
  ExamineeStatus,
  evaluationMethodText,
  type MethodScore,
  type ScoreEntry,
  scoreMarkText,
} from '@skill-cert/shared/level-evaluations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  CANDIDATE_NOT_FOUND,
  candidateDbRows,
  scoresOf,
  statusTextOf,
  toCandidateRows,
} from './candidates.ts';
import { findPlan, type PlanRow } from './plans.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationMethods,
  levelEvaluationScores,
  levelEvaluations,
} from './tables.ts';

/** A method of the plan with its marks in tenths (as stored). */
export interface PlanMethod {
  method: number;
  fullMarkTenths: number;
  passMarkTenths: number;
}

export async function planMethods(db: DbOrTx, evaluationId: string): Promise<PlanMethod[]> {
  return db
    .select({
      method: levelEvaluationMethods.method,
      fullMarkTenths: levelEvaluationMethods.fullMarkTenths,
      passMarkTenths: levelEvaluationMethods.passMarkTenths,
    })
    .from(levelEvaluationMethods)
    .where(eq(levelEvaluationMethods.evaluationId, evaluationId))
    .orderBy(asc(levelEvaluationMethods.method));
}

export const methodTextOf = (method: number): string =>
  evaluationMethodText[method as EvaluationMethodValue] ?? String(method);
/** A score as entered (one decimal) in tenths, as stored. */
export const toTenths = (score: number): number => Math.round(score * 10);
/** A mark in tenths as text: 85.5 */
export const tenthsText = (tenths: number): string => String(tenths / 10);

/** A score or mark of one candidate in one method, in tenths. */
export interface TenthsEntry {
  candidateId: string;
  method: number;
  scoreTenths: number | null;
  mark: number | null;
}

/** What a score or mark reads as in messages and on the timeline: 85.5, 缺考, 未录入. */
export function scoreText(scoreTenths: number | null, mark: number | null): string {
  if (mark !== null) return scoreMarkText[mark as 1 | 2 | 3] ?? String(mark);
  return scoreTenths === null ? '未录入' : tenthsText(scoreTenths);
}

/** Why an entry does not fit the plan's methods (not one of them, over the full mark); null when it fits. */
export function entryProblem(
  methods: PlanMethod[],
  method: number,
  scoreTenths: number | null,
): string | null {
  const m = methods.find((x) => x.method === method);
  if (!m) return `「${methodTextOf(method)}」不是本评价计划的评价方式`;
  if (scoreTenths !== null && scoreTenths > m.fullMarkTenths)
    return `${methodTextOf(method)}成绩不能超过满分 ${tenthsText(m.fullMarkTenths)}`;
  return null;
}

/**
 * Why scores cannot be entered directly in the plan's state: only in 进行中; in 公示中 through a change request;
 * locked from 已通过. Null when they can.
 */
export function scoreStateProblem(status: number): string | null {
  if (areScoresEditable(status)) return null;
  const state = `当前状态（${statusTextOf(status)}）`;
  if (status === EvaluationStatus.PUBLICITY) return `${state}不能直接修改成绩，请提交成绩修改申请`;
  if (isScoreLocked(status)) return `${state}成绩已锁定，不能修改`;
  return `${state}不能录入成绩`;
}

/** From 已通过 on, nothing changes a score. */
export const isScoreLocked = (status: number): boolean =>
  status === EvaluationStatus.PASSED ||
  status === EvaluationStatus.GRANTED ||
  status === EvaluationStatus.ARCHIVED;

/** Entries per statement: one JSON parameter each. */
const WRITE_BATCH = 2000;

/**
 * Upserts scores: one statement per two thousand entries, never one per cell. A score written here is the owner's (an
 * approved change request may replace one examiners handed over): it no longer names a marker.
 */
export async function writeScores(
  tx: DbOrTx,
  evaluationId: string,
  entries: TenthsEntry[],
  userId: string,
): Promise<void> {
  for (let i = 0; i < entries.length; i += WRITE_BATCH) {
    const json = JSON.stringify(
      entries.slice(i, i + WRITE_BATCH).map((e) => ({
        candidate_id: e.candidateId,
        method: e.method,
        score_tenths: e.scoreTenths,
        mark: e.mark,
      })),
    );
    await tx.execute(sql`
      insert into ${levelEvaluationScores} (candidate_id, evaluation_id, method, score_tenths, mark, updated_by, updated_at)
      select candidate_id, ${evaluationId}::uuid, method, score_tenths, mark, ${userId}::uuid, now()
      from jsonb_to_recordset(${json}::jsonb) as x(candidate_id uuid, method smallint, score_tenths int, mark smallint)
      on conflict (candidate_id, method) do update set
        score_tenths = excluded.score_tenths, mark = excluded.mark,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at,
        from_task = false, marked_by_name = null, marked_at = null`);
  }
}

/** Every score of these candidates, by candidate (tenths), as recomputeResults read them, and their results. */
export interface RecomputedResults {
  scores: Map<string, MethodScore[]>;
  results: Map<string, CandidateResultValue | null>;
}

/**
 * Recomputes the result of these candidates with the shared rule (candidateResult) from their scores: one read of
 * the scores, one update of the results that changed, and the plan's `pass_count` moved by what those changed
 * (never a count over the plan's candidates). The caller holds the plan row locked (`findPlan(…, { forUpdate })`),
 * which keeps the delta exact. Answers the scores it read, so the caller's answer need not read them again.
 * `written`: the cells just saved; a candidate whose cells there cover every method of the plan needs no read (a
 * page of the score table saves whole rows).
 */
export async function recomputeResults(
  tx: DbOrTx,
  evaluationId: string,
  candidateIds: string[],
  methods: PlanMethod[],
  written: TenthsEntry[] = [],
): Promise<RecomputedResults> {
  if (candidateIds.length === 0) return { scores: new Map(), results: new Map() };
  const known = wholeRows(written, methods);
  const toRead = candidateIds.filter((id) => !known.has(id));
  const read = toRead.length > 0 ? await scoresOf(tx, { ids: toRead }) : new Map<string, MethodScore[]>();
  const byCandidate = new Map(candidateIds.map((id) => [id, known.get(id) ?? read.get(id) ?? []]));
  // Marks in tenths like the scores: the rule only compares them.
  const rules = methods.map((m) => ({ method: m.method, pass_mark: m.passMarkTenths }));
  const results = [...byCandidate].map(([id, list]) => ({ id, result: candidateResult(rules, list) }));
  // `before` is the row as the statement found it: RETURNING answers each changed candidate's old and new result.
  const changed = (await tx.execute(sql`
    update ${levelEvaluationCandidates} c set result = x.result, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as x(id uuid, result smallint),
      ${levelEvaluationCandidates} before
    where c.id = x.id and before.id = c.id and c.evaluation_id = ${evaluationId}
      and c.result is distinct from x.result
    returning before.result as before, c.result as after`)) as unknown as {
    rows: { before: number | null; after: number | null }[];
  };
  const isPass = (result: number | null) => (result === CandidateResult.PASS ? 1 : 0);
  const passDelta = changed.rows.reduce((sum, r) => sum + isPass(r.after) - isPass(r.before), 0);
  if (passDelta !== 0)
    await tx
      .update(levelEvaluations)
      .set({ passCount: sql`${levelEvaluations.passCount} + ${passDelta}`, updatedAt: new Date() })
      .where(eq(levelEvaluations.id, evaluationId));
  return { scores: byCandidate, results: new Map(results.map((r) => [r.id, r.result])) };
}

/** The candidates whose written cells cover every method of the plan, with those cells as their scores. */
function wholeRows(written: TenthsEntry[], methods: PlanMethod[]): Map<string, MethodScore[]> {
  const byCandidate = new Map<string, MethodScore[]>();
  for (const e of written) {
    const list = byCandidate.get(e.candidateId) ?? [];
    list.push({ method: e.method, score: e.scoreTenths, mark: e.mark as MethodScore['mark'] });
    byCandidate.set(e.candidateId, list);
  }
  for (const [id, list] of byCandidate)
    if (!methods.every((m) => list.some((s) => s.method === m.method))) byCandidate.delete(id);
  return byCandidate;
}

/**
 * Scores of many candidates and methods at once (a page of the table, or a cell), in 进行中 only: checked against
 * the plan's methods and full marks, written in one statement, the results recomputed and pass_count updated in the
 * same transaction. Answers the changed rows, so the table shows them saved.
 */
export async function saveScores(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  entries: ScoreEntry[],
  userId: string,
): Promise<CandidateRow[]> {
  // The last entry of a cell wins.
  const byCell = new Map<string, TenthsEntry>();
  for (const e of entries)
    byCell.set(`${e.candidate_id}:${e.method}`, {
      candidateId: e.candidate_id,
      method: e.method,
      scoreTenths: e.score === null ? null : toTenths(e.score),
      mark: e.mark,
    });
  const cells = [...byCell.values()];
  const ids = [...new Set(cells.map((c) => c.candidateId))];
  const { rows, scores } = await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertScoresEditable(plan);
    const methods = await planMethods(tx, plan.id);
    for (const c of cells) {
      const problem = entryProblem(methods, c.method, c.scoreTenths);
      if (problem) throw badRequest(problem);
    }
    // The rows of the answer, read once: also the proof that every candidate is one of this plan's.
    const rows = await candidateDbRows(tx, plan.id, ids);
    if (rows.length !== ids.length) throw badRequest(CANDIDATE_NOT_FOUND);
    const unapproved = rows.find((r) => r.registrationStatus !== ExamineeStatus.APPROVED);
    if (unapproved) throw badRequest(`${unapproved.name}的报名未审核通过，不能录入成绩`);
    // A row of the table saves every cell: one handed over by examiners passes unchanged and is not written.
    const marked = await taskMarkedCells(tx, plan.id, ids);
    const changed = cells.filter((c) => {
      const held = marked.get(`${c.candidateId}:${c.method}`);
      if (!held) return true;
      if (held.scoreTenths === c.scoreTenths && held.mark === c.mark) return false;
      const name = rows.find((r) => r.id === c.candidateId)?.name ?? '';
      throw badRequest(
        `${name}的${methodTextOf(c.method)}成绩由考评员评分提交，不能直接修改；如需重评请退回考评任务`,
      );
    });
    await writeScores(tx, plan.id, changed, userId);
    const { scores, results } = await recomputeResults(tx, plan.id, ids, methods, changed);
    const now = new Date();
    for (const r of rows) {
      const result = results.get(r.id) ?? null;
      if (r.result !== result) Object.assign(r, { result, updatedAt: now });
    }
    return { rows, scores };
  });
  return toCandidateRows(db, rows, scores);
}

export function assertScoresEditable(plan: PlanRow): void {
  const problem = scoreStateProblem(plan.status);
  if (problem) throw badRequest(problem);
}

/** The cells among these candidates' scores handed over by examiners' tasks (the owner may not type over them). */
export async function taskMarkedCells(
  db: DbOrTx,
  planId: string,
  candidateIds: string[],
): Promise<Map<string, { scoreTenths: number | null; mark: number | null }>> {
  if (candidateIds.length === 0) return new Map();
  const s = levelEvaluationScores;
  const rows = await db
    .select({ candidateId: s.candidateId, method: s.method, scoreTenths: s.scoreTenths, mark: s.mark })
    .from(s)
    .where(and(eq(s.evaluationId, planId), eq(s.fromTask, true), inList(s.candidateId, candidateIds)));
  return new Map(rows.map((r) => [`${r.candidateId}:${r.method}`, r]));
}
