import { randomInt } from 'node:crypto';
import {
  type CandidateMarking,
  EXAM_TASK_NOT_FOUND,
  type ExamTaskAssignBody,
  ExamTaskStatus,
  examTaskKindText,
  examTaskStatusText,
  MarkingRound,
  MarkingState,
  markingRoundText,
  markingStateText,
  type PlanExamTaskRow,
  qualificationCheck,
  resolveMarking,
  taskKindOf,
} from '@skill-cert/shared/exam-tasks';
import { areScoresEditable, EvaluationAction, ExamineeStatus } from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { EXAMINER, staffWithAccounts } from './examiners.ts';
import { assertMarkingOpen, type MethodMarking, markingOf, methodOfPlan } from './marking.ts';
import { findPlan, logSteps, type PlanRow } from './plans.ts';
import { qualificationsOf } from './qualifications.ts';
import { methodTextOf, planMethods, recomputeResults } from './scores.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationItemScores,
  levelEvaluationRooms,
  levelEvaluationScores,
  levelEvaluationSeats,
  levelEvaluationSessions,
  levelEvaluationTaskCards,
  levelEvaluationTasks,
} from './tables.ts';

export type TaskRow = typeof levelEvaluationTasks.$inferSelect;
type User = { id: string; name: string };

/** 已提交 reads 已完成 once the plan's scores can no longer be entered (its results were submitted). */
export const shownStatus = (task: { status: number }, planStatus: number): number =>
  task.status === ExamTaskStatus.SUBMITTED && !areScoresEditable(planStatus)
    ? ExamTaskStatus.DONE
    : task.status;

/**
 * Examinees scored completely and in the task, per task: one statement for many tasks, over the cards' kept count of
 * filled items. `items`, when the caller knows the tasks' item count (one method), spares counting the items per card.
 */
export async function progressOf(
  db: DbOrTx,
  taskIds: string[],
  items?: number,
): Promise<Map<string, { done: number; total: number }>> {
  if (taskIds.length === 0) return new Map();
  const needed =
    items ??
    sql`greatest(1, (select count(*) from level_evaluation_items i
        where i.evaluation_id = c.evaluation_id and i.method = c.method))`;
  const rows = (await db.execute(sql`
    select c.task_id, count(*)::int as total, count(*) filter (where c.filled >= ${needed})::int as done
    from ${levelEvaluationTaskCards} c where ${inList(sql`c.task_id`, taskIds)} group by c.task_id`)) as unknown as {
    rows: { task_id: string; total: number; done: number }[];
  };
  return new Map(rows.rows.map((r) => [r.task_id, { done: Number(r.done), total: Number(r.total) }]));
}

/**
 * Sets a card's count of filled items from its scores, after they were written; the writer holds the task's row.
 * Returns the count.
 */
export async function countFilled(tx: DbOrTx, cardId: string): Promise<number> {
  const k = levelEvaluationTaskCards;
  const s = levelEvaluationItemScores;
  const [row] = await tx
    .update(k)
    .set({
      filled: sql`(select count(*) from ${s} where ${s.cardId} = ${k.id} and ${s.scoreTenths} is not null)`,
    })
    .where(eq(k.id, cardId))
    .returning({ filled: k.filled });
  return row?.filled ?? 0;
}

/** Random 8-digit masked codes (密号), none of `taken`. */
function maskedCodes(n: number, taken: Set<string>): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const code = String(randomInt(10_000_000, 100_000_000));
    if (taken.has(code)) continue;
    taken.add(code);
    out.push(code);
  }
  return out;
}

/** Adds these examinees to a task as cards (one card per examinee, method and round: others already held are kept). */
async function addCards(tx: DbOrTx, task: TaskRow, candidateIds: string[]): Promise<void> {
  if (candidateIds.length === 0) return;
  const taken = new Set(
    (
      await tx
        .select({ code: levelEvaluationTaskCards.maskedCode })
        .from(levelEvaluationTaskCards)
        .where(eq(levelEvaluationTaskCards.taskId, task.id))
    ).map((r) => r.code),
  );
  const codes = maskedCodes(candidateIds.length, taken);
  await tx
    .insert(levelEvaluationTaskCards)
    .values(
      candidateIds.map((candidateId, i) => ({
        taskId: task.id,
        candidateId,
        evaluationId: task.evaluationId,
        method: task.method,
        round: task.round,
        maskedCode: codes[i],
      })),
    )
    .onConflictDoNothing();
}

/**
 * A first or second round task holds every approved examinee of the plan (of its room, when it has one) that no other
 * task of its round holds and that has no 缺考/违纪/违规 mark in the method: examinees added later join it while it is
 * open.
 */
export async function fillCards(tx: DbOrTx, task: TaskRow): Promise<void> {
  if (task.round > MarkingRound.SECOND || task.status === ExamTaskStatus.SUBMITTED) return;
  const c = levelEvaluationCandidates;
  const rows = await tx
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.evaluationId, task.evaluationId),
        eq(c.registrationStatus, ExamineeStatus.APPROVED),
        task.roomId
          ? sql`exists (select 1 from ${levelEvaluationSeats} s where s.candidate_id = ${c.id} and s.room_id = ${task.roomId})`
          : undefined,
        sql`not exists (select 1 from ${levelEvaluationTaskCards} k where k.candidate_id = ${c.id}
          and k.method = ${task.method} and k.round = ${task.round})`,
        sql`not exists (select 1 from ${levelEvaluationScores} m where m.candidate_id = ${c.id}
          and m.method = ${task.method} and m.mark is not null)`,
      ),
    )
    .orderBy(asc(c.sort));
  await addCards(
    tx,
    task,
    rows.map((r) => r.id),
  );
}

/** Submitted totals of a method's cards by examinee: round → total, examiner, when. */
async function submittedTotals(tx: DbOrTx, planId: string, method: number, candidateIds: string[] | null) {
  const k = levelEvaluationTaskCards;
  const rows = await tx
    .select({
      candidateId: k.candidateId,
      round: k.round,
      submittedAt: k.submittedAt,
      examinerName: levelEvaluationTasks.examinerName,
      examinerUserId: levelEvaluationTasks.examinerUserId,
      total:
        sql<number>`(select coalesce(sum(s.score_tenths), 0) from ${levelEvaluationItemScores} s where s.card_id = ${k.id})`.mapWith(
          Number,
        ),
    })
    .from(k)
    .innerJoin(levelEvaluationTasks, eq(levelEvaluationTasks.id, k.taskId))
    .where(
      and(
        eq(k.evaluationId, planId),
        eq(k.method, method),
        isNotNull(k.submittedAt),
        candidateIds ? inList(k.candidateId, candidateIds) : undefined,
      ),
    );
  const by = new Map<string, typeof rows>();
  for (const r of rows) by.set(r.candidateId, [...(by.get(r.candidateId) ?? []), r]);
  return by;
}

/** The open task of a round that takes examinees needing it; the leader's is made when first needed. */
async function roundTask(
  tx: DbOrTx,
  plan: PlanRow,
  m: MethodMarking,
  round: number,
): Promise<TaskRow | null> {
  const [found] = await tx
    .select()
    .from(levelEvaluationTasks)
    .where(
      and(
        eq(levelEvaluationTasks.evaluationId, plan.id),
        eq(levelEvaluationTasks.method, m.method),
        eq(levelEvaluationTasks.round, round),
        round === MarkingRound.LEADER && m.leaderUserId
          ? eq(levelEvaluationTasks.examinerUserId, m.leaderUserId)
          : undefined,
      ),
    )
    .orderBy(asc(levelEvaluationTasks.createdAt))
    .limit(1);
  if (found || round !== MarkingRound.LEADER || !m.leaderUserId || !m.leaderPersonId) return found ?? null;
  const leader = (await staffWithAccounts(tx, plan.id)).find((s) => s.personId === m.leaderPersonId);
  const [made] = await tx
    .insert(levelEvaluationTasks)
    .values({
      evaluationId: plan.id,
      method: m.method,
      round,
      personId: m.leaderPersonId,
      examinerUserId: m.leaderUserId,
      examinerName: m.leaderName ?? leader?.name ?? '',
      examinerPhone: leader?.phone ?? '',
    })
    .returning();
  return made;
}

/**
 * Hands the method's submitted marks to the plan, by the double-marking rule (resolveMarking): a final score is
 * written as the candidate's method score, marked as coming from tasks (the owner can no longer type over it) with
 * who marked it and when; an examinee past the tolerance joins the third round's task, past both the leader's.
 * `candidateIds` null: every examinee with a submitted mark.
 */
export async function settleMarks(
  tx: DbOrTx,
  plan: PlanRow,
  method: number,
  candidateIds: string[] | null,
): Promise<void> {
  const m = await markingOf(tx, plan.id, method);
  const totals = await submittedTotals(tx, plan.id, method, candidateIds);
  const finals: { candidateId: string; score: number; by: string; at: Date }[] = [];
  const waiting = new Map<number, string[]>();
  for (const [candidateId, rounds] of totals) {
    const of = (round: number) => rounds.find((r) => r.round === round)?.total ?? null;
    const { state, final } = resolveRounds(m, of);
    if (final !== null) {
      const sorted = [...rounds].sort((a, b) => a.round - b.round);
      finals.push({
        candidateId,
        score: final,
        by: [...new Set(sorted.map((r) => r.examinerName))].join('、'),
        at: new Date(Math.max(...sorted.map((r) => r.submittedAt?.getTime() ?? 0))),
      });
    } else if (state === MarkingState.THIRD || state === MarkingState.LEADER) {
      const round = state === MarkingState.THIRD ? MarkingRound.THIRD : MarkingRound.LEADER;
      waiting.set(round, [...(waiting.get(round) ?? []), candidateId]);
    }
  }
  for (const [round, ids] of waiting) {
    const task = await roundTask(tx, plan, m, round);
    if (!task) continue;
    await addCards(tx, task, ids);
    if (task.status === ExamTaskStatus.SUBMITTED)
      await tx
        .update(levelEvaluationTasks)
        .set({ status: ExamTaskStatus.SCORING })
        .where(eq(levelEvaluationTasks.id, task.id));
  }
  if (finals.length === 0) return;
  await tx.execute(sql`
    insert into ${levelEvaluationScores} (candidate_id, evaluation_id, method, score_tenths, mark, from_task, marked_by_name, marked_at, updated_at)
    select candidate_id, ${plan.id}::uuid, ${method}::smallint, score, null, true, by_name, at, now()
    from jsonb_to_recordset(${JSON.stringify(finals.map((f) => ({ candidate_id: f.candidateId, score: f.score, by_name: f.by, at: f.at.toISOString() })))}::jsonb)
      as x(candidate_id uuid, score int, by_name text, at timestamptz)
    on conflict (candidate_id, method) do update set score_tenths = excluded.score_tenths, mark = null,
      from_task = true, marked_by_name = excluded.marked_by_name, marked_at = excluded.marked_at, updated_at = now()`);
  await recomputeResults(
    tx,
    plan.id,
    finals.map((f) => f.candidateId),
    await planMethods(tx, plan.id),
  );
}

// ---------------------------------------------------------------------------------------------- the owner's routes

async function taskOfPlan(tx: DbOrTx, plan: PlanRow, taskId: string, forUpdate = false): Promise<TaskRow> {
  const q = tx
    .select()
    .from(levelEvaluationTasks)
    .where(and(eq(levelEvaluationTasks.id, taskId), eq(levelEvaluationTasks.evaluationId, plan.id)))
    .limit(1);
  const [task] = forUpdate ? await q.for('update') : await q;
  if (!task) throw notFound(EXAM_TASK_NOT_FOUND);
  return task;
}

/** The exam day the qualifications must still be valid on: the plan's last day, else its first. */
const examDateOf = (plan: PlanRow) => plan.endDate ?? plan.startDate;

async function warningsOf(tx: DbOrTx, plan: PlanRow, userId: string, name: string) {
  return qualificationCheck(name, await qualificationsOf(tx, userId), {
    occupationCode: plan.occupationCode,
    occupationName: plan.occupationName,
    level: plan.level,
    examDate: examDateOf(plan),
  });
}

/** The plan's tasks, each with its progress and what its examiner's qualification does not cover. */
export async function planTasks(db: DbOrTx, plan: PlanRow, only?: string): Promise<PlanExamTaskRow[]> {
  const rows = await db
    .select({ task: levelEvaluationTasks, roomName: levelEvaluationRooms.name })
    .from(levelEvaluationTasks)
    .leftJoin(levelEvaluationRooms, eq(levelEvaluationRooms.id, levelEvaluationTasks.roomId))
    .where(
      and(
        eq(levelEvaluationTasks.evaluationId, plan.id),
        only ? eq(levelEvaluationTasks.id, only) : undefined,
      ),
    )
    .orderBy(
      asc(levelEvaluationTasks.method),
      asc(levelEvaluationTasks.round),
      asc(levelEvaluationTasks.createdAt),
    );
  const progress = await progressOf(
    db,
    rows.map((r) => r.task.id),
  );
  const warnings = new Map<string, string[]>();
  for (const { task } of rows)
    if (!warnings.has(task.examinerUserId)) {
      const check = await warningsOf(db, plan, task.examinerUserId, task.examinerName);
      warnings.set(task.examinerUserId, check.refusal ? [check.refusal] : check.warnings);
    }
  return rows.map(({ task, roomName }) => {
    const status = shownStatus(task, plan.status);
    const p = progress.get(task.id) ?? { done: 0, total: 0 };
    return {
      ...taskFields(task, status, roomName, p),
      room_id: task.roomId,
      return_reason: task.returnReason,
      create_time_str: formatDateTime(task.createdAt),
      examiner_name: task.examinerName,
      examiner_phone: task.examinerPhone,
      person_id: task.personId,
      warnings: warnings.get(task.examinerUserId) ?? [],
    };
  });
}

/**
 * Assigns an examiner of the plan to a method and round (and room): refused when they hold no qualification at all,
 * warned (in the answer) when it does not cover the plan's occupation, level or exam day.
 */
export async function assignTask(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  body: ExamTaskAssignBody,
  user: User,
): Promise<PlanExamTaskRow> {
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertMarkingOpen(plan, '分配考评任务');
    methodOfPlan(await planMethods(tx, plan.id), body.method);
    const m = await markingOf(tx, plan.id, body.method);
    if (body.round > 1 && m.markers !== 2)
      throw badRequest(`${methodTextOf(body.method)}未设置双评，只能分配一评`);
    const person = (await staffWithAccounts(tx, plan.id)).find(
      (s) => s.personId === body.person_id && s.kind === EXAMINER,
    );
    if (!person) throw badRequest('所选人员不是本计划的考评员');
    if (!person.userId)
      throw badRequest(
        `${person.name}还没有考评员端账号：请其用手机号 ${person.phone} 注册并开通考评员端后再分配`,
      );
    if (body.room_id) {
      if (body.round > MarkingRound.SECOND) throw badRequest('三评不按考场分配，请不要选择考场');
      const [room] = await tx
        .select({ method: levelEvaluationSessions.method })
        .from(levelEvaluationRooms)
        .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, levelEvaluationRooms.sessionId))
        .where(
          and(eq(levelEvaluationRooms.id, body.room_id), eq(levelEvaluationRooms.evaluationId, plan.id)),
        );
      if (!room || room.method !== body.method) throw badRequest('所选考场不属于本计划该评价方式的场次');
    }
    const sameMethod = await tx
      .select()
      .from(levelEvaluationTasks)
      .where(
        and(eq(levelEvaluationTasks.evaluationId, plan.id), eq(levelEvaluationTasks.method, body.method)),
      );
    const mine = sameMethod.filter(
      (t) => t.examinerUserId === person.userId && t.round !== MarkingRound.LEADER,
    );
    if (mine.some((t) => t.round === body.round && t.roomId === body.room_id))
      throw badRequest(`${person.name}已分配此任务`);
    const other = mine.find((t) => t.round !== body.round);
    if (other)
      throw badRequest(`双评的各轮须由不同考评员评分：${person.name}已担任${markingRoundText[other.round]}`);
    const whole = sameMethod.find((t) => t.round === body.round && t.roomId === null);
    if (whole && body.round <= MarkingRound.SECOND)
      throw badRequest(
        `${methodTextOf(body.method)}的${markingRoundText[body.round]}已整体分配给${whole.examinerName}`,
      );
    const check = await warningsOf(tx, plan, person.userId, person.name);
    if (check.refusal) throw badRequest(check.refusal);
    const [task] = await tx
      .insert(levelEvaluationTasks)
      .values({
        evaluationId: plan.id,
        method: body.method,
        round: body.round,
        roomId: body.room_id,
        personId: person.personId,
        examinerUserId: person.userId,
        examinerName: person.name,
        examinerPhone: person.phone,
        deadline: body.deadline,
        assignedBy: user.id,
      })
      .returning();
    await fillCards(tx, task);
    // A third marker assigned late takes the examinees already waiting for one.
    if (body.round === MarkingRound.THIRD) await settleMarks(tx, plan, body.method, null);
    return (await planTasks(tx, plan, task.id))[0];
  });
}

/** Unassigns a task whose examiner has not scored anything yet; it leaves the examiner's list. */
export async function unassignTask(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  taskId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    const task = await taskOfPlan(tx, plan, taskId, true);
    const [scored] = await tx
      .select({ one: sql`1` })
      .from(levelEvaluationItemScores)
      .innerJoin(levelEvaluationTaskCards, eq(levelEvaluationTaskCards.id, levelEvaluationItemScores.cardId))
      .where(
        and(eq(levelEvaluationTaskCards.taskId, task.id), isNotNull(levelEvaluationItemScores.scoreTenths)),
      )
      .limit(1);
    if (scored || task.status !== ExamTaskStatus.WAITING)
      throw badRequest(`${task.examinerName}已开始评分，不能取消分配`);
    await tx.delete(levelEvaluationTasks).where(eq(levelEvaluationTasks.id, task.id));
  });
}

/**
 * Returns a submitted task, whole or some of its examinees, with a reason: only those reopen (their marks leave the
 * settled rounds until submitted again), the task reads 已退回, and its examiner gets a message that opens it.
 */
export async function returnTask(
  db: DbOrTx,
  messenger: FastifyInstance['messenger'],
  own: CompanyScope,
  planId: string,
  taskId: string,
  body: { candidate_ids: string[]; reason: string },
  user: User,
): Promise<PlanExamTaskRow> {
  let push: () => Promise<number> = async () => 0;
  const row = await db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertMarkingOpen(plan, '退回考评任务');
    const task = await taskOfPlan(tx, plan, taskId, true);
    if (task.status !== ExamTaskStatus.SUBMITTED)
      throw badRequest(`任务${examTaskStatusText[task.status]}，只有已提交的任务可以退回`);
    const k = levelEvaluationTaskCards;
    const cards = await tx
      .select({ id: k.id, candidateId: k.candidateId })
      .from(k)
      .where(
        and(
          eq(k.taskId, task.id),
          body.candidate_ids.length ? inList(k.candidateId, body.candidate_ids) : undefined,
        ),
      );
    if (body.candidate_ids.length && cards.length !== new Set(body.candidate_ids).size)
      throw badRequest('所选考生不在该任务中');
    if (cards.length === 0) throw badRequest('该任务中没有考生，无需退回');
    await tx
      .update(k)
      .set({ returnReason: body.reason, submittedAt: null })
      .where(
        inList(
          k.id,
          cards.map((c) => c.id),
        ),
      );
    await tx
      .update(levelEvaluationTasks)
      .set({ status: ExamTaskStatus.RETURNED, returnReason: body.reason })
      .where(eq(levelEvaluationTasks.id, task.id));
    const what = body.candidate_ids.length ? `${cards.length} 名考生` : '整个任务';
    const label = `「${plan.name}」${methodTextOf(task.method)}${markingRoundText[task.round]}`;
    await logSteps(tx, plan.id, user, [
      {
        action: EvaluationAction.RETURN_TASK,
        note: `${task.examinerName} ${label}：退回${what}，原因：${body.reason}`,
      },
    ]);
    push = await messenger.toUsersIn(tx, [task.examinerUserId], {
      category: '考务通知',
      content: `${label}的评分被退回（${what}），原因：${body.reason}。请重新评分后提交。`,
      templateKey: TemplateKey.EXAM_TASK_RETURNED,
      relatedId: task.id,
    });
    return (await planTasks(tx, plan, task.id))[0];
  });
  await push();
  return row;
}

/** `GET .../markings?method=`: every examinee's rounds of a method with the state of the rule and the score handed on. */
export async function planMarkings(
  db: DbOrTx,
  plan: PlanRow,
  only: number | undefined,
): Promise<CandidateMarking[]> {
  const methods = await planMethods(db, plan.id);
  if (only !== undefined) methodOfPlan(methods, only);
  const out: CandidateMarking[] = [];
  for (const { method } of methods)
    if (only === undefined || only === method) out.push(...(await methodMarkings(db, plan, method)));
  return out;
}

async function methodMarkings(db: DbOrTx, plan: PlanRow, method: number): Promise<CandidateMarking[]> {
  const m = await markingOf(db, plan.id, method);
  const k = levelEvaluationTaskCards;
  const cards = await db
    .select({
      candidateId: k.candidateId,
      taskId: k.taskId,
      name: levelEvaluationCandidates.name,
      sort: levelEvaluationCandidates.sort,
      round: k.round,
      maskedCode: k.maskedCode,
      submittedAt: k.submittedAt,
      returnReason: k.returnReason,
      examinerName: levelEvaluationTasks.examinerName,
      total: sql<
        number | null
      >`(select sum(s.score_tenths) from ${levelEvaluationItemScores} s where s.card_id = ${k.id})`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(k)
    .innerJoin(levelEvaluationTasks, eq(levelEvaluationTasks.id, k.taskId))
    .innerJoin(levelEvaluationCandidates, eq(levelEvaluationCandidates.id, k.candidateId))
    .where(and(eq(k.evaluationId, plan.id), eq(k.method, method)))
    .orderBy(asc(levelEvaluationCandidates.sort), asc(k.round));
  const scores = await db
    .select({ candidateId: levelEvaluationScores.candidateId, score: levelEvaluationScores.scoreTenths })
    .from(levelEvaluationScores)
    .where(
      and(
        eq(levelEvaluationScores.evaluationId, plan.id),
        eq(levelEvaluationScores.method, method),
        eq(levelEvaluationScores.fromTask, true),
      ),
    );
  const byCandidate = new Map<string, typeof cards>();
  for (const c of cards) byCandidate.set(c.candidateId, [...(byCandidate.get(c.candidateId) ?? []), c]);
  return [...byCandidate].map(([candidateId, rounds]) => {
    const of = (round: number) => {
      const r = rounds.find((x) => x.round === round && x.submittedAt);
      return r ? (r.total ?? 0) : null;
    };
    const { state } = resolveRounds(m, of);
    const score = scores.find((s) => s.candidateId === candidateId)?.score ?? null;
    return {
      method: method as 1 | 2 | 3 | 4,
      method_text: methodTextOf(method),
      candidate_id: candidateId,
      name: rounds[0].name,
      rounds: rounds.map((r) => ({
        task_id: r.taskId,
        round: r.round,
        round_text: markingRoundText[r.round] ?? '',
        examiner_name: r.examinerName,
        masked_code: r.maskedCode,
        total: r.total === null ? null : r.total / 10,
        submit_time_str: r.submittedAt ? formatDateTime(r.submittedAt) : null,
        return_reason: r.returnReason,
      })),
      state,
      state_text:
        state === MarkingState.LEADER && !m.leaderUserId
          ? `${markingStateText[state]}（尚未设置组长）`
          : (markingStateText[state] ?? ''),
      score: score === null ? null : score / 10,
    };
  });
}

/** The plan's method scores that came from tasks, for the owner's lock: `candidateId:method`. */
export async function taskMarkedCells(
  db: DbOrTx,
  planId: string,
  candidateIds: string[],
): Promise<Set<string>> {
  if (candidateIds.length === 0) return new Set();
  const rows = await db
    .select({ candidateId: levelEvaluationScores.candidateId, method: levelEvaluationScores.method })
    .from(levelEvaluationScores)
    .where(
      and(
        eq(levelEvaluationScores.evaluationId, planId),
        eq(levelEvaluationScores.fromTask, true),
        inList(levelEvaluationScores.candidateId, candidateIds),
      ),
    );
  return new Set(rows.map((r) => `${r.candidateId}:${r.method}`));
}

/** The double-marking rule on a method's settings and the totals of each round (1–3, the leader's as 4). */
function resolveRounds(
  m: { markers: number; toleranceTenths: number; rounding: number },
  of: (round: number) => number | null,
) {
  return resolveMarking({
    double: m.markers === 2,
    toleranceTenths: m.toleranceTenths,
    rounding: m.rounding,
    first: of(1),
    second: of(2),
    third: of(3),
    leader: of(4),
  });
}

/** What the owner's and the examiner's task rows share. */
export function taskFields(
  task: TaskRow,
  status: number,
  roomName: string | null,
  progress: { done: number; total: number },
) {
  return {
    _id: task.id,
    kind: taskKindOf(task.method),
    kind_text: examTaskKindText[taskKindOf(task.method)] ?? '',
    method: task.method as 1 | 2 | 3 | 4,
    method_text: methodTextOf(task.method),
    round: task.round,
    round_text: markingRoundText[task.round] ?? '',
    room_name: roomName,
    deadline: task.deadline,
    status: status as 0 | 1 | 2 | 3 | 4,
    status_text: examTaskStatusText[status] ?? '',
    done: progress.done,
    total: progress.total,
    submit_time_str: task.submittedAt ? formatDateTime(task.submittedAt) : null,
    update_time_str: formatDateTime(task.updatedAt),
  };
}
