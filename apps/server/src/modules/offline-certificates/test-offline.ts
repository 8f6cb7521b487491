/**
 * What the offline-certificate tests and the benchmark share: a company with an approved filing whose scope is
 * 电工 (no 工种) levels 5–3 at a filed site with codes, holders' sheets, and waiting for a batch's messages.
 */

import { PassThrough } from 'node:stream';
import { NATIONAL_TEMPLATE_ID } from '@skill-cert/shared/certificate';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { OfflineBatchDetail } from '@skill-cert/shared/offlineCertificate';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeEach } from 'vitest';
import { api, type TestContext } from '../../../test/harness.ts';
import type { DbOrTx } from '../../db/client.ts';
import { xlsx } from '../certificate-engine/test-fixtures.ts';
import { enterpriseToken, upload, within } from '../custom-certificates/test-fixtures.ts';
import { seedFilingWithCodes } from '../level-evaluations/test-grant-plans.ts';
import { companyOf, validId } from '../level-evaluations/test-plans.ts';
import { insertFiledScope } from '../records/testing.ts';

export const OCCUPATION = { code: '6-31-01-03', name: '电工' };
export const SHEET_HEADER = [
  '姓名',
  '证件类型',
  '证件号码',
  '理论知识考试',
  '技能操作考核',
  '工作业绩评审',
  '综合评审',
];

/** An approved filing of the company with codes, its scope 电工 levels 5, 4, 3 and a site: the filing and site. */
export async function seedOfflineFiling(
  db: DbOrTx,
  companyId: string,
  codes: { institution?: string; site?: string } = {},
): Promise<{ filingId: string; siteId: string }> {
  const filing = await seedFilingWithCodes(db, companyId, codes);
  await insertFiledScope(db, filing.filingId, {
    occupationCode: OCCUPATION.code,
    occupationName: OCCUPATION.name,
    levels: [5, 4, 3],
  });
  return filing;
}

/** Holder i of a sheet: a valid ID number, 合格 in theory and practice. */
export const holderRow = (i: number, name = `持证人${String(i).padStart(5, '0')}`) => [
  name,
  '居民身份证',
  validId(i),
  '85',
  '合格',
  '',
  '',
];

/** A holders' sheet uploaded by `token`: its file id. */
export async function uploadSheet(
  app: FastifyInstance,
  token: string,
  rows: (string | number | null)[][],
  header = SHEET_HEADER,
): Promise<string> {
  return upload(app, token, '证书信息表.xlsx', await xlsx(header, rows));
}

/** The create body of a batch: 电工 level 4 at the site, national template. */
export const batchBody = (siteId: string, fileId: string, more: Record<string, unknown> = {}) => ({
  name: '2026年电工四级线下评价',
  occupation_code: OCCUPATION.code,
  work_type: null,
  level: 4,
  start_date: '2026-10-10',
  end_date: '2026-10-12',
  site_id: siteId,
  template_id: NATIONAL_TEMPLATE_ID,
  issue_date: '2026-11-20',
  file_id: fileId,
  ...more,
});

export async function getBatch(app: FastifyInstance, token: string, id: string): Promise<OfflineBatchDetail> {
  const res = await api<OfflineBatchDetail>(app, 'GET', `/api/offlineCertificateBatches/${id}`, { token });
  if (res.body.code !== 200) throw new Error(`batch ${id}: ${res.body.message}`);
  return res.body.data;
}

export interface StoredMessage {
  content: string;
  fileId: string | null;
}

/**
 * Watches the messages of `key` from now on (start it before the work that sends them): `about(id)` resolves with the
 * message about `id`, at once when it was stored already.
 */
export function watchMessages(app: FastifyInstance, key: string) {
  const seen = new Map<string, StoredMessage>();
  const waiters = new Map<string, (m: StoredMessage) => void>();
  const stop = app.messenger.onStored((rows) => {
    for (const r of rows) {
      if (r.templateKey !== key || !r.relatedId) continue;
      const m = { content: r.content, fileId: r.fileId };
      seen.set(r.relatedId, m);
      waiters.get(r.relatedId)?.(m);
    }
  });
  return {
    about(id: string, ms = 120_000): Promise<StoredMessage> {
      const m = seen.get(id);
      if (m) return Promise.resolve(m);
      const stored = new Promise<StoredMessage>((resolve) => waiters.set(id, resolve));
      return within(stored, ms, () => `no ${key} about ${id} after ${ms} ms`);
    },
    stop,
  };
}

/** Creates a batch and waits until its sheet is read (its create_offline_..._done): the batch and the message. */
export async function createAndRead(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<{ batch: OfflineBatchDetail; message: StoredMessage }> {
  const read = watchMessages(app, TemplateKey.OFFLINE_CERTIFICATE_DONE);
  try {
    const res = await api<{ _id: string }>(app, 'POST', '/api/offlineCertificateBatches', { token, body });
    if (res.body.code !== 200) throw new Error(`create: ${res.body.message}`);
    const message = await read.about(res.body.data._id);
    return { batch: await getBatch(app, token, res.body.data._id), message };
  } finally {
    read.stop();
  }
}

/** Publishes a batch and waits until every certificate is rendered (its publish_..._done). */
export async function publishAndWait(
  app: FastifyInstance,
  token: string,
  id: string,
): Promise<{ first_no: string; last_no: string; count: number; content: string }> {
  const done = watchMessages(app, TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED);
  try {
    const res = await api<{ first_no: string; last_no: string; count: number }>(
      app,
      'POST',
      `/api/offlineCertificateBatches/${id}/publish`,
      { token },
    );
    if (res.body.code !== 200) throw new Error(`publish: ${res.body.message}`);
    const { content } = await done.about(id);
    return { ...res.body.data, content };
  } finally {
    done.stop();
  }
}

/** The first worksheet of an .xlsx as text rows (empty cells as ''). */
export async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? '')));
  });
  return rows;
}

/** Each test's company: qiye signed in, its filing (电工 5–3) and site; read the fields inside a test. */
export function useOfflineCompany(ctx: TestContext) {
  const company = { admin: '', siteId: '' };
  beforeEach(async () => {
    company.admin = await enterpriseToken(ctx.app);
    ({ siteId: company.siteId } = await seedOfflineFiling(ctx.app.db, await companyOf(ctx.app.db, 'qiye')));
  });
  return company;
}

/**
 * A holders' sheet of `n` rows with Chinese names, written as a streaming writer writes it (inline strings, as
 * WPS and most exporters do): its parts inflate in many chunks.
 */
export async function largeSheet(n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('证书信息');
  sheet.addRow(SHEET_HEADER).commit();
  for (let i = 1; i <= n; i++) sheet.addRow(holderRow(i, `持证人张${i}`)).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
