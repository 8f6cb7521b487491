import { CompanyRole, CompanyType } from '@skill-cert/shared/companies';
import { parseIdCard, withCheckDigit } from '@skill-cert/shared/id-card';
import {
  EvaluationStatus,
  type ExamineeInput,
  examineeInput,
  examRoomBody,
  examSessionBody,
  PlanOwner,
  SeatingMode,
  TicketStatus,
  testPlanBody,
} from '@skill-cert/shared/level-evaluations';
import { recordApplicationBody } from '@skill-cert/shared/records';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, companyScope } from '../../lib/company-scope.ts';
import { findCompany } from '../companies/service.ts';
import { approvedFilings, createApplication, decideApplication } from '../records/service.ts';
import { findUserByAccount, type UserRow } from '../users/service.ts';
import { addRoom, addSession, sessionList } from './exam-logistics.ts';
import { addExaminees, reviewExaminees } from './examinees.ts';
import { createPlan } from './plan-content.ts';
import { findPlan } from './plans.ts';
import { saveScores } from './scores.ts';
import { seatPlan } from './seating.ts';
import { levelEvaluations } from './tables.ts';
import { endExam, publishTestPlan, reviewTestResults, startExam, submitTestResults } from './test-plans.ts';
import { startTicketRendering } from './tickets.ts';

const DAY = 86_400_000;

const person = (name: string, first17: string, phone: string, qualification: string) => ({
  name,
  id_number: withCheckDigit(first17),
  phone,
  qualification,
});

/** The demo institution's filing as 社会培训评价组织: 电工 5–3, 焊工·电焊工 5–4; kaoping is its first examiner. */
const institutionFiling = recordApplicationBody.parse({
  scopes: [
    { occupation_code: '6-31-01-03', levels: [5, 4, 3] },
    { occupation_code: '6-18-02-04', work_type: '电焊工', levels: [5, 4] },
  ],
  evaluation_basis: 1,
  sites: [
    {
      name: '示例职业技能培训评价中心考点',
      region_code: '110108',
      address: '北京市海淀区中关村大街1号考试楼',
    },
  ],
  examiners: [
    person('柯萍', '11010819800315002', '13800000004', '电工 二级/技师'),
    person('孙立军', '11010819750412003', '13900000201', '焊工 二级/技师'),
  ],
  supervisors: [person('周慧敏', '11010819830702004', '13900000202', '质量督导员')],
  remark: '演示数据：机构已通过的备案',
  submit: true,
});

const SURNAMES = '李王张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗';
const GIVEN = [
  '建华',
  '晓燕',
  '志强',
  '丽娟',
  '海涛',
  '秀英',
  '国庆',
  '婷',
  '鹏',
  '雪梅',
  '宇',
  '红霞',
  '斌',
  '丹',
  '凯',
];
const UNITS = [
  '北京华电机电工程有限公司',
  '京城建设集团第三分公司',
  '海淀区物业管理中心',
  '中关村智能装备有限公司',
  '北方钢构制造有限公司',
  null,
];

/** A demo examinee, different for each `k`: a valid 居民身份证 number, a phone, a work unit of a few. */
function demoExaminee(k: number): ExamineeInput {
  const birth = `${1978 + (k % 22)}${String((k % 12) + 1).padStart(2, '0')}${String((k % 27) + 1).padStart(2, '0')}`;
  const idNumber = withCheckDigit(`110105${birth}${String(300 + k).padStart(3, '0')}`);
  return examineeInput.parse({
    name: `${SURNAMES[k % SURNAMES.length]}${GIVEN[(k * 7) % GIVEN.length]}`,
    id_type: 1,
    id_number: idNumber,
    gender: parseIdCard(idNumber)?.gender ?? null,
    phone: `137${String(10_000_000 + k * 7919).slice(-8)}`,
    education: ['高中', '中专/中技', '大专', '本科'][k % 4],
    work_unit: UNITS[k % UNITS.length],
    post: k % 2 ? '维修电工' : '电气安装工',
    work_years: 1 + (k % 12),
    candidate_type: k % 11 === 0 ? 2 : 1,
  });
}

interface DemoSession {
  method: 1 | 2;
  name: string;
  /** Days from today, and the hours. */
  day: number;
  start: string;
  end: string;
  rooms: number;
  seats: number;
}

interface DemoTestPlan {
  name: string;
  occupation: '6-31-01-03' | '6-18-02-04';
  level: 5 | 4 | 3;
  /** Days from today: registration window and exam window. */
  registration: [number, number];
  exam: [number, number];
  sessions: DemoSession[];
  examinees: number;
  /** How far the plan goes: 报名中 (some reviewed), 已编排, or 公示中 with results. */
  stage: 'registering' | 'seated' | 'publicity';
}

const PLANS: DemoTestPlan[] = [
  {
    name: '2027年第一期电工四级（中级工）考试',
    occupation: '6-31-01-03',
    level: 4,
    registration: [-5, 15],
    exam: [25, 26],
    sessions: [
      { method: 1, name: '理论考试', day: 25, start: '09:00', end: '11:00', rooms: 2, seats: 30 },
      { method: 2, name: '实操考核', day: 26, start: '09:00', end: '12:00', rooms: 2, seats: 30 },
    ],
    examinees: 36,
    stage: 'registering',
  },
  {
    name: '2026年第四期焊工（电焊工）五级考试',
    occupation: '6-18-02-04',
    level: 5,
    registration: [-20, -1],
    exam: [7, 8],
    sessions: [
      { method: 1, name: '理论考试', day: 7, start: '09:00', end: '11:00', rooms: 2, seats: 25 },
      { method: 2, name: '实操考核', day: 8, start: '08:30', end: '11:30', rooms: 3, seats: 15 },
    ],
    examinees: 40,
    stage: 'seated',
  },
  {
    name: '2026年第三期电工五级（初级工）考试',
    occupation: '6-31-01-03',
    level: 5,
    registration: [-50, -25],
    exam: [-20, -19],
    sessions: [
      { method: 1, name: '理论考试', day: -20, start: '09:00', end: '11:00', rooms: 1, seats: 40 },
      { method: 2, name: '实操考核', day: -19, start: '09:00', end: '12:00', rooms: 2, seats: 20 },
    ],
    examinees: 30,
    stage: 'publicity',
  },
];

const dayOf = (now: Date, d: number) =>
  new Date(now.getTime() + d * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

/** The demo institution (jigou's) as its staff act: its scope, administrator and approved filing. */
async function demoInstitution(db: DbOrTx) {
  const admin = await findUserByAccount(db, 'jigou');
  const platform = await findUserByAccount(db, 'pingtai');
  if (!admin?.companyId || !platform) return null;
  const company = await findCompany(db, admin.companyId);
  if (company?.type !== CompanyType.INSTITUTION) return null;
  return { admin, platform, own: companyScope(company.id, CompanyRole.ADMIN, CompanyType.INSTITUTION) };
}

/**
 * Start-only demo content of the institution portal (SEED_DEMO, `npm run demo:reset`): when jigou's institution has
 * no test plan yet, it gets an approved filing as 社会培训评价组织 (if none) and three test plans made through the
 * services its pages call: one 报名中 with examinees to review, one 已编排 (its tickets are rendered once the server is
 * ready: `renderDemoTickets`), one 公示中 with results (缺考 and 违纪 among them).
 */
export async function seedInstitutionDemo(db: DbOrTx, now = new Date()): Promise<void> {
  const found = await demoInstitution(db);
  if (!found) return;
  const { admin, platform, own } = found;
  const [{ n }] = await db
    .select({ n: count() })
    .from(levelEvaluations)
    .where(
      and(eq(levelEvaluations.companyId, own.id), eq(levelEvaluations.ownerKind, PlanOwner.INSTITUTION)),
    );
  if (n > 0) return;
  let [filing] = await approvedFilings(db, own);
  if (!filing) {
    const id = await createApplication(db, own, admin, institutionFiling);
    await decideApplication(db, id, platform, { approve: true, note: '演示数据' });
    [filing] = await approvedFilings(db, own, id);
  }
  let k = 0;
  for (const plan of PLANS) {
    await seedTestPlan(db, own, admin, filing, plan, now, k);
    k += plan.examinees;
  }
}

async function seedTestPlan(
  db: DbOrTx,
  own: CompanyScope,
  admin: UserRow,
  filing: Awaited<ReturnType<typeof approvedFilings>>[number],
  plan: DemoTestPlan,
  now: Date,
  firstK: number,
): Promise<void> {
  const scope = filing.scopes.find((s) => s.occupationCode === plan.occupation)!;
  const body = testPlanBody.parse({
    name: plan.name,
    record_application_id: filing.id,
    occupation_code: scope.occupationCode,
    work_type: scope.workType,
    level: plan.level,
    methods: [
      { method: 1, full_mark: 100, pass_mark: 60 },
      { method: 2, full_mark: 100, pass_mark: 60 },
    ],
    start_date: dayOf(now, plan.exam[0]),
    end_date: dayOf(now, plan.exam[1]),
    registration_start_date: dayOf(now, plan.registration[0]),
    registration_end_date: dayOf(now, plan.registration[1]),
    site_id: filing.sites[0].id,
    examiner_ids: filing.people.filter((p) => p.kind === 1).map((p) => p.id),
    supervisor_ids: filing.people.filter((p) => p.kind === 2).map((p) => p.id),
    publicity_days: 7,
    remark: '演示数据',
  });
  const { id } = await createPlan(db, own, admin, { ...body, submit: false });
  for (const s of plan.sessions) {
    await addSession(
      db,
      own,
      id,
      examSessionBody.parse({
        method: s.method,
        name: s.name,
        start_time: `${dayOf(now, s.day)} ${s.start}`,
        end_time: `${dayOf(now, s.day)} ${s.end}`,
      }),
    );
  }
  const sessions = (await sessionList(db, await findPlan(db, own, id))).sessions;
  for (const s of plan.sessions) {
    const session = sessions.find((x) => x.name === s.name)!;
    for (let r = 0; r < s.rooms; r++)
      await addRoom(
        db,
        own,
        id,
        examRoomBody.parse({
          session_id: session._id,
          name: `第${r + 1}考场`,
          room_type: s.method === 2 ? 3 : 1,
          seats: s.seats,
          address: s.method === 2 ? `实训楼 ${r + 1} 层焊接/电工实训室` : `考试楼 ${301 + r} 室`,
          invigilators: [`监考${'甲乙丙丁'[r % 4]}`, `监考${'戊己庚辛'[r % 4]}`],
          examiners: s.method === 2 ? ['柯萍'] : [],
        }),
      );
  }
  await publishTestPlan(db, own, id, admin);
  const added = await addExaminees(
    db,
    own,
    id,
    Array.from({ length: plan.examinees }, (_, i) => demoExaminee(firstK + i)),
  );
  const ids = added.map((e) => e._id);
  if (plan.stage === 'registering') {
    // Most approved, two rejected with a reason, the rest still waiting for review.
    await reviewExaminees(
      db,
      own,
      id,
      { examinee_ids: ids.slice(0, 20), action: 'approve', reason: null },
      admin,
    );
    await reviewExaminees(
      db,
      own,
      id,
      { examinee_ids: ids.slice(20, 22), action: 'reject', reason: '证件照片不清晰，请重新上传后再提交' },
      admin,
    );
    return;
  }
  await reviewExaminees(db, own, id, { examinee_ids: ids, action: 'approve', reason: null }, admin);
  await seatPlan(db, own, id, SeatingMode.SCRAMBLE, admin, demoRandom(firstK + 1));
  if (plan.stage === 'seated') return;
  await startExam(db, own, id, admin);
  await endExam(db, own, id, admin);
  const random = demoRandom(firstK + 7);
  await saveScores(
    db,
    own,
    id,
    ids.flatMap((candidateId, i) => [
      i === 3
        ? { candidate_id: candidateId, method: 1, score: null, mark: 1 as const }
        : { candidate_id: candidateId, method: 1, score: Math.round(50 + random() * 48), mark: null },
      i === 8
        ? { candidate_id: candidateId, method: 2, score: null, mark: 2 as const }
        : { candidate_id: candidateId, method: 2, score: Math.round(55 + random() * 43), mark: null },
    ]),
    admin.id,
  );
  await submitTestResults(db, own, id, admin);
  await reviewTestResults(db, own, id, admin, { action: 'approve', reason: null });
}

/** A deterministic pseudo-random sequence, so the demo seats and scores the same every time. */
function demoRandom(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** When the server is ready: the seated demo plan's admission tickets, rendered once (jigou is told when done). */
export async function renderDemoTickets(app: FastifyInstance): Promise<void> {
  const found = await demoInstitution(app.db);
  if (!found) return;
  const seated = await app.db
    .select({ id: levelEvaluations.id })
    .from(levelEvaluations)
    .where(
      and(
        eq(levelEvaluations.companyId, found.own.id),
        eq(levelEvaluations.ownerKind, PlanOwner.INSTITUTION),
        eq(levelEvaluations.status, EvaluationStatus.SEATED),
        eq(levelEvaluations.ticketsStatus, TicketStatus.NONE),
      ),
    );
  for (const plan of seated) await startTicketRendering(app, found.own, plan.id, found.admin);
}
