import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { ExamCardPage, ExamTaskPage } from '@skill-cert/shared/exam-tasks';
import type { ExamSessionList, SeatingResult } from '@skill-cert/shared/level-evaluations';
import { RoleType } from '@skill-cert/shared/roles';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed.ts';
import { uuidv7 } from '../apps/server/src/lib/id.ts';
import { grantRolesByNameToUsers } from '../apps/server/src/modules/access/defaults.ts';
import { EXAMINER } from '../apps/server/src/modules/level-evaluations/examiners.ts';
import { levelEvaluationStaff } from '../apps/server/src/modules/level-evaluations/tables.ts';
import { createUsers, hashPassword } from '../apps/server/src/modules/users/service.ts';
import { seedRegisteringTestPlan } from '../apps/server/test/fixtures/institution-plans.ts';
import { approveExaminees, examineeSheet, importExaminees } from './lib/examinees.ts';
import {
  loadAverage,
  machineState,
  processCpuSeconds,
  processMb,
  seededServer,
} from './lib/seeded-server.ts';
import { pct, sampleUserLatency } from './lib/user-latency.ts';

/**
 * `npm run bench:marking` (BENCH_EXAMINERS, default 50; BENCH_ROWS, default 10000; BENCH_ITEMS, default 10;
 * BENCH_PACE_MS, default 0: each examiner starts a save at most that often, a typist's pace instead of as fast as the
 * answers come; DATABASE_URL, an admin URL, runs it on a fresh PostgreSQL database instead of the embedded one): one
 * real server process. A test plan of jigou's institution (报名中, approved filing with its codes, the method 理论知识考试, one
 * session of BENCH_EXAMINERS rooms) and BENCH_EXAMINERS examiner accounts (role 考评员) named on the plan are seeded
 * before the server starts. Through the API: BENCH_ROWS examinees imported, approved, seated in order, the exam
 * started and ended (阅卷中); the method split into BENCH_ITEMS items; each examiner signs in, files a qualification
 * covering the plan and is assigned one room (a task of its examinees). Measured: every examiner scoring every item of
 * every examinee of their task at once, each a closed loop (one save in flight, the next sent when it answers) on
 * loopback: the round trip of each save (p50/p99/max; target p99 < 30 ms on PostgreSQL, < 60 ms embedded), saves a
 * second, the CPU seconds of the server, of PostgreSQL's processes and of the benchmark's clients (and per save), what
 * a closed loop of that many examiners allows (Little's law), `GET /api/user` polled meanwhile, the load average and
 * free memory; then every task submitted. Counted after, in the database with the server stopped: every
 * item score present once with the value sent (0 lost), none saved twice (version 1: 0 doubled), and the plan's
 * method score of every examinee the sum of its items.
 */
const EXAMINERS = Number(process.env.BENCH_EXAMINERS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10);
const SEATS = Math.ceil(ROWS / EXAMINERS);
const PAGE = 50;
const USER_POLL_MS = 50;
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 0);
const TARGET_P99_MS = process.env.DATABASE_URL ? 30 : 60;

const check = (ok: boolean) => (ok ? '✓' : '✗');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms1 = (n: number) => `${n.toFixed(1)} ms`;

/** Item maxima in tenths adding up to the method's 100: equal steps of 0.5, the rest on the last. */
const maxima = Array.from({ length: ITEMS }, (_, i) => {
  const each = Math.floor(1000 / ITEMS / 5) * 5;
  return i < ITEMS - 1 ? each : 1000 - each * (ITEMS - 1);
});

/** The score an examiner gives an item of a masked code, in tenths: any step of 0.5 up to the item's maximum. */
const scoreTenths = (maskedCode: string, itemNo: number) =>
  ((Number(maskedCode) + itemNo * 7) % (maxima[itemNo - 1] / 5 + 1)) * 5;

/**
 * CPU seconds of the machine's PostgreSQL processes (every `postgres` process: the server's backends and the cluster's
 * own), read from /proc; only meaningful while nothing else uses that cluster.
 */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d)))
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {}
  return total;
}

/**
 * One save, `PUT` on a kept-alive connection of `agent` (node:http: a fraction of fetch's CPU, and the clients share
 * the two cores with the server): the status and the envelope's code and message.
 */
function put(agent: Agent, base: URL, path: string, token: string, body: string) {
  return new Promise<{ status: number; code: number; message: string }>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              code: number;
              message: string;
            };
            resolve({ status: res.statusCode ?? 0, code: json.code, message: json.message });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Seeded {
  planId: string;
  examiners: { name: string; personId: string }[];
}

/** The plan with one session of a room per examiner, and the examiners: accounts holding 考评员 and the plan's staff. */
async function seed(db: Database['db'], companyId: string): Promise<Seeded> {
  const planId = await seedRegisteringTestPlan(db, companyId, {
    sessions: 1,
    rooms: EXAMINERS,
    seats: SEATS,
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = await createUsers(
    db,
    Array.from({ length: EXAMINERS }, (_, i) => ({
      name: `bench_kaoping_${i + 1}`,
      phone: `137${String(i + 1).padStart(8, '0')}`,
      passwordHash,
      roleTypeIds: [RoleType.EXAMINER],
    })),
  );
  await grantRolesByNameToUsers(
    db,
    accounts.map((a) => ({ userId: a.id, names: ['考评员'] })),
  );
  const staff = accounts.map((a, i) => ({
    evaluationId: planId,
    personId: uuidv7(),
    kind: EXAMINER,
    name: `考评员${i + 1}`,
    phone: a.phone as string,
    userId: a.id,
    sort: i,
  }));
  await db.insert(levelEvaluationStaff).values(staff);
  return { planId, examiners: accounts.map((a, i) => ({ name: a.name, personId: staff[i].personId })) };
}

const { seeded, url, pid, call, token, stop, halt, dataDir, databaseUrl } = await seededServer(
  'marking',
  seed,
  (on) =>
    `bench:marking — ${EXAMINERS} examiners, ${ROWS} examinees × ${ITEMS} items (${EXAMINERS * SEATS} seats in ${EXAMINERS} rooms) on ${on}`,
  'jigou',
);
const base = `/api/testPlans/${seeded.planId}`;

try {
  console.log(`machine: ${machineState()}`);

  // ---- the plan up to 阅卷中, through the institution's API ----
  const sheet = await examineeSheet(ROWS, 60);
  const importMs = await importExaminees(url, call, token, base, sheet, ROWS);
  const approved = await approveExaminees(call, token, base, ROWS);
  const seating = await call<SeatingResult>('POST', `${base}/seating`, token, { mode: 1 });
  await call('POST', `${base}/startExam`, token);
  await call('POST', `${base}/endExam`, token);
  await call('PUT', `${base}/marking/1`, token, {
    items: maxima.map((max, i) => ({ name: `第${i + 1}题`, max: max / 10 })),
  });
  console.log(
    `  set-up               ${ROWS} examinees imported in ${seconds(importMs)}, ${approved.approved} approved, ${seating.data.seated} seated, exam started and ended, ${ITEMS} items set`,
  );

  // ---- each examiner signs in, files a qualification and is given a room ----
  const examiners = await Promise.all(
    seeded.examiners.map(async (e) => {
      const { token: examinerToken } = (
        await call<{ token: string }>('POST', '/api/login', null, { name: e.name, password: DEMO_PASSWORD })
      ).data;
      await call('POST', '/api/examinerQualifications', examinerToken, {
        occupation_code: '6-31-01-03',
        level_low: 5,
        level_high: 3,
        certificate_no: `KP-${e.name}`,
        valid_until: '2030-12-31',
      });
      return { ...e, token: examinerToken };
    }),
  );
  const rooms = (await call<ExamSessionList>('GET', `${base}/sessions`, token)).data.sessions.flatMap(
    (s) => s.rooms,
  );
  const assignStart = performance.now();
  for (const [i, e] of examiners.entries())
    await call('POST', `${base}/examTasks`, token, {
      person_id: e.personId,
      method: 1,
      room_id: rooms[i]._id,
    });
  const assignMs = performance.now() - assignStart;

  // ---- each examiner opens their task and its examinees (masked codes), as the page does ----
  const work = await Promise.all(
    examiners.map(async (e) => {
      const list = (await call<ExamTaskPage>('GET', '/api/examTasks', e.token)).data.list;
      if (list.length !== 1) throw new Error(`${e.name}: ${list.length} tasks`);
      const task = list[0]._id;
      await call('GET', `/api/examTasks/${task}`, e.token);
      const cards: { id: string; code: string }[] = [];
      for (let page = 1; ; page++) {
        const { data } = await call<ExamCardPage>(
          'GET',
          `/api/examTasks/${task}/cards?page=${page}&per_page=${PAGE}`,
          e.token,
        );
        cards.push(...data.list.map((c) => ({ id: c._id, code: c.masked_code })));
        if (page >= data.meta.last_page) break;
      }
      return { ...e, task, cards };
    }),
  );
  const cardTotal = work.reduce((n, w) => n + w.cards.length, 0);
  console.log(
    `  tasks                ${work.length} examiners signed in and qualified; ${work.length} tasks assigned one room each in ${seconds(assignMs)}, ${cardTotal} examinees in them (${Math.min(...work.map((w) => w.cards.length))}–${Math.max(...work.map((w) => w.cards.length))} a task)`,
  );
  console.log(`  before marking: load average ${loadAverage()}`);

  // ---- marking: every examiner at once, one save in flight each ----
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: work.length + 1 });
  const origin = new URL(url);
  const sampler = sampleUserLatency(url, token, USER_POLL_MS);
  const serverCpuBefore = processCpuSeconds(pid);
  const mainCpuBefore = processCpuSeconds(pid, pid);
  const postgresCpuBefore = databaseUrl ? postgresCpuSeconds() : 0;
  const ownCpuBefore = process.cpuUsage();
  const markStart = performance.now();
  await Promise.all(
    work.map(async (w, i) => {
      // Paced examiners start spread over one interval, not all at once.
      let nextStart = performance.now() + (PACE_MS * i) / work.length;
      for (const card of w.cards)
        for (let itemNo = 1; itemNo <= ITEMS; itemNo++) {
          if (PACE_MS) {
            const wait = nextStart - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            nextStart = Math.max(nextStart, performance.now()) + PACE_MS;
          }
          const start = performance.now();
          const res = await put(
            agent,
            origin,
            `/api/examTasks/${w.task}/cards/${card.id}/items/${itemNo}`,
            w.token,
            JSON.stringify({ score: scoreTenths(card.code, itemNo) / 10, remark: null, version: 0 }),
          );
          latencies.push(performance.now() - start);
          if (res.code !== 200) {
            const key = `${res.status} ${res.message}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          }
        }
    }),
  );
  const markMs = performance.now() - markStart;
  const serverCpu = processCpuSeconds(pid) - serverCpuBefore;
  const mainCpu = processCpuSeconds(pid, pid) - mainCpuBefore;
  const postgresCpu = databaseUrl ? postgresCpuSeconds() - postgresCpuBefore : 0;
  const ownCpu = process.cpuUsage(ownCpuBefore);
  agent.destroy();
  const userLatencies = await sampler.stop();
  const saves = latencies.length;
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  const p99 = pct(latencies, 99);
  console.log(
    `${check(p99 < TARGET_P99_MS)} save an item score   ${saves} saves by ${work.length} examiners at once in ${seconds(markMs)} (${(saves / (markMs / 1000)).toFixed(0)} saves/s): p50 ${ms1(pct(latencies, 50))}, p90 ${ms1(pct(latencies, 90))}, p99 ${ms1(p99)}, max ${ms1(Math.max(...latencies))}; target p99 < ${TARGET_P99_MS} ms on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}`,
  );
  console.log(
    `  answers              ${saves - failed} of ${saves} answered 200${failed ? `; refused: ${[...failures].map(([k, n]) => `${n} × ${k}`).join('; ')}` : ''}`,
  );
  const perSave = (cpuSeconds: number) => (cpuSeconds * 1000) / saves;
  const clientCpu = (ownCpu.user + ownCpu.system) / 1e6;
  const cpuTotal = serverCpu + postgresCpu + clientCpu;
  console.log(
    `  CPU                  server ${serverCpu.toFixed(1)} s (${perSave(serverCpu).toFixed(2)} ms a save; its main thread ${mainCpu.toFixed(1)} s, ${perSave(mainCpu).toFixed(2)} ms)${databaseUrl ? `, PostgreSQL's processes ${postgresCpu.toFixed(1)} s (${perSave(postgresCpu).toFixed(2)} ms)` : ''}, this benchmark's clients ${clientCpu.toFixed(1)} s (${perSave(clientCpu).toFixed(2)} ms): ${perSave(cpuTotal).toFixed(2)} ms a save, ${cpuTotal.toFixed(1)} of the ${((2 * markMs) / 1000).toFixed(1)} CPU s two cores had; load average now ${loadAverage()}, ${machineState().split(', ')[1]}`,
  );
  if (!PACE_MS) {
    const rate = saves / (markMs / 1000);
    const needed = (work.length * 1000) / TARGET_P99_MS;
    const mainBound = databaseUrl
      ? ''
      : `, at most ${(1000 / needed).toFixed(2)} ms of the server's main thread a save (the embedded database runs there; measured ${perSave(mainCpu).toFixed(2)} ms)`;
    console.log(
      `  closed loop          ${work.length} examiners each waiting for their answer keep ${work.length} saves in the server: mean round trip = ${work.length} / ${rate.toFixed(0)} saves/s = ${ms1((work.length * 1000) / rate)} (measured ${ms1(latencies.reduce((a, b) => a + b, 0) / saves)}); a p99 under ${TARGET_P99_MS} ms needs more than ${work.length} / ${TARGET_P99_MS} ms = ${needed.toFixed(0)} saves/s${mainBound}, at most ${((2 * 1000) / needed).toFixed(2)} ms of CPU a save on the 2 cores for server, database and clients together (measured ${perSave(cpuTotal).toFixed(2)} ms)`,
    );
  } else
    console.log(
      `  paced                each examiner starts a save every ${PACE_MS} ms at most (${((work.length * 1000) / PACE_MS).toFixed(0)} saves/s offered)`,
    );
  console.log(
    `  GET /api/user        p50 ${ms1(pct(userLatencies, 50))}, p99 ${ms1(pct(userLatencies, 99))}, max ${ms1(Math.max(...userLatencies))} over ${userLatencies.length} requests during the marking (jigou, every ${USER_POLL_MS} ms)`,
  );

  // ---- every task submitted at once; the examiners' own view of their progress ----
  const submitTimes = await Promise.all(
    work.map(async (w) => (await call('POST', `/api/examTasks/${w.task}/submit`, w.token)).took),
  );
  const views = await Promise.all(
    work.map(async (w) => (await call<ExamTaskPage>('GET', '/api/examTasks', w.token)).data.list[0]),
  );
  const complete = views.filter((v) => v.done === v.total && v.status_text === '已提交').length;
  console.log(
    `  submit               ${work.length} tasks at once: p50 ${ms1(pct(submitTimes, 50))}, max ${ms1(Math.max(...submitTimes))}; ${complete} of ${work.length} read 已提交 with every examinee done`,
  );
  console.log(`  server peak memory (VmHWM): ${processMb(pid).toFixed(0)} MB`);

  // ---- counted in the database, the server stopped ----
  await halt();
  const counted = await openDatabase({
    url: databaseUrl,
    pgliteDir: databaseUrl ? null : `${dataDir}/pglite`,
  });
  try {
    const items = (
      (await counted.db.execute(sql`
        select count(*)::int as stored,
          count(distinct (s.card_id, s.item_no))::int as distinct_items,
          count(*) filter (where s.version <> 1)::int as resaved,
          count(*) filter (where s.score_tenths is distinct from
            ((c.masked_code::bigint + s.item_no * 7) % (i.max_tenths / 5 + 1)) * 5)::int as wrong,
          count(distinct c.candidate_id)::int as examinees
        from level_evaluation_item_scores s
        join level_evaluation_task_cards c on c.id = s.card_id
        join level_evaluation_items i on i.evaluation_id = c.evaluation_id and i.method = c.method
          and i.item_no = s.item_no
        where c.evaluation_id = ${seeded.planId}`)) as unknown as {
        rows: { stored: number; distinct_items: number; resaved: number; wrong: number; examinees: number }[];
      }
    ).rows[0];
    const finals = (
      (await counted.db.execute(sql`
        select count(*)::int as scored,
          count(*) filter (where m.score_tenths is distinct from (select sum(s.score_tenths)
            from level_evaluation_task_cards c join level_evaluation_item_scores s on s.card_id = c.id
            where c.candidate_id = m.candidate_id and c.method = m.method))::int as wrong
        from level_evaluation_scores m
        where m.evaluation_id = ${seeded.planId} and m.method = 1 and m.from_task`)) as unknown as {
        rows: { scored: number; wrong: number }[];
      }
    ).rows[0];
    const expected = cardTotal * ITEMS;
    const lost = expected - (items.stored - items.wrong);
    const doubled = items.stored - items.distinct_items + items.resaved;
    console.log(
      `${check(lost === 0)} lost scores          ${lost} (${items.stored} item scores stored for ${expected} sent, ${items.wrong} with another value than sent; ${items.examinees} examinees), target 0`,
    );
    console.log(
      `${check(doubled === 0)} doubled scores       ${doubled} (${items.stored - items.distinct_items} stored twice, ${items.resaved} saved more than once), target 0`,
    );
    console.log(
      `${check(finals.scored === ROWS && finals.wrong === 0)} plan's scores        ${finals.scored} of ${ROWS} examinees have the method's score from their task, ${finals.wrong} differing from the sum of their items`,
    );
  } finally {
    await counted.close();
  }
} finally {
  await stop();
}
