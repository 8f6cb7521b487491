/**
 * What the grant tests, the numbering proof and the benchmark share: an approved plan ready to grant (the company's
 * codes, a filed site with its code, 合格 candidates), inserted directly, and waiting for a grant's rendering to end.
 */

import { parseCertificateNumber } from '@skill-cert/shared/certificate';
import type { GrantDetail } from '@skill-cert/shared/certificateGrant';
import { CandidateResult, EvaluationStatus } from '@skill-cert/shared/levelEvaluation';
import { TemplateKey } from '@skill-cert/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api } from '../../../test/harness.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../companies/tables.ts';
import { within } from '../custom-certificates/test-fixtures.ts';
import { levelEvaluationCandidates, levelEvaluations } from '../level-evaluations/tables.ts';
import { seedPlan, validId } from '../level-evaluations/test-plans.ts';
import { recordSites } from '../records/tables.ts';
import { insertApprovedRecord } from '../records/testing.ts';

/** The company's filing codes (kept when it has them) and a filed site with a code: answers the filing and site. */
export async function seedFilingWithCodes(
  db: DbOrTx,
  companyId: string,
  codes: { institution?: string; site?: string } = {},
): Promise<{ filingId: string; siteId: string }> {
  await db
    .update(companies)
    .set({ institutionCode: codes.institution ?? '0001' })
    .where(and(eq(companies.id, companyId), isNull(companies.institutionCode)));
  await db
    .update(companies)
    .set({ regionCode: '110108' })
    .where(and(eq(companies.id, companyId), isNull(companies.regionCode)));
  const filingId = await insertApprovedRecord(db, companyId);
  const [site] = await db
    .insert(recordSites)
    .values({
      applicationId: filingId,
      name: '一号实训楼',
      regionCode: '110108',
      address: '中关村大街1号',
      siteCode: codes.site ?? '000001',
    })
    .returning({ id: recordSites.id });
  return { filingId, siteId: site.id };
}

/**
 * A plan 已通过 of the company at a filed site with codes: `passed` 合格 candidates (the first `withPhoto` of them with
 * `photoFileId`) and one 不合格. Answers the plan and its 合格 candidates' ids in order.
 */
export async function seedGrantablePlan(
  db: DbOrTx,
  companyId: string,
  opts: {
    passed?: number;
    filing?: { filingId: string; siteId: string };
    photoFileId?: string;
    withPhoto?: number;
    firstId?: number;
    status?: number;
  } = {},
): Promise<{ planId: string; candidateIds: string[] }> {
  const filing = opts.filing ?? (await seedFilingWithCodes(db, companyId));
  const planId = await seedPlan(db, companyId, {
    status: opts.status ?? EvaluationStatus.PASSED,
    filingId: filing.filingId,
  });
  await db.update(levelEvaluations).set({ siteId: filing.siteId }).where(eq(levelEvaluations.id, planId));
  const passed = opts.passed ?? 3;
  const first = opts.firstId ?? 0;
  const rows = Array.from({ length: passed + 1 }, (_, i) => ({
    evaluationId: planId,
    name: i === passed ? '不合格' : `考生${String(i + 1).padStart(5, '0')}`,
    idNumber: validId(first + i),
    result: i === passed ? CandidateResult.FAIL : CandidateResult.PASS,
    photoFileId: opts.photoFileId && i < (opts.withPhoto ?? passed) ? opts.photoFileId : null,
    sort: i,
  }));
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const stored = await db
      .insert(levelEvaluationCandidates)
      .values(rows.slice(i, i + 1000))
      .returning({ id: levelEvaluationCandidates.id, result: levelEvaluationCandidates.result });
    ids.push(...stored.filter((s) => s.result === CandidateResult.PASS).map((s) => s.id));
  }
  return { planId, candidateIds: ids };
}

export async function getGrant(app: FastifyInstance, token: string, id: string): Promise<GrantDetail> {
  const res = await api<GrantDetail>(app, 'GET', `/api/certificateGrants/${id}`, { token });
  if (res.body.code !== 200) throw new Error(`grant ${id}: ${res.body.message}`);
  return res.body.data;
}

/** Resolves when the grant's rendering ended (its create_level_evaluate_certificate_done was stored). */
export async function waitForGrant(
  app: FastifyInstance,
  token: string,
  id: string,
  ms = 120_000,
): Promise<GrantDetail> {
  let stop = () => {};
  const ended = new Promise<void>((resolve) => {
    stop = app.messenger.onStored((rows) => {
      if (rows.some((r) => r.templateKey === TemplateKey.LEVEL_CERTIFICATE_DONE && r.relatedId === id))
        resolve();
    });
  });
  try {
    const now = await getGrant(app, token, id);
    if (now.status !== 0) return now;
    await within(ended, ms, () => `grant ${id} still generating after ${ms} ms`);
    return await getGrant(app, token, id);
  } finally {
    stop();
  }
}

/** 8,000 numbers of one prefix, year and level: serials 1..8000 once each, each grant's a consecutive run. */
export function expectConsecutive(rows: { no: string | null; sourceId: string }[]): void {
  expect(rows).toHaveLength(8000);
  const serials = rows.map((r) => parseCertificateNumber(r.no as string)?.serial as number);
  expect(new Set(rows.map((r) => (r.no as string).slice(0, 16))).size).toBe(1);
  expect([...serials].sort((a, b) => a - b)).toEqual(Array.from({ length: 8000 }, (_, i) => i + 1));
  const bySource = new Map<string, number[]>();
  for (const [i, r] of rows.entries())
    bySource.set(r.sourceId, [...(bySource.get(r.sourceId) ?? []), serials[i]]);
  expect(bySource.size).toBe(8);
  for (const own of bySource.values()) {
    own.sort((a, b) => a - b);
    expect([own.length, own[own.length - 1] - own[0]]).toEqual([1000, 999]);
  }
}
