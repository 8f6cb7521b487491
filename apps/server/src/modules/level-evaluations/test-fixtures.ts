import { withCheckDigit } from '@skill-cert/shared/idCard';
import type { EvaluationOptions, LevelEvaluationDetail } from '@skill-cert/shared/levelEvaluation';
import type { RecordApplicationDetail } from '@skill-cert/shared/recordApplication';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api } from '../../../test/harness.ts';
import { decideApplication } from '../records/service.ts';
import { findUserByAccount } from '../users/service.ts';
import { levelEvaluationCandidates, levelEvaluations } from './tables.ts';

/** Test helpers of the evaluation module: an approved filing, a complete plan, candidates with results. */

/** An ID number with a valid check digit, distinct per `seq`. */
export const testIdNumber = (seq: number): string =>
  withCheckDigit(`33010619900101${String(seq % 1000).padStart(3, '0')}`);

const person = (name: string, seq: number, phone: string) => ({
  name,
  id_number: testIdNumber(900 + seq),
  phone,
  qualification: '电工 二级/技师',
});

/** The filing: 电工 levels 4 and 3, 焊工·电焊工 level 5; one site; two examiners and a supervisor. */
export const filingBody = (examinerPhone = '13912340001') => ({
  scopes: [
    { occupation_code: '6-31-01-03', levels: [4, 3] },
    { occupation_code: '6-18-02-04', work_type: '电焊工', levels: [5] },
  ],
  evaluation_basis: 1,
  sites: [{ name: '一号实训楼', region_code: '330106', address: '文三路 100 号' }],
  examiners: [person('张考评', 1, examinerPhone), person('王考评', 2, '13912340002')],
  supervisors: [person('李督导', 3, '13912340003')],
  submit: true,
});

export type FilingOptions = EvaluationOptions['filings'][number];

/**
 * The company of `token` files and the platform approves: answers the filing as the evaluation options show it.
 */
export async function approvedFiling(
  app: FastifyInstance,
  token: string,
  body: object = filingBody(),
): Promise<FilingOptions> {
  const res = await api<RecordApplicationDetail>(app, 'POST', '/api/recordApplications', { token, body });
  expect(res.body.code, res.body.message).toBe(200);
  const reviewer = (await findUserByAccount(app.db, 'pingtai'))!;
  await decideApplication(app.db, res.body.data._id, reviewer, { approve: true, note: null });
  const options = await api<EvaluationOptions>(app, 'GET', '/api/levelEvaluations/options', { token });
  expect(options.body.code, options.body.message).toBe(200);
  return options.body.data.filings.find((f) => f._id === res.body.data._id)!;
}

/** A complete plan body on the filing: 电工 level 4, theory and practical, its site and people. */
export const planBody = (f: FilingOptions, extra: Record<string, unknown> = {}) => ({
  name: '2026年电工四级评价',
  record_application_id: f._id,
  occupation_code: '6-31-01-03',
  level: 4,
  methods: [
    { method: 1, full_mark: 100, pass_mark: 60 },
    { method: 2, full_mark: 100, pass_mark: 60 },
  ],
  start_date: '2026-12-01',
  end_date: '2026-12-05',
  site_id: f.sites[0]._id,
  examiner_ids: f.examiners.map((e) => e._id),
  supervisor_ids: f.supervisors.map((s) => s._id),
  publicity_days: 7,
  ...extra,
});

/** Creates a plan through the API; answers its detail. */
export async function createPlan(
  app: FastifyInstance,
  token: string,
  body: object,
): Promise<LevelEvaluationDetail> {
  const res = await api<LevelEvaluationDetail>(app, 'POST', '/api/levelEvaluations', { token, body });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

/**
 * Candidates written directly (the candidate routes are tested on their own), with `result` set or left null,
 * and the plan's counts kept as the candidate routes keep them.
 */
export async function addCandidates(
  app: FastifyInstance,
  planId: string,
  n: number,
  result: 1 | 2 | null = null,
): Promise<void> {
  const [{ start }] = await app.db
    .select({ start: sql<number>`count(*)`.mapWith(Number) })
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, planId));
  await app.db.insert(levelEvaluationCandidates).values(
    Array.from({ length: n }, (_, i) => ({
      evaluationId: planId,
      name: `考生${start + i + 1}`,
      idNumber: testIdNumber(start + i + 1),
      result,
      sort: start + i,
    })),
  );
  await recount(app, planId);
}

/** The plan's counts as the candidate routes keep them. */
async function recount(app: FastifyInstance, planId: string): Promise<void> {
  await app.db
    .update(levelEvaluations)
    .set({
      candidateCount: sql`(select count(*) from ${levelEvaluationCandidates} where evaluation_id = ${planId})`,
      passCount: sql`(select count(*) from ${levelEvaluationCandidates} where evaluation_id = ${planId} and result = 1)`,
    })
    .where(eq(levelEvaluations.id, planId));
}

/** Every candidate of the plan gets this result. */
export async function setResults(app: FastifyInstance, planId: string, result: 1 | 2): Promise<void> {
  await app.db
    .update(levelEvaluationCandidates)
    .set({ result })
    .where(eq(levelEvaluationCandidates.evaluationId, planId));
  await recount(app, planId);
}
