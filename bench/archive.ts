import { seedGrantedArchive } from '../apps/server/test/fixtures/archives.ts';
import { processMb, seededServer } from './lib/seeded-server.ts';

/**
 * `npm run bench:archive` (BENCH_ROWS, default 10000; DATABASE_URL, an admin URL, runs it on a
 * fresh PostgreSQL database instead of the embedded one): one real server process. A plan 已发证 with BENCH_ROWS 合格
 * candidates, its confirmed grant with one certificate each, and its archive are seeded before the server starts.
 * Measured: `GET /api/archives/{id}/download` (the whole archive as one streamed zip: candidates, plan PDF, score
 * table, certificate list, grant PDF, 目录.xlsx) read to its end by a client: time to first byte, total time, size,
 * and the server's resident memory before, at its highest during the download (sampled every 20 ms) and its
 * lifetime peak (VmHWM). Flat memory: the peak during stays near the RSS before, whatever BENCH_ROWS.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

const { seeded, url, pid, token, call, stop } = await seededServer(
  'archive',
  (db, companyId) => seedGrantedArchive(db, companyId, { passed: ROWS }),
  (on) => `bench:archive — ${ROWS} candidates on ${on}`,
);
const { archiveId } = seeded;

try {
  const headers = { authorization: `Bearer ${token}` };
  // Warm: the render threads start on first use, as on any server that produced one document before.
  for (const key of ['plan', 'grant'])
    await (await fetch(`${url}/api/archives/${archiveId}/documents/${key}`, { headers })).arrayBuffer();

  /** One download read to its end, with the server's RSS sampled every 20 ms. */
  const download = async (label: string) => {
    const before = processMb(pid, 'VmRSS');
    let highest = before;
    const sampler = setInterval(() => {
      highest = Math.max(highest, processMb(pid, 'VmRSS'));
    }, 20);
    const started = performance.now();
    const res = await fetch(`${url}/api/archives/${archiveId}/download`, { headers });
    if (!res.ok || !res.body) throw new Error(`download: HTTP ${res.status}`);
    let firstByte = 0;
    let bytes = 0;
    for await (const chunk of res.body) {
      if (bytes === 0) firstByte = performance.now() - started;
      bytes += (chunk as Uint8Array).byteLength;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    highest = Math.max(highest, processMb(pid, 'VmRSS'));
    console.log(
      `  ${label}  first byte ${firstByte.toFixed(0)} ms, total ${(total / 1000).toFixed(2)} s for ${(bytes / 1024 / 1024).toFixed(1)} MB; server RSS ${before.toFixed(0)} MB before, ${highest.toFixed(0)} MB at most during (+${(highest - before).toFixed(0)} MB)`,
    );
  };
  // The first download also loads exceljs and archiver into the server (each on first use); the second is a
  // server that has made a zip before.
  // For scale: the archive's detail (the same listing of documents, the timeline) on this machine now.
  const detailed = await call('GET', `/api/archives/${archiveId}`, token);
  console.log(`  GET /api/archives/{id} (the detail) ${detailed.took.toFixed(0)} ms`);
  await download('first download ');
  await download('second download');
  console.log(`  server lifetime peak RSS (VmHWM) ${processMb(pid, 'VmHWM').toFixed(0)} MB`);
} finally {
  await stop();
}
