import { createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { OfflineBatchDetail, OfflinePublishResult } from '@skill-cert/shared/offline-certificates';
import { ZipArchive } from 'archiver';
import ExcelJS from 'exceljs';
import { validId } from '../apps/server/test/fixtures/level-evaluations-plans.ts';
import { SHEET_HEADER, seedOfflineFiling } from '../apps/server/test/fixtures/offline-certificates.ts';
import { uploadFile as upload } from './lib/api-client.ts';
import { basePhotos, uniqueJpeg } from './lib/photos.ts';
import { loadAverage, processMb, seededServer } from './lib/seeded-server.ts';

/**
 * `npm run bench:offline` (BENCH_ROWS, default 10000; DATABASE_URL, an admin URL, runs it on a
 * fresh PostgreSQL database instead of the embedded one): one real server process, a company with an approved filing
 * (电工 levels 5–3, a filed site with its codes) seeded before it starts. Measured, each beside its target:
 * - upload to drafts: the holders' sheet and a zip of one photo each uploaded, the batch created, until it is
 *   1 待确认 with BENCH_ROWS drafts (the read job: sheet thread, photo zip, rules, one transaction), < 10 s;
 * - publish to rendered: POST .../publish (numbers, library rows) until 3 已发布 (every PDF rendered, valid), < 20 s;
 * - export zip first byte: GET .../downloadCertificateZip until its first bytes arrive, < 1 s (and the whole zip).
 * The batch's progress is read as the pages poll it, twice a second.
 * Then `bench/archive.ts`, the other part of point 10: a 10,000-candidate plan's archive as one streamed zip, with the
 * server's memory before and during (flat memory).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const POLL_MS = 500;
const check = (ok: boolean) => (ok ? '✓' : '✗');
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const work = mkdtempSync(path.join(tmpdir(), 'sc-bench-offline-'));
const sheetFile = path.join(work, 'holders.xlsx');
const zipFile = path.join(work, 'photos.zip');
{
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: sheetFile, useSharedStrings: false });
  const sheet = workbook.addWorksheet('证书信息');
  sheet.addRow(SHEET_HEADER).commit();
  for (let i = 1; i <= ROWS; i++)
    sheet.addRow([`持证人${i}`, '居民身份证', validId(i), String(60 + (i % 40)), '合格', '', '']).commit();
  sheet.commit();
  await workbook.commit();
  const photos = basePhotos();
  const archive = new ZipArchive({ store: true });
  const done = pipeline(archive, createWriteStream(zipFile));
  for (let i = 1; i <= ROWS; i++)
    archive.append(uniqueJpeg(photos[i % photos.length], `holder ${i}`), { name: `照片/${validId(i)}.jpg` });
  await archive.finalize();
  await done;
}

const { seeded, url, pid, call, token, stop } = await seededServer(
  'offline',
  (db, companyId) => seedOfflineFiling(db, companyId),
  (on) =>
    `bench:offline — ${ROWS} holders with photos (sheet ${mb(statSync(sheetFile).size)}, zip ${mb(statSync(zipFile).size)}) on ${on}`,
);
const { siteId } = seeded;

try {
  const uploadFile = (file: string, name: string) => upload(url, token, file, name);
  const detail = async (id: string) =>
    (await call<OfflineBatchDetail>('GET', `/api/offlineCertificateBatches/${id}`, token)).data;
  const until = async (id: string, done: (b: OfflineBatchDetail) => boolean) => {
    for (let b = await detail(id); ; b = await detail(id)) {
      if (done(b)) return b;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };

  // ---- upload to drafts ----
  const started = performance.now();
  const fileId = await uploadFile(sheetFile, '证书信息表.xlsx');
  const photoZipId = await uploadFile(zipFile, '照片.zip');
  const uploaded = performance.now() - started;
  const { data: created } = await call<{ _id: string }>('POST', '/api/offlineCertificateBatches', token, {
    name: `${ROWS} 人线下评价`,
    occupation_code: '6-31-01-03',
    work_type: null,
    level: 4,
    start_date: '2026-10-10',
    end_date: '2026-10-12',
    site_id: siteId,
    template_id: 'national',
    issue_date: '2026-11-20',
    file_id: fileId,
    photo_zip_file_id: photoZipId,
  });
  const read = await until(created._id, (b) => b.status !== 0);
  const drafted = performance.now() - started;
  console.log(
    `${check(drafted < 10_000 && read.valid_count === ROWS)} upload to drafts      ${s(drafted)} (files uploaded in ${s(uploaded)}, read in ${s(drafted - uploaded)}; ${read.valid_count} drafts ready, ${read.problem_count} with problems, ${read.photo_count} with a photo), target < 10 s`,
  );

  if (read.status !== 1)
    throw new Error(`the batch was not read: ${read.status_text} ${read.fail_reason ?? ''}`);
  if (read.problem_count > 0) {
    const { data } = await call<{ list: { row_number: number; problems: string[] }[] }>(
      'GET',
      `/api/offlineCertificateBatches/${created._id}/drafts?problem=1&per_page=10`,
      token,
    );
    for (const d of data.list) console.log(`  row ${d.row_number}: ${d.problems.join('；')}`);
  }

  // ---- publish to rendered ----
  const publishing = performance.now();
  const { data: published } = await call<OfflinePublishResult>(
    'POST',
    `/api/offlineCertificateBatches/${created._id}/publish`,
    token,
  );
  const numbered = performance.now() - publishing;
  const rendered = await until(created._id, (b) => b.status === 3 || b.failed_count > 0);
  const publishedIn = performance.now() - publishing;
  console.log(
    `${check(publishedIn < 20_000 && rendered.status === 3)} publish to rendered   ${s(publishedIn)} (numbered in ${s(numbered)}; ${rendered.rendered_count} rendered, ${rendered.failed_count} failed; ${published.first_no} … ${published.last_no}), target < 20 s`,
  );

  // ---- export zip ----
  const asking = performance.now();
  const res = await fetch(`${url}/api/offlineCertificateBatches/${created._id}/downloadCertificateZip`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let chunk = await reader.read();
  const firstByte = performance.now() - asking;
  let bytes = 0;
  while (!chunk.done) {
    bytes += chunk.value.length;
    chunk = await reader.read();
  }
  const whole = performance.now() - asking;
  console.log(
    `${check(firstByte < 1000)} export zip first byte ${firstByte.toFixed(0)} ms (the whole zip ${mb(bytes)} in ${s(whole)}), target < 1 s`,
  );
  console.log(
    `  server peak memory (VmHWM): ${processMb(pid).toFixed(0)} MB; load average now ${loadAverage()}`,
  );
} finally {
  await stop();
}

// The other part of point 10, written beside this one (it prints its own figures beside its target).
await import('./archive.ts');
