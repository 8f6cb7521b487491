import {
  CANDIDATE_SHEET_COLUMNS,
  type CandidateRow,
  type EvaluationStatistics,
  type ImportResult,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import ExcelJS from 'exceljs';
import { seedPlan, validId } from '../apps/server/test/fixtures/level-evaluations-plans.ts';
import { loadAverage, processMb, seededServer } from './lib/seeded-server.ts';

/**
 * `npm run bench:evaluation` (BENCH_ROWS, default 10000; DATABASE_URL, an admin URL, runs it on a fresh PostgreSQL
 * database instead of the embedded one): one real server process. The plan (进行中, with an approved filing and the
 * methods 理论知识考试 and 技能操作考核) is seeded directly into the database before the server starts, as the tests
 * seed theirs. Measured: the import of BENCH_ROWS candidates from one .xlsx (upload to rows stored: the request's
 * round trip), the scores of every candidate saved in pages of 500 candidates (1,000 scores a PATCH; p50/p99/max),
 * the detail's first page of candidates and its statistics with every candidate scored (round trips on loopback, an
 * upper bound of server time), the server's peak resident memory. Targets: import < 5 s, a page p99 <
 * 300 ms, first page + statistics < 500 ms.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PAGE = 500;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function candidateSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('考生名单');
  sheet.addRow([...CANDIDATE_SHEET_COLUMNS]);
  for (let i = 1; i <= ROWS; i++)
    sheet.addRow([
      `考生${i}`,
      '居民身份证',
      validId(i),
      i % 2 ? '男' : '女',
      `139${String(i).padStart(8, '0')}`,
      '大专',
      '生产部',
      '电工',
      String(i % 30),
      '',
      '新考',
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const {
  seeded: planId,
  pid,
  url,
  call,
  token,
  stop,
} = await seededServer(
  'eval',
  (db, companyId) => seedPlan(db, companyId),
  (on) => `bench:evaluation — ${ROWS} candidates on ${on}`,
);

try {
  const base = `/api/levelEvaluations/${planId}`;

  // ---- import ----
  const sheet = await candidateSheet();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(sheet)]), '考生名单.xlsx');
  const started = performance.now();
  const imported = await fetch(`${url}${base}/candidates/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const importMs = performance.now() - started;
  const result = ((await imported.json()) as { data: ImportResult; message: string }).data;
  if (result?.imported !== ROWS) throw new Error(`import: ${JSON.stringify(result)}`);
  console.log(
    `import: ${ROWS} candidates (sheet ${(sheet.length / 1024 / 1024).toFixed(1)} MB) upload to rows stored ${ms(importMs)} (target < 5000 ms)`,
  );

  // ---- candidate ids (50 a page, as the table reads them) ----
  const ids: string[] = [];
  for (let page = 1; ids.length < ROWS; page++) {
    const { data } = await call<Paged<CandidateRow>>(
      'GET',
      `${base}/candidates?page=${page}&per_page=50`,
      token,
    );
    if (data.list.length === 0) break;
    ids.push(...data.list.map((c) => c._id));
  }

  // ---- scores in pages of 500 candidates ----
  const pages: number[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    const scores = ids.slice(i, i + PAGE).flatMap((id, j) => [
      {
        candidate_id: id,
        method: 1,
        score: (i + j) % 3 === 0 ? null : 40 + ((i + j) % 61),
        mark: (i + j) % 3 === 0 ? 1 : null,
      },
      { candidate_id: id, method: 2, score: 50 + ((i + j) % 51) - 0.5, mark: null },
    ]);
    pages.push((await call('PATCH', `${base}/scores`, token, { scores })).took);
  }
  console.log(
    `scores: ${pages.length} pages of ${PAGE} candidates (${PAGE * 2} scores): p50 ${ms(pct(pages, 50))}, p99 ${ms(pct(pages, 99))}, max ${ms(Math.max(...pages))} (target p99 < 300 ms); in order: ${pages.map((t) => t.toFixed(0)).join(' ')}`,
  );

  // ---- the detail: first page of candidates and the statistics ----
  const firstPage: number[] = [];
  const statistics: number[] = [];
  let stats: EvaluationStatistics | null = null;
  for (let run = 0; run < 5; run++) {
    firstPage.push((await call('GET', `${base}/candidates?page=1&per_page=20`, token)).took);
    const s = await call<EvaluationStatistics>('GET', `${base}/statistics`, token);
    statistics.push(s.took);
    stats = s.data;
  }
  const both = firstPage.map((t, i) => t + statistics[i]);
  console.log(
    `detail: first page ${ms(pct(firstPage, 50))} + statistics ${ms(pct(statistics, 50))} = median ${ms(pct(both, 50))}, worst ${ms(Math.max(...both))} of 5 (target < 500 ms); pass rate ${stats?.pass_rate}, ${JSON.stringify(stats?.result_counts)}`,
  );
  console.log(
    `server peak memory (VmHWM): ${processMb(pid).toFixed(0)} MB; load average now ${loadAverage()}`,
  );
} finally {
  await stop();
}
