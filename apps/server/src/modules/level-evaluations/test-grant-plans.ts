/**
 * Plans ready to grant (issue 21), for the grant and numbering tests and the benchmark: an approved filing with its
 * codes, a filed site with its code, 合格 candidates; inserted directly, without the plan routes.
 */
import { CandidateResult, EvaluationStatus } from '@skill-cert/shared/levelEvaluation';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyCodes, setInstitutionCode } from '../companies/institution-codes.ts';
import { insertApprovedRecord, insertFiledSite } from '../records/testing.ts';
import { levelEvaluationCandidates, levelEvaluations } from './tables.ts';
import { seedPlan, validId } from './test-plans.ts';

/** The company's filing codes (kept when it has them) and a filed site with a code: answers the filing and site. */
export async function seedFilingWithCodes(
  db: DbOrTx,
  companyId: string,
  codes: { institution?: string; site?: string } = {},
): Promise<{ filingId: string; siteId: string }> {
  if (!(await companyCodes(db, companyId)).institutionCode)
    await setInstitutionCode(db, companyId, codes.institution ?? '0001');
  const filingId = await insertApprovedRecord(db, companyId);
  const siteId = await insertFiledSite(db, filingId, codes.site ?? '000001');
  return { filingId, siteId };
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

/** The plan's candidate and 合格 counts recounted from its candidates, as the candidate routes keep them. */
export async function recountPlan(db: DbOrTx, planId: string): Promise<void> {
  await db
    .update(levelEvaluations)
    .set({
      candidateCount: sql`(select count(*) from ${levelEvaluationCandidates} where evaluation_id = ${planId})`,
      passCount: sql`(select count(*) from ${levelEvaluationCandidates} where evaluation_id = ${planId} and result = 1)`,
    })
    .where(eq(levelEvaluations.id, planId));
}
