/**
 * Rendering benchmark (not part of the tests): ms per certificate in-process and through the pool
 * (1 thread and RENDER_THREADS / all cores), and the PDF size, on a realistic certificate: a heavy
 * 300 dpi JPEG background (converted once), 8 text fields, a bold title, an ID photo and a QR code.
 *   npx tsx apps/server/src/modules/certificate-engine/render/bench.ts [count]
 */
import { availableParallelism, loadavg } from 'node:os';
import { createRenderPool } from '../render-pool.ts';
import { renderCertificate, toRenderBackground } from './index.ts';
import { imageBlank, makeBackground, makePhoto, tempDir, textBlank, titleBlank } from './testing/fixtures.ts';
import type { RenderJob } from './types.ts';

const count = Number(process.argv[2] ?? 400);
const threads = Number(process.env.RENDER_THREADS ?? availableParallelism());
const tmp = tempDir();

const background = await toRenderBackground(makeBackground(3508, 2480, 'jpeg'));
const backgroundPath = tmp.file('background.jpg', background.jpeg);
const photos = Array.from({ length: 20 }, (_, i) =>
  tmp.file(`photo-${i}.jpg`, makePhoto(358, 441, `#${(0x224488 + i * 0x030507).toString(16).slice(-6)}`)),
);
const surnames = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const given = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志文';

function job(i: number): RenderJob {
  const name = surnames[i % surnames.length] + given[(i * 7) % given.length] + given[(i * 13) % given.length];
  const fields = [
    ['姓名', name],
    ['身份证号', `3301061990${String(1000000 + i).slice(-6)}12`],
    ['证书编号', `S33012024${String(i).padStart(8, '0')}`],
    ['职业名称', ['电工', '焊工', '育婴员', '保育师', '中式烹调师'][i % 5]],
    ['技能等级', ['五级/初级工', '四级/中级工', '三级/高级工'][i % 3]],
    ['发证日期', `2024年06月${String((i % 28) + 1).padStart(2, '0')}日`],
    ['发证机构', '浙江省职业技能鉴定指导中心'],
    ['备注', '本证书可通过扫描二维码查验真伪'],
  ];
  return {
    pageSize: 'A4',
    orientation: 'landscape',
    backgroundPath,
    title: `${name} 职业技能等级证书`,
    blanks: [
      titleBlank({ font_size: 32 }),
      ...fields.map(([label, value], k) =>
        textBlank({
          x: 0.12,
          y: 0.26 + k * 0.07,
          width: 0.5,
          height: 0.06,
          text: `${label}：${value}`,
          font_size: 15,
        }),
      ),
      imageBlank({ x: 0.68, y: 0.26, width: 0.14, height: 0.26, imagePath: photos[i % photos.length] }),
    ],
    qr: {
      text: `https://cert.example.com/information-link/0192f7a4-1c2b-7d3e-9f00-${String(i).padStart(12, '0')}`,
      x: 0.7,
      y: 0.62,
      size: 0.1,
    },
  };
}

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
