import {
  EXAM_CARD_NOT_FOUND,
  EXAM_TASK_NOT_FOUND,
  type ExamCardRow,
  type ExamTaskDetail,
  type ExamTaskListQuery,
  type ExamTaskPage,
  type ExamTaskRow,
  ExamTaskStatus,
  type ItemScoreBody,
  type ItemScoreSaved,
  MarkingRound,
  markingRoundText,
  STALE_SCORE,
} from '@skill-cert/shared/exam-tasks';
import {
  areScoresEditable,
  EvaluationAction,
  EvaluationStatus,
  idTypeText,
} from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import { pageMeta } from '@skill-cert/shared/pagination';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/in-list.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { companiesNamed, companyNameSql } from '../companies/service.ts';
import {
  countFilled,
  fillCards,
  progressOf,
  settleMarks,
  shownStatus,
  type TaskRow,
  taskFields,
} from './exam-tasks.ts';
import { itemsOut, type MethodMarking, markingOf, methodItems } from './marking.ts';
import { logSteps, type PlanRow } from './plans.ts';
import { methodTextOf, scoreStateProblem, tenthsText, toTenths } from './scores.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationItemScores,
  levelEvaluationRooms,
  levelEvaluations,
  levelEvaluationTaskCards,
  levelEvaluationTasks,
} from './tables.ts';

type Examiner = { id: string; name: string };
const SCORING_STATES = [EvaluationStatus.IN_PROGRESS, EvaluationStatus.MARKING];

/** The caller's own task with its plan, or 404: another examiner's task reads exactly as a missing one. */
async function ownTask(
  db: DbOrTx,
  examinerId: string,
  taskId: string,
  forUpdate = false,
): Promise<{ task: TaskRow; plan: PlanRow }> {
  const q = db
    .select({ task: levelEvaluationTasks, plan: levelEvaluations })
    .from(levelEvaluationTasks)
    .innerJoin(levelEvaluations, eq(levelEvaluations.id, levelEvaluationTasks.evaluationId))
    .where(and(eq(levelEvaluationTasks.id, taskId), eq(levelEvaluationTasks.examinerUserId, examinerId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: levelEvaluationTasks }) : await q;
  if (!row) throw notFound(EXAM_TASK_NOT_FOUND);
  return row;
}

/** Why the task's cards cannot be scored now; null when they can. */
function scoreProblem(task: TaskRow, plan: PlanRow): string | null {
  if (task.status === ExamTaskStatus.SUBMITTED)
    return areScoresEditable(plan.status) ? '任务已提交，不能再修改评分' : '任务已完成，不能再修改评分';
  return scoreStateProblem(plan.status);
}

const statusFilter = (status: number | undefined): SQL | undefined => {
  if (status === undefined) return undefined;
  const t = levelEvaluationTasks;
  if (status === ExamTaskStatus.DONE)
    return and(eq(t.status, ExamTaskStatus.SUBMITTED), notInArray(levelEvaluations.status, SCORING_STATES));
  if (status === ExamTaskStatus.SUBMITTED)
    return and(eq(t.status, ExamTaskStatus.SUBMITTED), sql`${levelEvaluations.status} in (2, 13)`);
  return eq(t.status, status);
};

const rowFields = {
  task: levelEvaluationTasks,
  planName: levelEvaluations.name,
  planStatus: levelEvaluations.status,
  ownerKind: levelEvaluations.ownerKind,
  occupationName: levelEvaluations.occupationName,
  level: levelEvaluations.level,
  ownerName: companyNameSql(levelEvaluations.companyId),
  roomName: levelEvaluationRooms.name,
};
type Joined = {
  task: TaskRow;
  planName: string;
  planStatus: number;
  ownerKind: number;
  occupationName: string | null;
  level: number | null;
  ownerName: string;
  roomName: string | null;
};

function rowOf(r: Joined, progress: { done: number; total: number } | undefined): ExamTaskRow {
  const { task } = r;
  const status = shownStatus(task, r.planStatus);
  return {
    ...taskFields(task, status, r.roomName, progress ?? { done: 0, total: 0 }),
    return_reason: task.status === ExamTaskStatus.RETURNED ? task.returnReason : null,
    plan_id: task.evaluationId,
    plan_name: r.planName,
    owner_kind: r.ownerKind === 2 ? 2 : 1,
    owner_name: r.ownerName,
    occupation_name: r.occupationName,
    level_text: r.level ? skillLevelName(r.level) : null,
  };
}

function joined(db: DbOrTx) {
  return db
    .select(rowFields)
    .from(levelEvaluationTasks)
    .innerJoin(levelEvaluations, eq(levelEvaluations.id, levelEvaluationTasks.evaluationId))
    .leftJoin(levelEvaluationRooms, eq(levelEvaluationRooms.id, levelEvaluationTasks.roomId));
}

/** `GET /api/examTasks`: the caller's tasks, newest first, searched by plan or owner name. */
export async function listOwnTasks(
  db: DbOrTx,
  examinerId: string,
  q: ExamTaskListQuery,
): Promise<ExamTaskPage> {
  const where = and(
    eq(levelEvaluationTasks.examinerUserId, examinerId),
    q.keyword
      ? or(
          containsAny(q.keyword, levelEvaluations.name),
          inArray(levelEvaluations.companyId, companiesNamed(db, q.keyword)),
        )
      : undefined,
    q.kind ? eq(levelEvaluationTasks.method, q.kind) : undefined,
    statusFilter(q.status),
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(levelEvaluationTasks)
    .innerJoin(levelEvaluations, eq(levelEvaluations.id, levelEvaluationTasks.evaluationId))
    .where(where);
  const rows = (await joined(db)
    .where(where)
    .orderBy(desc(levelEvaluationTasks.createdAt), desc(levelEvaluationTasks.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)) as Joined[];
  const progress = await progressOf(
    db,
    rows.map((r) => r.task.id),
  );
  return { list: rows.map((r) => rowOf(r, progress.get(r.task.id))), meta: pageMeta(total, q) };
}

/** `GET /api/examTasks/{id}`: the task, its items, and whether it can be scored now (open cards joined first). */
export async function ownTaskDetail(db: DbOrTx, examinerId: string, taskId: string): Promise<ExamTaskDetail> {
  const { task, plan } = await ownTask(db, examinerId, taskId);
  if (!scoreProblem(task, plan)) await fillCards(db, task);
  const [row] = (await joined(db).where(eq(levelEvaluationTasks.id, task.id))) as Joined[];
  const progress = await progressOf(db, [task.id]);
  const problem = scoreProblem(task, plan);
  return {
    ...rowOf(row, progress.get(task.id)),
    items: itemsOut(await markingOf(db, plan.id, task.method)),
    can_score: problem === null,
    score_problem: problem,
  };
}

type CardDb = typeof levelEvaluationTaskCards.$inferSelect;

async function cardRows(
  db: DbOrTx,
  items: MethodMarking['items'],
  task: TaskRow,
  editableTask: boolean,
  cards: CardDb[],
): Promise<ExamCardRow[]> {
  const scores =
    cards.length === 0
      ? []
      : await db
          .select()
          .from(levelEvaluationItemScores)
          .where(
            inList(
              levelEvaluationItemScores.cardId,
              cards.map((c) => c.id),
            ),
          );
  const earlier = await earlierTotals(db, task, cards);
  return cards.map((c) => {
    const own = scores.filter((s) => s.cardId === c.id);
    const scored = items.map((i) => {
      const s = own.find((x) => x.itemNo === i.itemNo);
      return {
        item_no: i.itemNo,
        score: s?.scoreTenths == null ? null : s.scoreTenths / 10,
        remark: s?.remark ?? null,
        version: s?.version ?? 0,
      };
    });
    const complete = scored.every((i) => i.score !== null);
    return {
      _id: c.id,
      masked_code: c.maskedCode,
      items: scored,
      total: scored.some((i) => i.score !== null)
        ? own.reduce((sum, s) => sum + (s.scoreTenths ?? 0), 0) / 10
        : null,
      complete,
      return_reason: c.returnReason,
      editable: editableTask && cardProblem(c) === null,
      earlier: earlier.get(c.candidateId) ?? [],
    };
  });
}

/** The submitted totals of the rounds before a third marker's or the leader's, by examinee. */
async function earlierTotals(db: DbOrTx, task: TaskRow, cards: CardDb[]) {
  const by = new Map<string, ExamCardRow['earlier']>();
  if (task.round <= MarkingRound.SECOND || cards.length === 0) return by;
  const k = levelEvaluationTaskCards;
  const rows = await db
    .select({
      candidateId: k.candidateId,
      round: k.round,
      total:
        sql<number>`(select coalesce(sum(s.score_tenths), 0) from ${levelEvaluationItemScores} s where s.card_id = ${k.id})`.mapWith(
          Number,
        ),
    })
    .from(k)
    .where(
      and(
        eq(k.evaluationId, task.evaluationId),
        eq(k.method, task.method),
        lt(k.round, task.round),
        isNotNull(k.submittedAt),
        inList(
          k.candidateId,
          cards.map((c) => c.candidateId),
        ),
      ),
    )
    .orderBy(asc(k.round));
  for (const r of rows)
    by.set(r.candidateId, [
      ...(by.get(r.candidateId) ?? []),
      { round: r.round, round_text: markingRoundText[r.round] ?? '', total: r.total / 10 },
    ]);
  return by;
}

/**
 * Why one card cannot be scored in an open task: once handed over it is fixed (in a returned task only the returned
 * examinees, and any who joined since, are open).
 */
function cardProblem(card: CardDb): string | null {
  return card.submittedAt ? '该考生的评分已提交，不能修改' : null;
}

const cardState = (state: number | undefined, itemCount: number): SQL | undefined => {
  if (state === undefined) return undefined;
  const k = levelEvaluationTaskCards;
  if (state === 2) return isNotNull(k.returnReason);
  return state === 1 ? sql`${k.filled} >= ${itemCount}` : sql`${k.filled} < ${itemCount}`;
};

/** `GET /api/examTasks/{id}/cards`: the task's examinees by masked code, anonymous. */
export async function ownTaskCards(
  db: DbOrTx,
  examinerId: string,
  taskId: string,
  q: { state?: number; page: number; per_page: number },
) {
  const { task, plan } = await ownTask(db, examinerId, taskId);
  const open = scoreProblem(task, plan) === null;
  if (open) await fillCards(db, task);
  const m = await markingOf(db, plan.id, task.method);
  const where = and(eq(levelEvaluationTaskCards.taskId, task.id), cardState(q.state, m.items.length));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(levelEvaluationTaskCards)
    .where(where);
  const cards = await db
    .select()
    .from(levelEvaluationTaskCards)
    .where(where)
    .orderBy(asc(levelEvaluationTaskCards.maskedCode))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { list: await cardRows(db, m.items, task, open, cards), meta: pageMeta(total, q) };
}

async function cardOfTask(db: DbOrTx, task: TaskRow, cardId: string): Promise<CardDb> {
  const [card] = await db
    .select()
    .from(levelEvaluationTaskCards)
    .where(and(eq(levelEvaluationTaskCards.id, cardId), eq(levelEvaluationTaskCards.taskId, task.id)));
  if (!card) throw notFound(EXAM_CARD_NOT_FOUND);
  return card;
}

/**
 * The caller's own task with its plan and one of its cards, in one statement (a save's lookups), the task's row locked:
 * another examiner's task answers 404 as a missing one, a card not of the task its own 404.
 */
async function ownCard(
  tx: DbOrTx,
  examinerId: string,
  taskId: string,
  cardId: string,
): Promise<{ task: TaskRow; plan: PlanRow; card: CardDb | null }> {
  const k = levelEvaluationTaskCards;
  const [row] = await tx
    .select({ task: levelEvaluationTasks, plan: levelEvaluations, card: k })
    .from(levelEvaluationTasks)
    .innerJoin(levelEvaluations, eq(levelEvaluations.id, levelEvaluationTasks.evaluationId))
    .leftJoin(k, and(eq(k.id, cardId), eq(k.taskId, levelEvaluationTasks.id)))
    .where(and(eq(levelEvaluationTasks.id, taskId), eq(levelEvaluationTasks.examinerUserId, examinerId)))
    .for('update', { of: levelEvaluationTasks });
  if (!row) throw notFound(EXAM_TASK_NOT_FOUND);
  return row;
}

const conflict = (message: string) => new AppError(409, message);

/**
 * `PUT /api/examTasks/{id}/cards/{cardId}/items/{itemNo}`: one item's score, saved as typed. The version read with the
 * card must still be the stored one: a save from a stale page (a second tab) is refused with 409, nothing overwritten.
 */
export async function saveItemScore(
  db: DbOrTx,
  examinerId: string,
  taskId: string,
  cardId: string,
  itemNo: number,
  body: ItemScoreBody,
): Promise<ItemScoreSaved> {
  return db.transaction(async (tx) => {
    const { task, plan, card } = await ownCard(tx, examinerId, taskId, cardId);
    const problem = scoreProblem(task, plan);
    if (problem) throw badRequest(problem);
    if (!card) throw notFound(EXAM_CARD_NOT_FOUND);
    const cardIssue = cardProblem(card);
    if (cardIssue) throw badRequest(cardIssue);
    const items = await methodItems(tx, plan.id, task.method);
    const item = items.find((i) => i.itemNo === itemNo);
    if (!item) throw badRequest(`第${itemNo}题不存在`);
    const tenths = body.score === null ? null : toTenths(body.score);
    if (tenths !== null && tenths > item.maxTenths)
      throw badRequest(`第${itemNo}题「${item.name}」得分不能超过该题满分 ${tenthsText(item.maxTenths)}`);
    const s = levelEvaluationItemScores;
    const written =
      body.version === 0
        ? await tx
            .insert(s)
            .values({ cardId: card.id, itemNo, scoreTenths: tenths, remark: body.remark, version: 1 })
            .onConflictDoNothing()
            .returning({ version: s.version })
        : await tx
            .update(s)
            .set({ scoreTenths: tenths, remark: body.remark, version: sql`${s.version} + 1` })
            .where(and(eq(s.cardId, card.id), eq(s.itemNo, itemNo), eq(s.version, body.version)))
            .returning({ version: s.version });
    if (written.length === 0) throw conflict(STALE_SCORE);
    if (task.status === ExamTaskStatus.WAITING)
      await tx
        .update(levelEvaluationTasks)
        .set({ status: ExamTaskStatus.SCORING })
        .where(eq(levelEvaluationTasks.id, task.id));
    await countFilled(tx, card.id);
    const [row] = await cardRows(tx, items, task, true, [card]);
    const progress = (await progressOf(tx, [task.id], items.length)).get(task.id) ?? { done: 0, total: 0 };
    return { card: row, ...progress };
  });
}

/**
 * `POST /api/examTasks/{id}/submit`: every open examinee scored, their totals go to the plan (settleMarks), the task
 * reads 已提交. Refused while one is incomplete.
 */
export async function submitOwnTask(db: DbOrTx, examiner: Examiner, taskId: string): Promise<ExamTaskDetail> {
  await db.transaction(async (tx) => {
    const { task, plan } = await ownTask(tx, examiner.id, taskId, true);
    const problem = scoreProblem(task, plan);
    if (problem) throw badRequest(problem);
    await fillCards(tx, task);
    const m = await markingOf(tx, plan.id, task.method);
    const k = levelEvaluationTaskCards;
    const open = await tx
      .select({
        id: k.id,
        candidateId: k.candidateId,
        filled: k.filled,
      })
      .from(k)
      .where(and(eq(k.taskId, task.id), isNull(k.submittedAt)));
    const incomplete = open.filter((c) => c.filled < m.items.length).length;
    if (incomplete > 0) throw badRequest(`还有 ${incomplete} 名考生未评完，不能提交`);
    const [{ cards }] = await tx
      .select({ cards: sql<number>`count(*)`.mapWith(Number) })
      .from(k)
      .where(eq(k.taskId, task.id));
    if (cards === 0) throw badRequest('任务中还没有考生，不能提交');
    const now = new Date();
    if (open.length)
      await tx
        .update(k)
        .set({ submittedAt: now, returnReason: null })
        .where(
          inList(
            k.id,
            open.map((c) => c.id),
          ),
        );
    await tx
      .update(levelEvaluationTasks)
      .set({ status: ExamTaskStatus.SUBMITTED, submittedAt: now, returnReason: null })
      .where(eq(levelEvaluationTasks.id, task.id));
    await logSteps(tx, plan.id, examiner, [
      {
        action: EvaluationAction.SUBMIT_TASK,
        note: `${methodTextOf(task.method)}${markingRoundText[task.round]}：${open.length} 名考生`,
      },
    ]);
    await settleMarks(
      tx,
      plan,
      task.method,
      open.map((c) => c.candidateId),
    );
  });
  return ownTaskDetail(db, examiner.id, taskId);
}

/**
 * `GET /api/examTasks/{id}/cards/{cardId}/identity` (the reveal key): who a masked code is; each reveal goes on the
 * plan's timeline.
 */
export async function revealIdentity(db: DbOrTx, examiner: Examiner, taskId: string, cardId: string) {
  const { task, plan } = await ownTask(db, examiner.id, taskId);
  const card = await cardOfTask(db, task, cardId);
  const [person] = await db
    .select({
      name: levelEvaluationCandidates.name,
      idType: levelEvaluationCandidates.idType,
      idNumber: levelEvaluationCandidates.idNumber,
    })
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.id, card.candidateId));
  await logSteps(db, plan.id, examiner, [
    {
      action: EvaluationAction.REVEAL_IDENTITY,
      note: `${methodTextOf(task.method)}${markingRoundText[task.round]}密号 ${card.maskedCode}：${person.name}`,
    },
  ]);
  return {
    masked_code: card.maskedCode,
    name: person.name,
    id_type_text: idTypeText[person.idType as 1] ?? '',
    id_number: person.idNumber,
  };
}
