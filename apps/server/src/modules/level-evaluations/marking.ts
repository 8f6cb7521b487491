import {
  type MarkingItem,
  type MethodMarkingBody,
  type MethodMarkingRow,
  markingRoundingText,
} from '@skill-cert/shared/exam-tasks';
import { EvaluationStatus, evaluationStatusText } from '@skill-cert/shared/level-evaluations';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { EXAMINER, staffWithAccounts } from './examiners.ts';
import { findPlan, type PlanRow } from './plans.ts';
import { methodTextOf, type PlanMethod, planMethods, tenthsText, toTenths } from './scores.ts';
import {
  levelEvaluationItemScores,
  levelEvaluationItems,
  levelEvaluationMarking,
  levelEvaluationMethods,
  levelEvaluationTaskCards,
} from './tables.ts';

/** A method's items and double-marking settings as stored (tenths). */
export interface MethodMarking {
  method: number;
  fullMarkTenths: number;
  items: { itemNo: number; name: string; maxTenths: number }[];
  markers: number;
  toleranceTenths: number;
  rounding: number;
  leaderPersonId: string | null;
  leaderUserId: string | null;
  leaderName: string | null;
}

/** The method of the plan, or 400 naming it. */
export function methodOfPlan(methods: PlanMethod[], method: number): PlanMethod {
  const m = methods.find((x) => x.method === method);
  if (!m) throw badRequest(`「${methodTextOf(method)}」不是本计划的评价方式`);
  return m;
}

/** The one item of a method not split into items: the method itself, its full mark. */
const wholeMethod = (method: number, fullMarkTenths: number): MethodMarking['items'] => [
  { itemNo: 1, name: methodTextOf(method), maxTenths: fullMarkTenths },
];

/** Every method's marking; a method without items is one item (the method, its full mark). */
export async function markingsOf(db: DbOrTx, planId: string): Promise<MethodMarking[]> {
  // In turn: inside a transaction they share one connection, where pg 8 warns of overlapping queries and pg 9 refuses.
  const methods = await planMethods(db, planId);
  const items = await db
    .select()
    .from(levelEvaluationItems)
    .where(eq(levelEvaluationItems.evaluationId, planId))
    .orderBy(asc(levelEvaluationItems.method), asc(levelEvaluationItems.itemNo));
  const settings = await db
    .select()
    .from(levelEvaluationMarking)
    .where(eq(levelEvaluationMarking.evaluationId, planId));
  return methods.map((m) => {
    const own = items.filter((i) => i.method === m.method);
    const s = settings.find((x) => x.method === m.method);
    return {
      method: m.method,
      fullMarkTenths: m.fullMarkTenths,
      items: own.length
        ? own.map((i) => ({ itemNo: i.itemNo, name: i.name, maxTenths: i.maxTenths }))
        : wholeMethod(m.method, m.fullMarkTenths),
      markers: s?.markers ?? 1,
      toleranceTenths: s?.toleranceTenths ?? 0,
      rounding: s?.rounding ?? 1,
      leaderPersonId: s?.leaderPersonId ?? null,
      leaderUserId: s?.leaderUserId ?? null,
      leaderName: s?.leaderName ?? null,
    };
  });
}

export async function markingOf(db: DbOrTx, planId: string, method: number): Promise<MethodMarking> {
  const found = (await markingsOf(db, planId)).find((m) => m.method === method);
  if (!found) throw badRequest(`「${methodTextOf(method)}」不是本计划的评价方式`);
  return found;
}

/** One method's items as `markingOf` gives them, in one statement: what each typed score is checked against. */
export async function methodItems(
  db: DbOrTx,
  planId: string,
  method: number,
): Promise<MethodMarking['items']> {
  const i = levelEvaluationItems;
  const rows = await db
    .select({
      full: levelEvaluationMethods.fullMarkTenths,
      itemNo: i.itemNo,
      name: i.name,
      maxTenths: i.maxTenths,
    })
    .from(levelEvaluationMethods)
    .leftJoin(
      i,
      and(
        eq(i.evaluationId, levelEvaluationMethods.evaluationId),
        eq(i.method, levelEvaluationMethods.method),
      ),
    )
    .where(and(eq(levelEvaluationMethods.evaluationId, planId), eq(levelEvaluationMethods.method, method)))
    .orderBy(asc(i.itemNo));
  if (rows.length === 0) throw badRequest(`「${methodTextOf(method)}」不是本计划的评价方式`);
  return rows[0].itemNo === null
    ? wholeMethod(method, rows[0].full)
    : rows.map((r) => ({
        itemNo: r.itemNo as number,
        name: r.name as string,
        maxTenths: r.maxTenths as number,
      }));
}

export const itemsOut = (m: MethodMarking): MarkingItem[] =>
  m.items.map((i) => ({ item_no: i.itemNo, name: i.name, max: i.maxTenths / 10 }));

/** Whether any item of the method has been scored (then its items and double marking are fixed). */
export async function isScoringStarted(db: DbOrTx, planId: string, method: number): Promise<boolean> {
  const [any] = await db
    .select({ one: sql`1` })
    .from(levelEvaluationItemScores)
    .innerJoin(levelEvaluationTaskCards, eq(levelEvaluationTaskCards.id, levelEvaluationItemScores.cardId))
    .where(
      and(
        eq(levelEvaluationTaskCards.evaluationId, planId),
        eq(levelEvaluationTaskCards.method, method),
        isNotNull(levelEvaluationItemScores.scoreTenths),
      ),
    )
    .limit(1);
  return Boolean(any);
}

const rowOf = (m: MethodMarking, locked: boolean): MethodMarkingRow => ({
  method: m.method as 1 | 2 | 3 | 4,
  method_text: methodTextOf(m.method),
  full_mark: m.fullMarkTenths / 10,
  items: itemsOut(m),
  double_marking: m.markers === 2,
  tolerance: m.markers === 2 ? m.toleranceTenths / 10 : null,
  rounding: (m.rounding as 1 | 2 | 3) ?? 1,
  rounding_text: markingRoundingText[m.rounding] ?? '',
  leader: m.leaderPersonId ? { person_id: m.leaderPersonId, name: m.leaderName ?? '' } : null,
  locked,
});

/** `GET .../marking`: every method's items and settings. */
export async function planMarkingRows(db: DbOrTx, plan: PlanRow): Promise<MethodMarkingRow[]> {
  const markings = await markingsOf(db, plan.id);
  return Promise.all(markings.map(async (m) => rowOf(m, await isScoringStarted(db, plan.id, m.method))));
}

/** Plans whose results have been submitted (or later) take no new tasks, items or returns. */
const CLOSED = new Set<number>([
  EvaluationStatus.RESULTS_PENDING,
  EvaluationStatus.PUBLICITY,
  EvaluationStatus.PASSED,
  EvaluationStatus.GRANTED,
  EvaluationStatus.ARCHIVED,
  EvaluationStatus.CANCELLED,
]);
export function assertMarkingOpen(plan: PlanRow, what: string): void {
  if (CLOSED.has(plan.status))
    throw badRequest(
      `当前状态（${evaluationStatusText[plan.status as keyof typeof evaluationStatusText] ?? plan.status}）不能${what}`,
    );
}

/**
 * `PUT .../marking/{method}`: the items (maxima adding up to the full mark), double marking and the leader. Once
 * scoring has started only the leader may change.
 */
export async function saveMarking(
  db: DbOrTx,
  own: CompanyScope,
  planId: string,
  method: number,
  body: MethodMarkingBody,
  after: (tx: DbOrTx, plan: PlanRow) => Promise<void> = async () => {},
): Promise<MethodMarkingRow> {
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, own, planId, { forUpdate: true });
    assertMarkingOpen(plan, '修改评分设置');
    const full = methodOfPlan(await planMethods(tx, plan.id), method).fullMarkTenths;
    const before = await markingOf(tx, plan.id, method);
    const items = body.items.map((i, n) => ({ itemNo: n + 1, name: i.name, maxTenths: toTenths(i.max) }));
    const sum = items.reduce((s, i) => s + i.maxTenths, 0);
    if (sum !== full)
      throw badRequest(
        `各题满分之和（${tenthsText(sum)}）须等于${methodTextOf(method)}的满分 ${tenthsText(full)}`,
      );
    const markers = body.double_marking ? 2 : 1;
    const toleranceTenths = body.double_marking ? toTenths(body.tolerance ?? 0) : 0;
    let leader: { personId: string; userId: string; name: string } | null = null;
    if (body.leader_person_id) {
      const person = (await staffWithAccounts(tx, plan.id)).find(
        (s) => s.personId === body.leader_person_id && s.kind === EXAMINER,
      );
      if (!person) throw badRequest('组长须为本计划的考评员');
      if (!person.userId) throw badRequest(`${person.name}还没有考评员端账号，不能担任组长`);
      leader = { personId: person.personId, userId: person.userId, name: person.name };
    }
    const sameItems =
      items.length === before.items.length &&
      items.every((i, n) => i.name === before.items[n].name && i.maxTenths === before.items[n].maxTenths);
    const sameRule =
      markers === before.markers &&
      (markers === 1 || (toleranceTenths === before.toleranceTenths && body.rounding === before.rounding));
    const locked = await isScoringStarted(tx, plan.id, method);
    if (locked && !(sameItems && sameRule)) throw badRequest('考评员已开始评分，题目和双评设置不能再修改');
    await tx
      .delete(levelEvaluationItems)
      .where(and(eq(levelEvaluationItems.evaluationId, plan.id), eq(levelEvaluationItems.method, method)));
    await tx.insert(levelEvaluationItems).values(items.map((i) => ({ evaluationId: plan.id, method, ...i })));
    const settings = {
      markers,
      toleranceTenths: markers === 2 ? toleranceTenths : null,
      rounding: body.rounding,
      leaderPersonId: leader?.personId ?? null,
      leaderUserId: leader?.userId ?? null,
      leaderName: leader?.name ?? null,
    };
    await tx
      .insert(levelEvaluationMarking)
      .values({ evaluationId: plan.id, method, ...settings })
      .onConflictDoUpdate({
        target: [levelEvaluationMarking.evaluationId, levelEvaluationMarking.method],
        set: settings,
      });
    await after(tx, plan);
    return rowOf(await markingOf(tx, plan.id, method), locked);
  });
}
