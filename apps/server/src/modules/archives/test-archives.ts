/** Archives for the archive tests, the demo and the benchmark: a plan brought to a state, with its archive open. */
import { randomUUID } from 'node:crypto';
import { ArchiveKind } from '@skill-cert/shared/archive';
import { NATIONAL_TEMPLATE_ID } from '@skill-cert/shared/certificate';
import { EvaluationStatus } from '@skill-cert/shared/levelEvaluation';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { certificateGrants } from '../certificate-grants/tables.ts';
import { seedCertificate } from '../certificates/library-fixtures.ts';
import { archiveOpeningOf } from '../level-evaluations/archive-source.ts';
import { levelEvaluationCandidates, levelEvaluations } from '../level-evaluations/tables.ts';
import { seedGrantablePlan } from '../level-evaluations/test-grant-plans.ts';
import { openArchive } from './open.ts';

/** Opens the archive of a plan written directly (as approval would): answers the archive id. */
export async function openPlanArchive(db: DbOrTx, planId: string): Promise<string> {
  const [plan] = await db.select().from(levelEvaluations).where(eq(levelEvaluations.id, planId));
  if (!plan) throw new Error(`plan ${planId} missing`);
  const id = await openArchive(db, ArchiveKind.EVALUATION, archiveOpeningOf(plan), {
    id: null,
    name: '系统',
  });
  if (!id) throw new Error(`plan ${planId} has an archive already`);
  return id;
}

/**
 * A plan 已发证 of the company: `passed` 合格 candidates and one 不合格, a confirmed grant with one valid certificate
 * per 合格 candidate (the first one revoked when `revokeFirst`), and its archive open. Written directly.
 */
export async function seedGrantedArchive(
  db: DbOrTx,
  companyId: string,
  opts: { passed?: number; revokeFirst?: boolean; status?: number } = {},
): Promise<{ planId: string; archiveId: string; grantId: string }> {
  const { planId, candidateIds } = await seedGrantablePlan(db, companyId, {
    passed: opts.passed ?? 3,
    status: opts.status ?? EvaluationStatus.GRANTED,
  });
  await db
    .update(levelEvaluations)
    .set({
      candidateCount: candidateIds.length + 1,
      passCount: candidateIds.length,
    })
    .where(eq(levelEvaluations.id, planId));
  const [grant] = await db
    .insert(certificateGrants)
    .values({
      companyId,
      evaluationId: planId,
      templateId: NATIONAL_TEMPLATE_ID,
      template: { template_name: '职业技能等级证书' } as CertificateTemplate,
      issueDate: '2026-11-20',
      status: 2,
      total: candidateIds.length,
      successCount: candidateIds.length,
      createdBy: randomUUID(),
      createdByName: '企业管理员',
      confirmedAt: new Date(),
    })
    .returning({ id: certificateGrants.id });
  if (!grant) throw new Error('grant not inserted');
  const candidates = await db
    .select()
    .from(levelEvaluationCandidates)
    .where(eq(levelEvaluationCandidates.evaluationId, planId));
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const serialBase = Math.floor(Math.random() * 900_000);
  for (const [i, id] of candidateIds.entries()) {
    const c = byId.get(id);
    const revoked = opts.revokeFirst && i === 0;
    await seedCertificate(db, companyId, serialBase + i + 1, {
      sourceId: grant.id,
      rowNumber: i + 1,
      evaluationId: planId,
      candidateId: id,
      holderName: c?.name ?? '',
      idNumber: c?.idNumber ?? '',
      status: revoked ? 2 : 1,
      ...(revoked ? { revokedAt: new Date(), revokeReason: '信息有误', revokedByName: '企业管理员' } : {}),
    });
  }
  return { planId, archiveId: await openPlanArchive(db, planId), grantId: grant.id };
}
