import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import type { PaperAnalysis, PaperScanResult } from '@skill-cert/shared/certificate-grants';
import QRCode from 'qrcode';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { openPdf, rasterisePage } from '../apps/server/src/modules/certificate-grants/paper-reader-worker.ts';
import { rawZip } from '../apps/server/test/fixtures/certificate-engine.ts';
import {
  certificatePdf,
  photographed,
  seedGrant,
} from '../apps/server/test/fixtures/certificate-grants-paper.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { apiClient } from './lib/api-client.ts';
import { freshDatabase } from './lib/fresh-database.ts';

/**
 * `npm run bench:grant-paper` (BENCH_SCANS, default 1000; DATABASE_URL, an admin URL, runs it on a fresh PostgreSQL
 * database): one real server process, a grant of BENCH_SCANS certificates seeded into the database before it starts.
 * The certificate is rendered once by the engine and rasterised once (A4 landscape at 150 dpi, as a scanner gives
 * it); each scan is that page with its own certificate's QR code drawn where the engine prints it, turned by 0/90/
 * 180/270° and skewed by −4…4°, as a JPEG. All of them go in one zip, sent to `POST .../paperScans` as one file.
 * Measured: from the upload's start to the analysis saying every page was read (the job reads the pages in the
 * reader threads, RENDER_THREADS of them), and the outcome counts. Target: < 60 s.
 */
const SCANS = Number(process.env.BENCH_SCANS ?? 1000);
const LONG_SIDE = 1754;
const QR = { x: 0.86, y: 0.78, size: 0.1 };

const peakMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024;
/** CPU seconds the process has used (all its threads): user + system, in clock ticks of 1/100 s. */
const cpuSecondsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const threadsOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/Threads:\s+(\d+)/)?.[1] ?? 0);

/** The printed page once: the engine's certificate without its code, rasterised as a 150 dpi scan. */
async function basePage(): Promise<Image> {
  const doc = await openPdf(await certificatePdf('', '王小明'));
  try {
    const canvas = await rasterisePage(doc, 1, LONG_SIDE);
    return loadImage(canvas.toBuffer('image/png'));
  } finally {
    await doc.destroy();
  }
}

/** A scan of certificate `id`: the page with its QR code, turned and skewed, as a JPEG. */
function scanOf(page: Image, publicUrl: string, id: string, i: number): Buffer {
  const { width, height } = page;
  const sheet = createCanvas(width, height);
  const ctx = sheet.getContext('2d');
  ctx.drawImage(page, 0, 0);
  const qr = QRCode.create(`${publicUrl}/information-link/${id}`, { errorCorrectionLevel: 'M' });
  const size = QR.size * width;
  const cells = qr.modules.size + 4;
  const cell = size / cells;
  const x0 = QR.x * width;
  const y0 = QR.y * height;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x0, y0, size, size);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < qr.modules.size; r++)
    for (let c = 0; c < qr.modules.size; c++)
      if (qr.modules.get(r, c))
        ctx.fillRect(x0 + (c + 2) * cell, y0 + (r + 2) * cell, cell + 0.5, cell + 0.5);
  return photographed(sheet, { turn: (i % 4) * 90, skew: ((i * 7) % 9) - 4, quality: 80 });
}

const database = await freshDatabase(process.env.DATABASE_URL);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-bench-paper-data-'));
const seeding = await openDatabase({
  url: database?.url ?? null,
  pgliteDir: database ? null : path.join(dataDir, 'pglite'),
});
await seedDemoData(seeding.db);
// Fixed certificate ids, so the scans (slow to make on a busy machine) are made once and kept for the next run.
const ids = Array.from({ length: SCANS }, (_, i) => `0195a000-0000-7000-8000-${String(i).padStart(12, '0')}`);
const { grantId, certificateIds } = await seedGrant(seeding.db, 'qiye', { count: SCANS, ids });
await seeding.close();

console.log(
  `bench:grant-paper — ${SCANS} scans on ${database ? 'PostgreSQL' : 'the embedded database'}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
let made = performance.now();
const publicUrl = 'http://localhost:3000';
const cached = path.join(tmpdir(), `sc-bench-paper-scans-${SCANS}.zip`);
let zip: Buffer;
if (existsSync(cached)) {
  zip = readFileSync(cached);
  console.log(`scans: ${cached} (made by an earlier run), ${(zip.length / 1024 / 1024).toFixed(0)} MB`);
} else {
  const page = await basePage();
  zip = rawZip(
    certificateIds.map((id, i) => ({
      name: `扫描/${String(i + 1).padStart(4, '0')}.jpg`,
      data: scanOf(page, publicUrl, id, i),
    })),
  );
  writeFileSync(cached, zip);
  console.log(
    `scans made in ${((performance.now() - made) / 1000).toFixed(1)} s: ${SCANS} JPEGs of ${LONG_SIDE}px, zip ${(zip.length / 1024 / 1024).toFixed(0)} MB (kept as ${cached})`,
  );
}

const server = await startServerProcess(
  { LOG_LEVEL: 'error', PUBLIC_URL: publicUrl, ...(database ? { DATABASE_URL: database.url } : {}) },
  { dataDir },
);
const pid = server.child.pid as number;
try {
  const call = apiClient(server.url);
  const { token } = (
    await call<{ token: string }>('POST', '/api/login', null, { name: 'qiye', password: 'Demo@2026' })
  ).data;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), '纸质证书扫描件.zip');
  made = performance.now();
  const cpuBefore = cpuSecondsOf(pid);
  const res = await fetch(`${server.url}/api/certificateGrants/${grantId}/paperScans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const sent = (await res.json()) as { code: number; message: string; data: PaperScanResult };
  if (sent.code !== 200) throw new Error(`paperScans: ${sent.message}`);
  const uploadMs = performance.now() - made;
  let analysis: PaperAnalysis;
  let threads = 0;
  // The benchmark polls (4 times a second): it runs in its own process, without the server's message events.
  for (;;) {
    analysis = (await call<PaperAnalysis>('GET', `/api/certificateGrants/${grantId}/paperAnalysis`, token))
      .data;
    threads = Math.max(threads, threadsOf(pid));
    if (analysis.parsing === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - made) / 1000;
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  console.log(
    `analysed: ${analysis.pages} pages in ${seconds.toFixed(1)} s (target < 60 s), upload ${(uploadMs / 1000).toFixed(1)} s of it; ${(analysis.pages / seconds).toFixed(1)} pages/s`,
  );
  // What the machine's load does not change: the server's CPU for the analysis, and what two idle cores would take.
  console.log(
    `server CPU: ${cpu.toFixed(1)} s, ${((cpu / analysis.pages) * 1000).toFixed(0)} ms a page; on 2 idle cores ≈ ${(cpu / 2).toFixed(1)} s`,
  );
  console.log(
    `outcomes: 匹配 ${analysis.matched}, 非本批证书 ${analysis.foreign}, 无法识别 ${analysis.unreadable}, 重复 ${analysis.duplicate}, 未匹配证书 ${analysis.missing}`,
  );
  console.log(
    `server peak memory (VmHWM): ${peakMb(pid).toFixed(0)} MB, threads at most ${threads}; load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.stop();
  await database?.drop();
}
