import type { SeatingResult, TicketOverview } from '@skill-cert/shared/level-evaluations';
import { seedRegisteringTestPlan } from '../apps/server/test/fixtures/institution-plans.ts';
import { approveExaminees, examineeSheet, importExaminees } from './lib/examinees.ts';
import {
  processCpuSeconds as cpuSeconds,
  loadAverage,
  processMb,
  seededServer,
} from './lib/seeded-server.ts';
import { pct, sampleUserLatency } from './lib/user-latency.ts';

/**
 * `npm run bench:institution` (BENCH_ROWS, default 10000; DATABASE_URL, an admin URL, runs it on a fresh PostgreSQL
 * database instead of the embedded one): one real server process, signed in as jigou. A test plan 报名中 of the demo
 * institution (approved filing with its codes, the method 理论知识考试, 10 sessions of 30 rooms) is seeded before the
 * server starts. Measured: BENCH_ROWS examinees imported from one .xlsx by the background job (upload to every row
 * stored, target < 5 s); approved; seated by work unit into the 300 rooms (the request, target < 1 s); every admission
 * ticket rendered (request to the job's end, target < 10 s) with GET /api/user p50/p99 meanwhile (target p99 < 100
 * ms) and the CPU seconds the server spent; the zip of the rooms' PDFs, first byte (target < 1 s) and whole; the
 * server's peak memory and the load average.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SESSIONS = 10;
const ROOMS = 30;
const SEATS = Math.ceil(ROWS / (SESSIONS * ROOMS));
const USER_POLL_MS = 50;
const UNITS = 60;

const check = (ok: boolean) => (ok ? '✓' : '✗');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const {
  seeded: planId,
  url,
  pid,
  call,
  token,
  stop,
} = await seededServer(
  'institution',
  (db, companyId) =>
    seedRegisteringTestPlan(db, companyId, { sessions: SESSIONS, rooms: ROOMS, seats: SEATS }),
  (on) =>
    `bench:institution — ${ROWS} examinees, ${SESSIONS} sessions × ${ROOMS} rooms of ${SEATS} seats on ${on}`,
  'jigou',
);
const base = `/api/testPlans/${planId}`;

try {
  await call('GET', '/api/user', token);

  // ---- import: upload to every row stored (the job's examinees counted in the plan's detail) ----
  const sheet = await examineeSheet(ROWS, UNITS);
  const importMs = await importExaminees(url, call, token, base, sheet, ROWS);
  console.log(
    `${check(importMs < 5000)} import               ${ROWS} examinees (sheet ${(sheet.length / 1024 / 1024).toFixed(1)} MB), upload to every row stored ${seconds(importMs)}, target < 5 s`,
  );

  // ---- approve every registration (1,000 a request) ----
  const approved = await approveExaminees(call, token, base, ROWS);
  console.log(`  approved             ${approved.approved} in ${seconds(approved.ms)} (1,000 a request)`);

  // ---- seating by work unit ----
  const seating = await call<SeatingResult>('POST', `${base}/seating`, token, { mode: 2 });
  console.log(
    `${check(seating.took < 1000)} seating              ${seating.data.seated} examinees into ${SESSIONS * ROOMS} rooms by work unit (${UNITS} units) in ${seconds(seating.took)}, ${seating.data.adjacent_pairs} pairs of one unit side by side, target < 1 s`,
  );
  const reseat = await call<SeatingResult>('POST', `${base}/seating`, token, { mode: 2 });
  console.log(`  seating again        ${seconds(reseat.took)} (every ticket number kept)`);

  // ---- tickets, with GET /api/user meanwhile ----
  const sampler = sampleUserLatency(url, token, USER_POLL_MS);
  const cpuBefore = cpuSeconds(pid);
  const ticketStart = performance.now();
  await call('POST', `${base}/tickets`, token);
  let tickets = (await call<TicketOverview>('GET', `${base}/tickets`, token)).data;
  while (tickets.status === 1) {
    await sleep(250);
    tickets = (await call<TicketOverview>('GET', `${base}/tickets`, token)).data;
  }
  const ticketMs = performance.now() - ticketStart;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const latencies = await sampler.stop();
  if (tickets.status !== 2) throw new Error(`tickets: ${tickets.status_text} ${tickets.fail_reason ?? ''}`);
  console.log(
    `${check(ticketMs < 10_000)} tickets              ${ROWS} tickets in ${tickets.rooms_total} room PDFs in ${seconds(ticketMs)} (${(ROWS / (ticketMs / 1000)).toFixed(0)} tickets/s), server CPU ${cpu.toFixed(1)} s (${((cpu * 1000) / ROWS).toFixed(2)} ms a ticket), target < 10 s`,
  );
  console.log(
    `${check(pct(latencies, 99) < 100)} GET /api/user        p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} requests during the rendering, target p99 < 100 ms`,
  );

  // ---- the zip of every room's PDF ----
  const zipStart = performance.now();
  const zip = await fetch(`${url}${base}/tickets/zip`, { headers: { authorization: `Bearer ${token}` } });
  if (!zip.ok || !zip.body) throw new Error(`zip: ${zip.status}`);
  const reader = zip.body.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - zipStart;
    bytes += value.byteLength;
  }
  const zipMs = performance.now() - zipStart;
  console.log(
    `${check(first < 1000)} zip first byte       ${first.toFixed(0)} ms; whole ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(zipMs)}, target first byte < 1 s`,
  );
  console.log(
    `  server peak memory (VmHWM): ${processMb(pid).toFixed(0)} MB; load average now ${loadAverage()}`,
  );
} finally {
  await stop();
}
