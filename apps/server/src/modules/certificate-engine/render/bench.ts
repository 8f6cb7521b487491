/**
 * Rendering benchmark (not part of the tests): ms per certificate in-process and through the pool
 * (1 thread and RENDER_THREADS / all cores), and the PDF size, on a realistic certificate: a heavy
 * 300 dpi JPEG background (converted once), 8 text fields, a bold title, an ID photo and a QR code.
 *   npx tsx apps/server/src/modules/certificate-engine/render/bench.ts [count]
 */
import { availableParallelism, loadavg } from 'node:os';
import {
  makeBackground,
  makePhoto,
  sampleCustomJob,
  tempDir,
} from '../../../../test/fixtures/certificate-engine-render.ts';
import { createRenderPool } from '../render-pool.ts';
import { renderCertificate, toRenderBackground } from './index.ts';
import type { RenderJob } from './types.ts';

const count = Number(process.argv[2] ?? 400);
const threads = Number(process.env.RENDER_THREADS ?? availableParallelism());
const tmp = tempDir();

const background = await toRenderBackground(makeBackground(3508, 2480, 'jpeg'));
const backgroundPath = tmp.file('background.jpg', background.jpeg);
const photos = Array.from({ length: 20 }, (_, i) =>
  tmp.file(`photo-${i}.jpg`, makePhoto(358, 441, `#${(0x224488 + i * 0x030507).toString(16).slice(-6)}`)),
);
const job = (i: number): RenderJob => sampleCustomJob(i, { backgroundPath, photos });

const sizes: number[] = [];
for (let i = 0; i < 30; i++) await renderCertificate(job(i)); // warm-up
let cpu = process.cpuUsage();
const t = performance.now();
for (let i = 0; i < count; i++) sizes.push((await renderCertificate(job(i))).length);
const inProcessMs = (performance.now() - t) / count;
cpu = process.cpuUsage(cpu);
const inProcessCpuMs = (cpu.user + cpu.system) / 1000 / count;

async function poolRun(n: number) {
  const startedAt = performance.now();
  const pool = createRenderPool(n);
  await Promise.all(Array.from({ length: n * 2 }, (_, i) => pool.render(job(i)))); // threads up and warm
  const startup = performance.now() - startedAt;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  // Keep every thread busy with a bounded number in flight, as a batch job would.
  await Promise.all(
    Array.from({ length: n * 2 }, async () => {
      while (next < count) await pool.render(job(next++));
    }),
  );
  const ms = (performance.now() - t0) / count;
  const cpuUsed = process.cpuUsage(cpu0);
  // Process CPU time covers every thread: the workers' rendering plus the main thread's share.
  const cpuMs = (cpuUsed.user + cpuUsed.system) / 1000 / count;
  await pool.close();
  return { startup, ms, cpuMs };
}

const one = await poolRun(1);
const many = await poolRun(threads);
tmp.remove();

const avg = sizes.reduce((a, b) => a + b, 0) / sizes.length;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
console.log(
  `certificates: ${count}, background ${background.widthPx}×${background.heightPx} ${kb(background.jpeg.length)}`,
);
console.log(
  `in-process:   ${inProcessMs.toFixed(2)} ms/certificate wall, ${inProcessCpuMs.toFixed(2)} ms CPU`,
);
console.log(
  `pool 1:       ${one.ms.toFixed(2)} ms/certificate (${(1000 / one.ms).toFixed(0)}/s), ${one.cpuMs.toFixed(2)} ms CPU, start ${one.startup.toFixed(0)} ms`,
);
console.log(
  `pool ${threads}:       ${many.ms.toFixed(2)} ms/certificate (${(1000 / many.ms).toFixed(0)}/s), ${many.cpuMs.toFixed(2)} ms CPU, start ${many.startup.toFixed(0)} ms, ${(one.ms / many.ms).toFixed(2)}× one thread`,
);
console.log(`PDF size:     avg ${kb(avg)}, max ${kb(Math.max(...sizes))}, min ${kb(Math.min(...sizes))}`);
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
console.log(
  `10,000 certificates at this rate: ${((many.ms * 10000) / 1000).toFixed(0)} s; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
