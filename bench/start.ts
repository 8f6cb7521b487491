/**
 * Start time of the production server: the command of `npm run serve` (package.json, run as npm runs it, without npm
 * itself) from spawn to its first `/healthz` 200 (and to `/readyz`, once the demo's certificates, archives and tickets
 * are rendered), on a fresh data folder (cold: migrations, demo seeding) and again on the same folder (warm). Beside each: the CPU seconds the server's processes spent up to that answer (from /proc,
 * threads and children included) and the load average, since wall clock alone means little on a shared machine.
 *   npm run bench:start -- [--runs N]
 * With --idle S (BENCH_IDLE, default 0: off), the server stays S seconds after that answer and its resident memory
 * (the process and its children) is printed beside it: the idle-memory target is read 60 s after start.
 * Knobs: BENCH_RUNS (default 3), BENCH_SERVE (another command, e.g. the previous `serve` for an A/B).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../apps/server/test/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { runs: { type: 'string' }, idle: { type: 'string' } } });
const runs = Number(args.runs ?? process.env.BENCH_RUNS ?? 3);
const idleS = Number(args.idle ?? process.env.BENCH_IDLE ?? 0);
const serve: string =
  process.env.BENCH_SERVE ?? JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
/** Clock ticks a second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS = 100;

/** utime + stime of a process and of its reaped children, in ticks; 0 once it is gone. */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14–17 of proc(5), counted from the state (field 3) here.
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return 0;
  }
}

/** The process and every descendant alive now. */
function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

async function answers(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface Start {
  ms: number;
  /** To /readyz: the demo's content rendered (certificates, archives, tickets on a new data folder). */
  readyMs: number;
  cpuS: number;
  load: number;
  /** Resident memory of the server's processes `idleS` after /healthz answered, in MB (with --idle). */
  idleRssMb?: number;
}

/** VmRSS of a process in kB; 0 once it is gone. */
function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const load = loadavg()[0];
  const began = performance.now();
  const child = spawn('sh', ['-c', `exec ${serve}`], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await answers(`http://127.0.0.1:${port}/healthz`, child);
  const ms = performance.now() - began;
  const cpuS = processTree(child.pid!).reduce((sum, pid) => sum + cpuTicks(pid), 0) / TICKS;
  await answers(`http://127.0.0.1:${port}/readyz`, child);
  const readyMs = performance.now() - began;
  let idleRssMb: number | undefined;
  if (idleS > 0) {
    await new Promise((r) => setTimeout(r, idleS * 1000));
    idleRssMb = processTree(child.pid!).reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
  }
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return { ms, readyMs, cpuS, load, idleRssMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (label: string, s: Start) =>
  `${label.padEnd(6)} ${(s.ms / 1000).toFixed(2).padStart(6)} s to /healthz, CPU ${s.cpuS.toFixed(2)} s, load ${s.load.toFixed(2)}; ${(s.readyMs / 1000).toFixed(2)} s to /readyz` +
  (s.idleRssMb === undefined
    ? ''
    : `, RSS ${s.idleRssMb.toFixed(0)} MB after ${idleS} s idle (target < 220 MB)`);

console.log(`serve: ${serve}`);
const cold: Start[] = [];
const warm: Start[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-start-'));
  try {
    cold.push(await start(dataDir));
    console.log(line('cold', cold[i]));
    warm.push(await start(dataDir));
    console.log(line('warm', warm[i]));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
for (const [label, xs] of [
  ['cold', cold],
  ['warm', warm],
] as const)
  console.log(
    `median ${label}: ${(median(xs.map((s) => s.ms)) / 1000).toFixed(2)} s, CPU ${median(xs.map((s) => s.cpuS)).toFixed(2)} s, load ${median(xs.map((s) => s.load)).toFixed(2)}`,
  );
