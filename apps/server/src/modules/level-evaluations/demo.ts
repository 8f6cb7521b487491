import { CompanyRole } from '@skill-cert/shared/companies';
import { parseIdCard, withCheckDigit } from '@skill-cert/shared/id-card';
import {
  CandidateResult,
  candidateResult,
  EvaluationAction,
  type EvaluationActionValue,
  EvaluationStatus,
  type EvaluationStatusValue,
  examRoomBody,
  examSessionBody,
  type MethodScore,
  PlanOwner,
  SeatingMode,
  TicketStatus,
} from '@skill-cert/shared/level-evaluations';
import { recordApplicationBody } from '@skill-cert/shared/records';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { companyScope } from '../../lib/company-scope.ts';
import { approvedFilings, createApplication, decideApplication } from '../records/service.ts';
import { findUserByAccount, type UserRow } from '../users/service.ts';
import { addRoom, addSession, sessionList } from './exam-logistics.ts';
import { copyStaff } from './examiners.ts';
import { nextPlanNo } from './plan-content.ts';
import { findPlan, SYSTEM_USER } from './plans.ts';
import { seatPlan } from './seating.ts';
import {
  levelEvaluationCandidates,
  levelEvaluationLogs,
  levelEvaluationMethods,
  levelEvaluationScores,
  levelEvaluations,
} from './tables.ts';
import { startTicketRendering } from './tickets.ts';

const DAY = 86_400_000;

const person = (name: string, first17: string, phone: string, qualification: string) => ({
  name,
  id_number: withCheckDigit(first17),
  phone,
  qualification,
});

/** The demo filing: 电工 5–3, 焊工·电焊工 5–4; kaoping (13800000004) is its first examiner. */
const demoFiling = recordApplicationBody.parse({
  scopes: [
    { occupation_code: '6-31-01-03', levels: [5, 4, 3] },
    { occupation_code: '6-18-02-04', work_type: '电焊工', levels: [5, 4] },
  ],
  evaluation_basis: 1,
  sites: [
    { name: '示例智能制造实训基地', region_code: '110108', address: '北京市海淀区中关村大街1号实训楼' },
  ],
  examiners: [
    person('柯萍', '11010819800315002', '13800000004', '电工 二级/技师'),
    person('赵建国', '11010819760822001', '13900000101', '焊工 二级/技师'),
  ],
  supervisors: [person('钱秀英', '11010819820609002', '13900000102', '质量督导员')],
  remark: '演示数据：已通过的备案',
  submit: true,
});

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '刚',
];

/** A deterministic pseudo-random sequence, so the demo looks the same every time. */
function numbers(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

interface DemoPlan {
  name: string;
  status: EvaluationStatusValue;
  occupation: '6-31-01-03' | '6-18-02-04';
  level: 5 | 4 | 3;
  /** How many candidates have every score (the rest none); one of them 缺考 in practice when `absent`. */
  scored: number;
  absent?: boolean;
  /** Days from today: start and end of the evaluation. */
  from: number;
  to: number;
  /** Sat in sessions and rooms (seated before its first score, as the rule asks), its tickets rendered when ready. */
  seated?: true;
}

const PLANS: DemoPlan[] = [
  {
    name: '2027年第一季度电工五级评价',
    status: 0,
    occupation: '6-31-01-03',
    level: 5,
    scored: 0,
    from: 40,
    to: 42,
  },
  {
    name: '电工四级（中级工）评价 第一期',
    status: 1,
    occupation: '6-31-01-03',
    level: 4,
    scored: 0,
    from: 20,
    to: 22,
  },
  {
    name: '焊工（电焊工）五级评价',
    status: 2,
    occupation: '6-18-02-04',
    level: 5,
    scored: 12,
    from: -3,
    to: 2,
    seated: true,
  },
  {
    name: '电工三级（高级工）评价',
    status: 3,
    occupation: '6-31-01-03',
    level: 3,
    scored: 20,
    absent: true,
    from: -20,
    to: -15,
  },
  {
    name: '焊工（电焊工）四级评价',
    status: 4,
    occupation: '6-18-02-04',
    level: 4,
    scored: 20,
    from: -30,
    to: -25,
  },
  // Granted and confirmed when the server is ready (certificate-grants/grant-demo.ts).
  {
    name: '2026年焊工（电焊工）五级评价 第二期',
    status: 5,
    occupation: '6-18-02-04',
    level: 5,
    scored: 20,
    from: -90,
    to: -85,
  },
  {
    name: '2026年电工四级评价 第二期',
    status: 5,
    occupation: '6-31-01-03',
    level: 4,
    scored: 20,
    from: -60,
    to: -55,
  },
];

/**
 * Start-only demo content (SEED_DEMO, and `npm run demo:reset`), apart from `seedDemoData`, which runs before every
 * API test: when the demo enterprise has no plan yet, it gets an approved filing (if none) and six plans, one in
 * each state from 草稿 to 已通过, ~20 candidates each with valid ID numbers and, where the state has them, scores;
 * the plan 进行中 sits in sessions and rooms, seated before its scores (its tickets: `renderEvaluationDemoTickets`).
 */
export async function seedEvaluationDemo(db: DbOrTx, now = new Date()): Promise<void> {
  const admin = await findUserByAccount(db, 'qiye');
  const member = await findUserByAccount(db, 'duojuese');
  const platform = await findUserByAccount(db, 'pingtai');
  // qiye's company is the demo enterprise (db/seed.ts).
  const company = admin?.companyId ? { id: admin.companyId } : null;
  if (!company || !admin || !member || !platform) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(levelEvaluations)
    .where(eq(levelEvaluations.companyId, company.id));
  if (n > 0) return;
  const own = companyScope(company.id, CompanyRole.ADMIN);
  let [filing] = await approvedFilings(db, own);
  if (!filing) {
    const id = await createApplication(db, own, admin, demoFiling);
    await decideApplication(db, id, platform, { approve: true, note: '演示数据' });
    [filing] = await approvedFilings(db, own, id);
  }
  let seq = 0;
  for (const [i, plan] of PLANS.entries()) {
    await db.transaction(async (tx) => {
      await seedPlan(tx, {
        companyId: company.id,
        filing,
        plan,
        admin,
        member,
        now,
        seed: i + 1,
        firstSeq: seq,
      });
    });
    seq += 20;
  }
}

async function seedPlan(
  tx: DbOrTx,
  o: {
    companyId: string;
    filing: Awaited<ReturnType<typeof approvedFilings>>[number];
    plan: DemoPlan;
    admin: UserRow;
    member: UserRow;
    now: Date;
    seed: number;
    firstSeq: number;
  },
): Promise<void> {
  const { plan, filing, now } = o;
  const random = numbers(o.seed);
  const scope = filing.scopes.find((s) => s.occupationCode === plan.occupation)!;
  const day = (d: number) => new Date(now.getTime() + d * DAY).toISOString().slice(0, 10);
  const status = plan.status;
  const past = (days: number) => new Date(now.getTime() - days * DAY);
  const created = 30 + o.seed;
  const submitted = status >= EvaluationStatus.PENDING;
  const resultsSubmitted = status >= EvaluationStatus.RESULTS_PENDING;
  const [row] = await tx
    .insert(levelEvaluations)
    .values({
      companyId: o.companyId,
      recordApplicationId: filing.id,
      planNo: submitted ? await nextPlanNo(tx, filing.recordNo, past(created - 1)) : null,
      name: plan.name,
      occupationCode: scope.occupationCode,
      occupationName: scope.occupationName,
      workType: scope.workType,
      level: plan.level,
      startDate: day(plan.from),
      endDate: day(plan.to),
      siteId: filing.sites[0].id,
      publicityDays: 7,
      publicityEndsAt:
        status === EvaluationStatus.PUBLICITY
          ? new Date(now.getTime() + 5 * DAY)
          : status === EvaluationStatus.PASSED
            ? past(2)
            : null,
      status,
      submittedBy: submitted ? o.member.id : null,
      submittedAt: submitted ? past(created - 1) : null,
      resultsSubmittedBy: resultsSubmitted ? o.member.id : null,
      resultsSubmittedAt: resultsSubmitted ? past(10) : null,
      createdBy: o.member.id,
      createdByName: o.member.name,
      // The draft newest, the passed plan oldest, as they would have been made.
      createdAt: past(created),
      updatedAt: past(2),
      remark: '演示数据',
    })
    .returning({ id: levelEvaluations.id });
  const methods = [
    { method: 1, fullMarkTenths: 1000, passMarkTenths: 600 },
    { method: 2, fullMarkTenths: 1000, passMarkTenths: 600 },
  ];
  await tx.insert(levelEvaluationMethods).values(methods.map((m) => ({ evaluationId: row.id, ...m })));
  await copyStaff(tx, row.id, filing, {
    examinerIds: filing.people.filter((p) => p.kind === 1).map((p) => p.id),
    supervisorIds: filing.people.filter((p) => p.kind === 2).map((p) => p.id),
  });

  const candidates = Array.from({ length: 20 }, (_, i) => {
    const k = o.firstSeq + i;
    const birth = `${1975 + (k % 25)}${String((k % 12) + 1).padStart(2, '0')}${String((k % 27) + 1).padStart(2, '0')}`;
    const idNumber = withCheckDigit(`110108${birth}${String(100 + k).padStart(3, '0')}`);
    const info = parseIdCard(idNumber)!;
    return {
      evaluationId: row.id,
      name: `${SURNAMES[k % SURNAMES.length]}${GIVEN[(k * 7) % GIVEN.length]}`,
      idNumber,
      gender: info.gender,
      birthday: info.birthday,
      phone: `139${String(10_000_000 + k * 7919).slice(-8)}`,
      education: ['高中', '中专/中技', '大专', '本科'][k % 4],
      workUnit: '示例智能制造有限公司·生产部',
      post: plan.occupation === '6-31-01-03' ? '维修电工' : '焊接工',
      workYears: 2 + (k % 15),
      qualification: '从事本职业工作满规定年限',
      candidateType: k % 9 === 0 ? 2 : 1,
      sort: i,
    };
  });
  const stored = await tx
    .insert(levelEvaluationCandidates)
    .values(candidates)
    .returning({ id: levelEvaluationCandidates.id, sort: levelEvaluationCandidates.sort });
  stored.sort((a, b) => a.sort - b.sort);
  if (plan.seated) await seatDemoPlan(tx, o.companyId, row.id, o.admin, plan.from, now);
  let passCount = 0;
  const rules = methods.map((m) => ({ method: m.method, pass_mark: m.passMarkTenths / 10 }));
  for (const [i, c] of stored.entries()) {
    if (i >= plan.scored) continue;
    const scores: MethodScore[] = methods.map((m) => ({
      method: m.method,
      score: Math.round((45 + random() * 53) * 10) / 10,
      mark: null,
    }));
    if (plan.absent && i === 4) scores[1] = { method: 2, score: null, mark: 1 };
    await tx.insert(levelEvaluationScores).values(
      scores.map((s) => ({
        candidateId: c.id,
        evaluationId: row.id,
        method: s.method,
        scoreTenths: s.score === null ? null : Math.round(s.score * 10),
        mark: s.mark,
        updatedBy: o.member.id,
      })),
    );
    const result = candidateResult(rules, scores);
    if (result === CandidateResult.PASS) passCount++;
    await tx.update(levelEvaluationCandidates).set({ result }).where(eq(levelEvaluationCandidates.id, c.id));
  }
  await tx
    .update(levelEvaluations)
    .set({ candidateCount: stored.length, passCount })
    .where(eq(levelEvaluations.id, row.id));

  // The timeline, days apart, oldest first.
  const steps: [EvaluationActionValue, { id: string | null; name: string }, number][] = [
    [EvaluationAction.CREATE, o.member, created],
  ];
  if (submitted) steps.push([EvaluationAction.SUBMIT, o.member, created - 1]);
  if (status >= EvaluationStatus.IN_PROGRESS) steps.push([EvaluationAction.APPROVE, o.admin, created - 3]);
  if (resultsSubmitted) steps.push([EvaluationAction.SUBMIT_RESULTS, o.member, 10]);
  if (status >= EvaluationStatus.PUBLICITY)
    steps.push([EvaluationAction.APPROVE_RESULTS, o.admin, status === EvaluationStatus.PASSED ? 9 : 2]);
  if (status === EvaluationStatus.PASSED) steps.push([EvaluationAction.PUBLICITY_OVER, SYSTEM_USER, 2]);
  await tx.insert(levelEvaluationLogs).values(
    steps.map(([action, user, daysAgo]) => ({
      evaluationId: row.id,
      action,
      userId: user.id,
      userName: user.name,
      createdAt: past(daysAgo),
    })),
  );
}

/** A day from today in China time, as sessions take it ('YYYY-MM-DD'). */
const chinaDay = (now: Date, d: number) =>
  new Date(now.getTime() + d * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The enterprise's seated plan, through the services its tabs call: a theory session on its first day and a practical
 * one the next, two rooms each, its candidates seated in order (one work unit: nothing to scramble).
 */
async function seatDemoPlan(
  tx: DbOrTx,
  companyId: string,
  planId: string,
  admin: UserRow,
  from: number,
  now: Date,
): Promise<void> {
  const own = companyScope(companyId, CompanyRole.ADMIN);
  const sessions = [
    { method: 1, name: '理论考试', day: from, start: '09:00', end: '11:00' },
    { method: 2, name: '实操考核', day: from + 1, start: '14:00', end: '17:00' },
  ];
  for (const s of sessions)
    await addSession(
      tx,
      own,
      planId,
      examSessionBody.parse({
        method: s.method,
        name: s.name,
        start_time: `${chinaDay(now, s.day)} ${s.start}`,
        end_time: `${chinaDay(now, s.day)} ${s.end}`,
      }),
    );
  const listed = (await sessionList(tx, await findPlan(tx, own, planId))).sessions;
  for (const s of sessions) {
    const session = listed.find((x) => x.name === s.name)!;
    for (let r = 0; r < 2; r++)
      await addRoom(
        tx,
        own,
        planId,
        examRoomBody.parse({
          session_id: session._id,
          name: `第${r + 1}考场`,
          room_type: s.method === 2 ? 3 : 1,
          seats: 10,
          address:
            s.method === 2
              ? `示例智能制造实训基地 焊接实训室 ${r + 1}`
              : `示例智能制造实训基地 培训教室 ${201 + r}`,
          invigilators: ['钱秀英', `监考${'甲乙'[r]}`],
          examiners: s.method === 2 ? ['赵建国'] : [],
        }),
      );
  }
  await seatPlan(tx, own, planId, SeatingMode.ORDER, admin);
}

/** When the server is ready: the seated demo plan's admission tickets, rendered once (qiye is told when done). */
export async function renderEvaluationDemoTickets(app: FastifyInstance): Promise<void> {
  const admin = await findUserByAccount(app.db, 'qiye');
  if (!admin?.companyId) return;
  const seated = await app.db
    .select({ id: levelEvaluations.id })
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.companyId, admin.companyId),
        eq(levelEvaluations.ownerKind, PlanOwner.ENTERPRISE),
        isNotNull(levelEvaluations.seatedAt),
        eq(levelEvaluations.ticketsStatus, TicketStatus.NONE),
      ),
    );
  const own = companyScope(admin.companyId, CompanyRole.ADMIN);
  for (const plan of seated) await startTicketRendering(app, own, plan.id, admin);
}
