/** What the candidate and score tests share: the app, the signed-in administrator of qiye's company, requests. */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect } from 'vitest';
import { api, multipartFile, type TestContext, useTestApp } from '../../../test/harness.ts';
import { enterpriseToken, otherCompanyToken } from '../custom-certificates/test-fixtures.ts';
import { findUserByAccount } from '../users/service.ts';
import { PLAN_NOT_FOUND } from './plans.ts';
import { levelEvaluations } from './tables.ts';
import { companyOf, seedPlan } from './test-plans.ts';

/** The test app, and before each test qiye's token and company. */
export function useEvaluationApp(): { ctx: TestContext; as: { token: string; companyId: string } } {
  const ctx = useTestApp();
  const as = { token: '', companyId: '' };
  beforeEach(async () => {
    as.token = await enterpriseToken(ctx.app);
    as.companyId = await companyOf(ctx.app.db, 'qiye');
  });
  return { ctx, as };
}

export const base = (planId: string) => `/api/levelEvaluations/${planId}`;

/** A multipart request with one file. */
export async function postFile<T>(
  app: FastifyInstance,
  url: string,
  filename: string,
  content: Buffer,
  token: string,
) {
  const { payload, headers } = multipartFile(filename, content);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: T } };
}

/** An .xlsx the server answers (a template, an export, an error report). */
export async function downloadXlsx(
  app: FastifyInstance,
  url: string,
  token: string,
): Promise<ExcelJS.Workbook> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** The plan's row (its counts, its status). */
export async function planRow(app: FastifyInstance, planId: string) {
  const [row] = await app.db.select().from(levelEvaluations).where(eq(levelEvaluations.id, planId));
  return row;
}

/** A user of a second company that has an approved filing (so the gate lets it through to the 404). */
export async function otherCompanyUser(app: FastifyInstance): Promise<string> {
  const token = await otherCompanyToken(app);
  const user = await findUserByAccount(app.db, 'xinqiye');
  await seedPlan(app.db, user?.companyId as string);
  return token;
}

/** Each call, made by `token`'s user of another company, answers 404 with the plan's message. */
export async function expectPlanNotFound(
  app: FastifyInstance,
  token: string,
  calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][],
): Promise<void> {
  for (const [method, url, body] of calls) {
    const res = await api(app, method, url, { token, body });
    expect([method, url, res.status, res.body.message]).toEqual([method, url, 404, PLAN_NOT_FOUND]);
  }
}
