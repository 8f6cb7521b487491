/** Archives for the archive tests, the demo and the benchmark: a plan brought to a state, with its archive open. */
import { ArchiveKind } from '@skill-cert/shared/archive';
import {
  CertificateSource,
  CertificateStatus,
  type CertificateStatusValue,
} from '@skill-cert/shared/certificate';
import { CompanyRole } from '@skill-cert/shared/company';
import { EvaluationStatus } from '@skill-cert/shared/levelEvaluation';
import type { DbOrTx } from '../../db/client.ts';
import { companyScope } from '../../lib/company-scope.ts';
import { seedConfirmedGrant } from '../certificate-grants/grant-fixtures.ts';
import { seedCertificateRows, testCertificateNo } from '../certificates/library-fixtures.ts';
import { archiveOpeningOf, candidatePage } from '../level-evaluations/archive-source.ts';
import { findPlan } from '../level-evaluations/plans.ts';
import { recountPlan, seedGrantablePlan } from '../level-evaluations/test-grant-plans.ts';
import { openArchive } from './open.ts';

/** Opens the archive of a plan written directly (as approval would): answers the archive id. */
export async function openPlanArchive(db: DbOrTx, companyId: string, planId: string): Promise<string> {
  const plan = await findPlan(db, companyScope(companyId, CompanyRole.ADMIN), planId);
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
  await recountPlan(db, planId);
  const grantId = await seedConfirmedGrant(db, companyId, planId, candidateIds.length);
  const candidates = await candidatePage(db, planId, null, candidateIds.length + 1);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const serialBase = Math.floor(Math.random() * 900_000);
  await seedCertificateRows(
    db,
    candidateIds.map((id, i) => {
      const c = byId.get(id);
      const revoked = opts.revokeFirst && i === 0;
      return {
        companyId,
        source: CertificateSource.GRANT,
        sourceId: grantId,
        rowNumber: i + 1,
        evaluationId: planId,
        candidateId: id,
        certificateNo: testCertificateNo(serialBase + i + 1),
        holderName: c?.name ?? '',
        idNumber: c?.idNumber ?? '',
        occupationCode: '6-31-01-03',
        occupationName: '电工',
        level: 4,
        issueDate: '2026-11-20',
        produceStatus: 1,
        status: (revoked ? CertificateStatus.REVOKED : CertificateStatus.VALID) as CertificateStatusValue,
        confirmedAt: new Date(),
        ...(revoked ? { revokedAt: new Date(), revokeReason: '信息有误', revokedByName: '企业管理员' } : {}),
      };
    }),
  );
  return { planId, archiveId: await openPlanArchive(db, companyId, planId), grantId };
}
