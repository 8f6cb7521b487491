import {
  CANDIDATE_SHEET_COLUMNS,
  type ExamineeRow,
  type TestPlanDetail,
} from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import ExcelJS from 'exceljs';
import { validId } from '../../apps/server/test/fixtures/level-evaluations-plans.ts';
import type { apiClient } from './api-client.ts';

type Call = ReturnType<typeof apiClient>;

/** The examinee sheet of a test plan: `rows` people, each with a valid ID number and one of `units` work units. */
export async function examineeSheet(rows: number, units: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('考生名单');
  sheet.addRow([...CANDIDATE_SHEET_COLUMNS]);
  for (let i = 1; i <= rows; i++) {
    const values: Record<string, string> = {
      姓名: `考生${i}`,
      证件类型: '居民身份证',
      证件号码: validId(i),
      手机号: `139${String(i).padStart(8, '0')}`,
      文化程度: '大专',
      '工作单位/部门': `第${(i % units) + 1}建设工程有限公司`,
      考生类型: '新考',
    };
    sheet.addRow(CANDIDATE_SHEET_COLUMNS.map((c) => values[c] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Uploads the sheet to the test plan's import (`POST .../examinees/import`, a background job) and waits until every
 * row is stored (the plan's detail counts them as 待审核): the milliseconds from upload to that.
 */
export async function importExaminees(
  url: string,
  call: Call,
  token: string,
  base: string,
  sheet: Buffer,
  rows: number,
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(sheet)]), '考生名单.xlsx');
  const start = performance.now();
  const started = await fetch(`${url}${base}/examinees/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const startedJson = (await started.json()) as { code: number; message: string };
  if (startedJson.code !== 200) throw new Error(`import: ${startedJson.message}`);
  let detail = (await call<TestPlanDetail>('GET', base, token)).data;
  while (detail.examinee_counts.pending < rows) {
    await new Promise((r) => setTimeout(r, 100));
    detail = (await call<TestPlanDetail>('GET', base, token)).data;
    if (performance.now() - start > 120_000) throw new Error('import: not done in 120 s');
  }
  return performance.now() - start;
}

/** Approves every registration of the plan, 1,000 a request: how many, and the milliseconds it took. */
export async function approveExaminees(
  call: Call,
  token: string,
  base: string,
  rows: number,
): Promise<{ approved: number; ms: number }> {
  const ids: string[] = [];
  for (let page = 1; ids.length < rows; page++) {
    const { data } = await call<Paged<ExamineeRow>>(
      'GET',
      `${base}/examinees?page=${page}&per_page=50`,
      token,
    );
    if (data.list.length === 0) break;
    ids.push(...data.list.map((e) => e._id));
  }
  const start = performance.now();
  for (let i = 0; i < ids.length; i += 1000)
    await call('POST', `${base}/examinees/review`, token, {
      examinee_ids: ids.slice(i, i + 1000),
      action: 'approve',
    });
  return { approved: ids.length, ms: performance.now() - start };
}
