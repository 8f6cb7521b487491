/**
 * CPU per certificate PDF, in-process, through the engine's own render function (`renderCertificate`) and the
 * worker's store step (`writeContentSync`: hash + write): wall clock means nothing on a shared machine, CPU time does.
 * Renders N national-template certificates (the built-in 职业技能等级证书, a photo each, as a grant renders them) and N
 * custom-template ones (a 300 dpi background, 8 fields, a photo, the QR code), and prints CPU ms per PDF (the
 * process's CPU over the loop: the render and V8's helper threads) and bytes per PDF.
 *   npm run bench:render-cpu -- [--count N] [--rounds R] [--cpu-prof] [--out DIR]
 * `--cpu-prof` writes a V8 CPU profile of the timed loops to DIR (default ./prof) and prints the top self-time
 * functions. `--ab` instead compares, in one process and interleaved in blocks of 50 (so both sides see the same
 * load), national certificates with and without their fixed layer, with labels fixed against the batch's shared
 * fields fixed too (BATCH_FIXED_BLANKS), and qrcode's own mask search against `qrModules`.
 * Knobs: BENCH_ROWS (N, default 2000), BENCH_NO_FIXED=1 (national without the fixed layer).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { writeContentSync } from '../apps/server/src/lib/content-store.ts';
import {
  renderCertificate,
  toRenderBackground,
} from '../apps/server/src/modules/certificate-engine/render/index.ts';
import { qrModules } from '../apps/server/src/modules/certificate-engine/render/qr.ts';
import type { RenderJob } from '../apps/server/src/modules/certificate-engine/render/types.ts';
import { buildRenderJob } from '../apps/server/src/modules/certificate-engine/render-job.ts';
import {
  BATCH_FIXED_BLANKS,
  certificateValues,
  FIXED_BLANKS,
  NATIONAL_TEMPLATE,
} from '../apps/server/src/modules/certificates/national-template.ts';
import {
  makeBackground,
  sampleCustomJob,
  sampleIdNumber,
  sampleName,
  tempDir,
} from '../apps/server/test/fixtures/certificate-engine-render.ts';
import { basePhotos, uniqueJpeg } from './lib/photos.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string', default: 'prof' },
    ab: { type: 'boolean', default: false },
  },
});
const count = Number(args.count ?? process.env.BENCH_ROWS ?? 2000);
const rounds = Math.max(1, Number(args.rounds));
const tmp = tempDir();
const store = path.join(tmp.dir, 'store');

const photos = basePhotos().map((p, i) => tmp.file(`photo-${i}.jpg`, uniqueJpeg(p, `photo ${i}`)));
const nameOf = sampleName;
const idOf = sampleIdNumber;
const uuidOf = (i: number) => `0192f7a4-1c2b-7d3e-9f00-${String(i).padStart(12, '0')}`;
const publicUrl = 'https://cert.example.com';
const createdAt = new Date('2026-11-26T08:00:00Z');

/** A national certificate as the library renders it: certificateValues → buildRenderJob. */
function nationalJob(
  i: number,
  fixed: ReadonlySet<string> | false = process.env.BENCH_NO_FIXED ? false : BATCH_FIXED_BLANKS,
): RenderJob {
  const batch = Math.floor(i / 1000);
  const values = certificateValues(
    NATIONAL_TEMPLATE,
    {
      holderName: nameOf(i),
      idType: 1,
      idNumber: idOf(i),
      // One grant's certificates share occupation, 工种 and level: a new "grant" every 1,000.
      occupationName: ['电工', '焊工', '育婴员', '保育师', '中式烹调师'][batch % 5] as string,
      workType: batch % 2 ? '维修电工' : null,
      level: (batch % 5) + 1,
      institutionName: '浙江某某职业技能评价有限公司',
      issueDate: '2026-11-26',
      certificateNo: `Y1234330001012604${String(i + 1).padStart(6, '0')}`,
      photoFileId: `photo-${i % photos.length}`,
    },
    publicUrl,
  );
  return buildRenderJob(NATIONAL_TEMPLATE, values, {
    backgroundPath: null,
    imagePathOf: (id) => photos[Number(id.slice(6))],
    qrText: `${publicUrl}/information-link/${uuidOf(i)}`,
    createdAt,
    fixedBlanks: fixed || undefined,
  });
}

const background = await toRenderBackground(makeBackground(3508, 2480, 'jpeg'));
const backgroundPath = tmp.file('background.jpg', background.jpeg);

/** A company's own template: a heavy background, a bold title, 8 fields, a photo and the QR code. */
const customJob = (i: number): RenderJob => sampleCustomJob(i, { backgroundPath, photos, createdAt });

/** CPU of the whole process (this thread and V8's helpers: GC, compiler), which is what a render thread costs. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function measure(kind: string, jobOf: (i: number) => RenderJob) {
  for (let i = 0; i < 50; i++) await renderCertificate(jobOf(i)); // warm-up: fonts parsed, code optimised
  const render: number[] = [];
  const stored: number[] = [];
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    // Jobs are built before the clock starts (the main thread builds them, not the render thread).
    const jobs = Array.from({ length: count }, (_, i) => jobOf(r * count + i));
    const pdfs: Uint8Array[] = [];
    if (session) await session.post('Profiler.start');
    const c0 = cpuMs();
    for (const job of jobs) pdfs.push(await renderCertificate(job));
    const c1 = cpuMs();
    if (session) profiles.push((await session.post('Profiler.stop')).profile);
    for (const pdf of pdfs) writeContentSync(store, pdf);
    const c2 = cpuMs();
    render.push((c1 - c0) / count);
    stored.push((c2 - c1) / count);
    bytes = pdfs.reduce((s, p) => s + p.length, 0);
    rmSync(store, { recursive: true, force: true });
  }
  const min = (a: number[]) => Math.min(...a);
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] as number;
  console.log(
    `${kind.padEnd(9)} render ${median(render).toFixed(3)} ms CPU/PDF (min ${min(render).toFixed(3)}), store (hash + write) ${median(stored).toFixed(3)} ms, ${(bytes / count / 1024).toFixed(1)} KB/PDF`,
  );
}

/** Two ways of the same work, interleaved in blocks of 50: CPU a call of each, median of the blocks' ratios. */
async function ab(label: string, a: [string, (i: number) => unknown], b: [string, (i: number) => unknown]) {
  const cost = { a: 0, b: 0 };
  const ratios: number[] = [];
  for (let block = 0; block < Math.ceil(count / 50); block++) {
    const c0 = cpuMs();
    for (let i = 0; i < 50; i++) await a[1](block * 50 + i);
    const c1 = cpuMs();
    for (let i = 0; i < 50; i++) await b[1](block * 50 + i);
    const c2 = cpuMs();
    cost.a += c1 - c0;
    cost.b += c2 - c1;
    ratios.push((c2 - c1) / (c1 - c0));
  }
  const n = Math.ceil(count / 50) * 50;
  const median = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)] as number;
  console.log(
    `${label}: ${a[0]} ${(cost.a / n).toFixed(3)} ms, ${b[0]} ${(cost.b / n).toFixed(3)} ms CPU a call (${((cost.b / cost.a - 1) * 100).toFixed(0)} %, median of blocks ${((median - 1) * 100).toFixed(0)} %)`,
  );
}

if (args.ab) {
  const url = (i: number) => `${publicUrl}/information-link/${uuidOf(i)}`;
  const own = (i: number) =>
    QRCode.create([{ data: Buffer.from(url(i), 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  for (let i = 0; i < 200; i++) {
    own(i);
    qrModules(url(i));
  }
  for (let i = 0; i < 50; i++) await renderCertificate(nationalJob(i, false));
  for (let i = 0; i < 50; i++) await renderCertificate(nationalJob(i, FIXED_BLANKS));
  for (let i = 0; i < 50; i++) await renderCertificate(nationalJob(i, BATCH_FIXED_BLANKS));
  console.log(`${count} of each, interleaved in blocks of 50, Node ${process.version}, CPU of the process`);
  for (let r = 0; r < rounds; r++) {
    await ab('QR code', ['qrcode', own], ['qr.ts', (i) => qrModules(url(i))]);
    await ab(
      'national PDF',
      ['without fixed layer', (i) => renderCertificate(nationalJob(i, false))],
      ['with fixed layer', (i) => renderCertificate(nationalJob(i, FIXED_BLANKS))],
    );
    await ab(
      'national PDF',
      ['labels fixed', (i) => renderCertificate(nationalJob(i, FIXED_BLANKS))],
      ['batch fields fixed too', (i) => renderCertificate(nationalJob(i, BATCH_FIXED_BLANKS))],
    );
  }
  tmp.remove();
  process.exit(0);
}

const session = args['cpu-prof'] ? new Session() : null;
const profiles: Profile[] = [];
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
}
// Warm both kinds before a profile starts, so it shows steady state rather than compilation.
for (let i = 0; i < 50; i++) await renderCertificate(nationalJob(i));
for (let i = 0; i < 50; i++) await renderCertificate(customJob(i));

console.log(`${count} certificates × ${rounds} rounds each, Node ${process.version}, CPU of the process`);
await measure('national', nationalJob);
await measure('custom', customJob);

if (session) {
  mkdirSync(args.out, { recursive: true });
  const stamp = Date.now();
  for (const [k, profile] of profiles.entries())
    writeFileSync(path.join(args.out, `render-cpu-${stamp}-${k}.cpuprofile`), JSON.stringify(profile));
  console.log(
    `profiles of the render loops (not the store step): ${args.out}/render-cpu-${stamp}-*.cpuprofile`,
  );
  printTop(profiles, 25);
}
tmp.remove();

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions with the most self time over V8 CPU profiles (sampled time: shares, not CPU). */
function printTop(list: Profile[], top: number) {
  const byName = new Map<string, number>();
  let total = 0;
  for (const profile of list) {
    const self = new Map<number, number>();
    const deltas = profile.timeDeltas ?? [];
    for (const [k, id] of (profile.samples ?? []).entries())
      self.set(id, (self.get(id) ?? 0) + (deltas[k] ?? 0));
    for (const node of profile.nodes) {
      const t = self.get(node.id) ?? 0;
      total += t;
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      byName.set(key, (byName.get(key) ?? 0) + t);
    }
  }
  console.log(`top self time (of ${(total / 1000).toFixed(0)} ms sampled):`);
  for (const [name, t] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `  ${((t / total) * 100).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
}
