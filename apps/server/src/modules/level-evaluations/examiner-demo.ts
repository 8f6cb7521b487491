import { CompanyRole } from '@skill-cert/shared/companies';
import { ExamTaskStatus, MarkingRound } from '@skill-cert/shared/exam-tasks';
import { EvaluationAction, EvaluationStatus, PlanOwner } from '@skill-cert/shared/level-evaluations';
import { RoleType } from '@skill-cert/shared/roles';
import { formatDate } from '@skill-cert/shared/time';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { companyScope } from '../../lib/company-scope.ts';
import { uuidv7 } from '../../lib/id.ts';
import { grantRolesByName } from '../access/service.ts';
import { approvedFilings } from '../records/service.ts';
import { createUser, findUserByAccount } from '../users/service.ts';
import { countFilled, fillCards, settleMarks, type TaskRow } from './exam-tasks.ts';
import { nextPlanNo } from './plan-content.ts';
import { logSteps, type PlanRow } from './plans.ts';
import {
  examinerQualifications,
  levelEvaluationCandidates,
  levelEvaluationItemScores,
  levelEvaluationItems,
  levelEvaluationMarking,
  levelEvaluationMethods,
  levelEvaluationRooms,
  levelEvaluationScores,
  levelEvaluationSessions,
  levelEvaluationStaff,
  levelEvaluations,
  levelEvaluationTaskCards,
  levelEvaluationTasks,
} from './tables.ts';

const DAY = 86_400_000;
type Staff = typeof levelEvaluationStaff.$inferSelect;

/** The other markers of kaoping's double marking: 考评员端 accounts of the demo (`npm run demo:reset` removes them). */
export const DEMO_EXAMINERS = [
  { name: 'zhaojianguo', phone: '13900000101' },
  { name: 'sunlixin', phone: '13900000103' },
] as const;

/** A 考评员端 account of the demo, made once. */
async function demoExaminer(db: DbOrTx, name: string, phone: string): Promise<string> {
  const found = await findUserByAccount(db, name);
  if (found) return found.id;
  const user = await createUser(db, {
    name,
    phone,
    password: DEMO_PASSWORD,
    roleTypeIds: [RoleType.EXAMINER],
  });
  await grantRolesByName(db, user.id, ['考评员']);
  return user.id;
}

async function qualify(db: DbOrTx, userId: string, until: string) {
  const [held] = await db
    .select({ id: examinerQualifications.id })
    .from(examinerQualifications)
    .where(eq(examinerQualifications.userId, userId))
    .limit(1);
  if (held) return;
  await db.insert(examinerQualifications).values([
    {
      userId,
      occupationCode: '6-31-01-03',
      occupationName: '电工',
      levelLow: 5,
      levelHigh: 3,
      certificateNo: `KPY${userId.slice(-6).toUpperCase()}`,
      validUntil: until,
    },
    {
      userId,
      occupationCode: '6-18-02-04',
      occupationName: '焊工',
      levelLow: 5,
      levelHigh: 4,
      certificateNo: `KPH${userId.slice(-6).toUpperCase()}`,
      validUntil: until,
    },
  ]);
}

/** The plan's examiner with this phone (a staff row, added when missing). */
async function staffOf(
  tx: DbOrTx,
  plan: PlanRow,
  name: string,
  phone: string,
  userId: string,
): Promise<Staff> {
  const [found] = await tx
    .select()
    .from(levelEvaluationStaff)
    .where(and(eq(levelEvaluationStaff.evaluationId, plan.id), eq(levelEvaluationStaff.phone, phone)));
  if (found) return found;
  const [made] = await tx
    .insert(levelEvaluationStaff)
    .values({ evaluationId: plan.id, personId: uuidv7(), kind: 1, name, phone, userId, sort: 9 })
    .returning();
  return made;
}

async function task(
  tx: DbOrTx,
  plan: PlanRow,
  method: number,
  round: number,
  s: Staff,
  userId: string,
  extra: { roomId?: string; deadline?: string } = {},
): Promise<TaskRow> {
  const [row] = await tx
    .insert(levelEvaluationTasks)
    .values({
      evaluationId: plan.id,
      method,
      round,
      personId: s.personId,
      examinerUserId: userId,
      examinerName: s.name,
      examinerPhone: s.phone,
      roomId: extra.roomId ?? null,
      deadline: extra.deadline ?? plan.endDate,
    })
    .returning();
  await fillCards(tx, row);
  return row;
}

const cardsOf = (tx: DbOrTx, t: TaskRow) =>
  tx
    .select()
    .from(levelEvaluationTaskCards)
    .where(eq(levelEvaluationTaskCards.taskId, t.id))
    .orderBy(asc(levelEvaluationTaskCards.maskedCode));

/** Item scores (whole points, in tenths) of a card: `scores[i]` for item i + 1. */
async function score(tx: DbOrTx, cardId: string, scores: number[]) {
  await tx
    .insert(levelEvaluationItemScores)
    .values(scores.map((s, i) => ({ cardId, itemNo: i + 1, scoreTenths: s * 10 })));
  await countFilled(tx, cardId);
}

/** Submits the task as its examiner would: every card handed over, the marks settled onto the plan. */
async function submit(tx: DbOrTx, plan: PlanRow, t: TaskRow, at: Date) {
  const cards = await cardsOf(tx, t);
  await tx
    .update(levelEvaluationTaskCards)
    .set({ submittedAt: at })
    .where(and(eq(levelEvaluationTaskCards.taskId, t.id), isNull(levelEvaluationTaskCards.submittedAt)));
  await tx
    .update(levelEvaluationTasks)
    .set({ status: ExamTaskStatus.SUBMITTED, submittedAt: at })
    .where(eq(levelEvaluationTasks.id, t.id));
  await settleMarks(
    tx,
    plan,
    t.method,
    cards.map((c) => c.candidateId),
  );
}

const setStatus = (tx: DbOrTx, t: TaskRow, status: number) =>
  tx.update(levelEvaluationTasks).set({ status }).where(eq(levelEvaluationTasks.id, t.id));

/**
 * Start-only demo of the examiner portal (SEED_DEMO): kaoping's qualifications and a task of each kind and state on the
 * demo plans (待开始, 进行中, 已提交, 已退回, 已完成; 阅卷, 实操评分, 业绩评审, 综合评审), one theory paper double-marked
 * with two more demo examiners, past the third marker and waiting for kaoping as 组长. Once: nothing when kaoping has
 * a task already.
 */
export async function seedExaminerDemo(db: DbOrTx, now = new Date()): Promise<void> {
  const kaoping = await findUserByAccount(db, 'kaoping');
  const qiye = await findUserByAccount(db, 'qiye');
  if (!kaoping || !qiye?.companyId) return;
  const [any] = await db
    .select({ id: levelEvaluationTasks.id })
    .from(levelEvaluationTasks)
    .where(eq(levelEvaluationTasks.examinerUserId, kaoping.id))
    .limit(1);
  if (any) return;
  const plans = await db
    .select()
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.companyId, qiye.companyId),
        eq(levelEvaluations.ownerKind, PlanOwner.ENTERPRISE),
      ),
    );
  const named = (name: string) => plans.find((p) => p.name === name);
  const pending = named('电工四级（中级工）评价 第一期');
  const running = named('焊工（电焊工）五级评价');
  const resultsIn = named('电工三级（高级工）评价');
  if (!pending || !running || !resultsIn) return;
  const day = (d: number) => formatDate(new Date(now.getTime() + d * DAY));
  const [zhao, sun] = [
    await demoExaminer(db, DEMO_EXAMINERS[0].name, DEMO_EXAMINERS[0].phone),
    await demoExaminer(db, DEMO_EXAMINERS[1].name, DEMO_EXAMINERS[1].phone),
  ];
  await db.transaction(async (tx) => {
    await qualify(tx, kaoping.id, day(3 * 365));
    await qualify(tx, zhao, day(2 * 365));
    await qualify(tx, sun, day(365));
    const ke = (p: PlanRow) => staffOf(tx, p, '柯萍', '13800000004', kaoping.id);

    // 待审批: 实操评分 待开始.
    await task(tx, pending, 2, MarkingRound.FIRST, await ke(pending), kaoping.id);

    // 进行中: 理论 double-marked (最大差值 5), past the third marker on some papers, waiting for 组长 柯萍.
    const keRunning = await ke(running);
    await tx.insert(levelEvaluationMarking).values([
      {
        evaluationId: running.id,
        method: 1,
        markers: 2,
        toleranceTenths: 50,
        rounding: 1,
        leaderPersonId: keRunning.personId,
        leaderUserId: kaoping.id,
        leaderName: keRunning.name,
      },
    ]);
    const first = await task(
      tx,
      running,
      1,
      1,
      await staffOf(tx, running, '赵建国', '13900000101', zhao),
      zhao,
    );
    const second = await task(
      tx,
      running,
      1,
      2,
      await staffOf(tx, running, '孙立新', '13900000103', sun),
      sun,
    );
    const third = await task(tx, running, 1, 3, keRunning, kaoping.id);
    // Marks by the examinee's place in the list (cards come in masked-code order, which is random).
    const sorts = new Map(
      (
        await tx
          .select({ id: levelEvaluationCandidates.id, sort: levelEvaluationCandidates.sort })
          .from(levelEvaluationCandidates)
          .where(eq(levelEvaluationCandidates.evaluationId, running.id))
      ).map((c) => [c.id, c.sort]),
    );
    const k = (candidateId: string) => sorts.get(candidateId) ?? 0;
    const firstMark = (candidateId: string) => 58 + ((k(candidateId) * 7) % 30);
    for (const c of await cardsOf(tx, first)) await score(tx, c.id, [firstMark(c.candidateId)]);
    await submit(tx, running, first, new Date(now.getTime() - 2 * DAY));
    for (const c of await cardsOf(tx, second))
      await score(tx, c.id, [
        firstMark(c.candidateId) + (k(c.candidateId) % 5 === 0 ? 12 : k(c.candidateId) % 3),
      ]);
    await submit(tx, running, second, new Date(now.getTime() - DAY));
    // The third marker: near the first on most papers; far from both on the first examinee's, which goes to the leader.
    for (const c of await cardsOf(tx, third))
      await score(tx, c.id, [firstMark(c.candidateId) + (k(c.candidateId) === 0 ? 25 : 3)]);
    await submit(tx, running, third, new Date(now.getTime() - 3_600_000));

    // 进行中: 实操评分 in five 考核项目 of 20, five examinees scored, the sixth begun.
    await tx.insert(levelEvaluationItems).values(
      ['焊前准备', '平焊', '立焊', '横焊', '安全文明生产'].map((name, i) => ({
        evaluationId: running.id,
        method: 2,
        itemNo: i + 1,
        name,
        maxTenths: 200,
      })),
    );
    const practical = await task(tx, running, 2, 1, keRunning, kaoping.id);
    for (const [i, c] of (await cardsOf(tx, practical)).slice(0, 6).entries())
      await score(tx, c.id, i < 5 ? [16, 14 + (i % 4), 13, 15, 18] : [17, 12]);
    await setStatus(tx, practical, ExamTaskStatus.SCORING);

    // 成绩待审核: 阅卷 submitted before the results were: 已完成.
    const paper = await task(tx, resultsIn, 1, 1, await ke(resultsIn), kaoping.id);
    const stored = await tx
      .select({ candidateId: levelEvaluationScores.candidateId, score: levelEvaluationScores.scoreTenths })
      .from(levelEvaluationScores)
      .where(and(eq(levelEvaluationScores.evaluationId, resultsIn.id), eq(levelEvaluationScores.method, 1)));
    for (const c of await cardsOf(tx, paper)) {
      const s = stored.find((x) => x.candidateId === c.candidateId)?.score ?? 600;
      await score(tx, c.id, [Math.round(s / 10)]);
    }
    await submit(tx, resultsIn, paper, new Date(now.getTime() - 11 * DAY));

    // A plan of 业绩评审 and 综合评审: the first 已提交, the second submitted and returned for one examinee.
    const reviews = await reviewPlan(tx, resultsIn, now);
    const keReviews = await ke(reviews);
    const comprehensive = await task(tx, reviews, 4, 1, keReviews, kaoping.id);
    for (const [i, c] of (await cardsOf(tx, comprehensive)).entries()) await score(tx, c.id, [70 + i * 3]);
    await submit(tx, reviews, comprehensive, new Date(now.getTime() - 3_600_000));
    const performance = await task(tx, reviews, 3, 1, keReviews, kaoping.id);
    const cards = await cardsOf(tx, performance);
    for (const [i, c] of cards.entries()) await score(tx, c.id, [65 + i * 4]);
    await submit(tx, reviews, performance, new Date(now.getTime() - DAY));
    const reason = '该考生的业绩材料缺少近三年的项目证明，请核对后重新评分';
    await tx
      .update(levelEvaluationTaskCards)
      .set({ returnReason: reason, submittedAt: null })
      .where(eq(levelEvaluationTaskCards.id, cards[1].id));
    await tx
      .update(levelEvaluationTasks)
      .set({ status: ExamTaskStatus.RETURNED, returnReason: reason })
      .where(eq(levelEvaluationTasks.id, performance.id));
    await logSteps(tx, reviews.id, { id: qiye.id, name: qiye.name }, [
      { action: EvaluationAction.RETURN_TASK, note: `柯萍 工作业绩评审一评：退回1 名考生，原因：${reason}` },
    ]);

    // The institution's test plans: 实操评分 of one seated room 待开始; 阅卷 of the published plan 已完成.
    await testPlanTasks(tx, kaoping.id);
  });
}

async function testPlanTasks(tx: DbOrTx, kaopingId: string) {
  const jigou = await findUserByAccount(tx, 'jigou');
  if (!jigou?.companyId) return;
  const plans = await tx
    .select()
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.companyId, jigou.companyId),
        eq(levelEvaluations.ownerKind, PlanOwner.INSTITUTION),
      ),
    );
  const seated = plans.find((p) => p.status === EvaluationStatus.SEATED);
  const published = plans.find((p) => p.status === EvaluationStatus.PUBLICITY);
  const ke = (p: PlanRow) => staffOf(tx, p, '柯萍', '13800000004', kaopingId);
  if (seated) {
    const [room] = await tx
      .select({ id: levelEvaluationRooms.id })
      .from(levelEvaluationRooms)
      .innerJoin(levelEvaluationSessions, eq(levelEvaluationSessions.id, levelEvaluationRooms.sessionId))
      .where(and(eq(levelEvaluationRooms.evaluationId, seated.id), eq(levelEvaluationSessions.method, 2)))
      .orderBy(asc(levelEvaluationSessions.code), asc(levelEvaluationRooms.code))
      .limit(1);
    if (room) await task(tx, seated, 2, MarkingRound.FIRST, await ke(seated), kaopingId, { roomId: room.id });
  }
  if (published) {
    const paper = await task(tx, published, 1, MarkingRound.FIRST, await ke(published), kaopingId);
    const stored = await tx
      .select({ candidateId: levelEvaluationScores.candidateId, score: levelEvaluationScores.scoreTenths })
      .from(levelEvaluationScores)
      .where(and(eq(levelEvaluationScores.evaluationId, published.id), eq(levelEvaluationScores.method, 1)));
    for (const c of await cardsOf(tx, paper)) {
      const s = stored.find((x) => x.candidateId === c.candidateId)?.score ?? 600;
      await score(tx, c.id, [Math.round(s / 10)]);
    }
    await submit(
      tx,
      published,
      paper,
      published.startDate ? new Date(`${published.startDate}T12:00:00+08:00`) : new Date(),
    );
  }
}

/** A plan in 进行中 of 工作业绩评审 and 综合评审 only, with six of the results plan's candidates. */
async function reviewPlan(tx: DbOrTx, like: PlanRow, now: Date): Promise<PlanRow> {
  const [filing] = await approvedFilings(tx, companyScope(like.companyId, CompanyRole.ADMIN));
  const [plan] = await tx
    .insert(levelEvaluations)
    .values({
      companyId: like.companyId,
      recordApplicationId: like.recordApplicationId,
      planNo: filing ? await nextPlanNo(tx, filing.recordNo, now) : null,
      name: '电工三级（高级工）业绩与综合评审',
      occupationCode: like.occupationCode,
      occupationName: like.occupationName,
      workType: like.workType,
      level: like.level,
      startDate: formatDate(new Date(now.getTime() - 2 * DAY)),
      endDate: formatDate(new Date(now.getTime() + 5 * DAY)),
      siteId: like.siteId,
      status: EvaluationStatus.IN_PROGRESS,
      createdBy: like.createdBy,
      createdByName: like.createdByName,
      remark: '演示数据：考评员端',
      candidateCount: 6,
    })
    .returning();
  await tx.insert(levelEvaluationMethods).values([
    { evaluationId: plan.id, method: 3, fullMarkTenths: 1000, passMarkTenths: 600 },
    { evaluationId: plan.id, method: 4, fullMarkTenths: 1000, passMarkTenths: 600 },
  ]);
  const people = await tx
    .select()
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, like.id))
    .orderBy(asc(levelEvaluationCandidates.sort))
    .limit(6);
  await tx.insert(levelEvaluationCandidates).values(
    people.map(({ id: _id, evaluationId: _e, result: _r, createdAt: _c, updatedAt: _u, ...person }) => ({
      ...person,
      evaluationId: plan.id,
    })),
  );
  await logSteps(tx, plan.id, { id: like.createdBy, name: like.createdByName }, [
    { action: EvaluationAction.CREATE },
    { action: EvaluationAction.SUBMIT },
    { action: EvaluationAction.APPROVE },
  ]);
  return plan;
}
